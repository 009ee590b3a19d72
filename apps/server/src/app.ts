import type { Server } from 'node:http';
import type { Logger } from 'pino';
import pino from 'pino';
import { seedFirstStart } from './bootstrap.ts';
import { createMessaging } from './broker.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openConfiguredDatabase } from './db/database.ts';
import { createHttpApp } from './http.ts';
import type { ModuleParts, PortalApp } from './lib/module.ts';
import { ownOrigin } from './lib/own-origin.ts';
import { type ActivitiesService, createActivitiesModule } from './modules/activities/index.ts';
import { createAuthModule, type SessionsService } from './modules/auth/index.ts';
import { createCustomerDeletionModule, type DeletionRunner } from './modules/customer-deletion/index.ts';
import { createFilesModule } from './modules/files/index.ts';
import { createGatewayCommandsModule } from './modules/gateway-commands/index.ts';
import { createGatewaysModule, type GatewaysService } from './modules/gateways/index.ts';
import { createGlobalSearchModule } from './modules/global-search/index.ts';
import { createIngestModule, type DeviceInbox } from './modules/ingest/index.ts';
import { createInstructionsModule, type InstructionsService } from './modules/instructions/index.ts';
import { createMailModule, type Mailer } from './modules/mail/index.ts';
import { createPasswordsModule, type PasswordsService } from './modules/passwords/index.ts';
import { createPlatformModule } from './modules/platform/index.ts';
import { createPortalConfigModule } from './modules/portal-config/index.ts';
import {
  createPortalUsersModule,
  type PortalUsersService,
  type SignUpService,
} from './modules/portal-users/index.ts';
import { createProvisioningModule } from './modules/provisioning/index.ts';
import {
  createSocialModule,
  type SocialAccountsService,
  type SocialService,
} from './modules/social/index.ts';
import {
  createTelemetryModule,
  type RetentionJob,
  type TelemetryService,
} from './modules/telemetry/index.ts';
import { createTenantsModule, type TenantsService } from './modules/tenants/index.ts';
import { createThrottleModule } from './modules/throttle/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import type { Messaging } from './mqtt/messaging.ts';
import { BrokerLink } from './mqtt/outbound.ts';
import { accessPlugin } from './plugins/access.ts';

const WEB_DIST = new URL('../../web/dist/', import.meta.url);

export interface Portal {
  app: PortalApp;
  config: Config;
  database: DatabaseHandle;
  messaging: Messaging;
  services: {
    auth: SessionsService;
    activities: ActivitiesService;
    mailer: Mailer;
    passwords: PasswordsService;
    portalUsers: PortalUsersService;
    signUp: SignUpService;
    social: SocialService;
    socialAccounts: SocialAccountsService;
    gateways: GatewaysService;
    telemetry: TelemetryService;
    tenants: TenantsService;
    instructions: InstructionsService;
  };
  retention: RetentionJob;
  /** Runs customer deletions; tests stop it and drive a runner of their own. */
  deletionRunner: DeletionRunner;
  inbox: DeviceInbox;
  logger: Logger;
}

export function createLogger(config: Config): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service: 'portal' } });
}

/**
 * Builds the whole portal without listening on HTTP: database (migrated, seeded), broker, routes.
 * Tests inject() into `app`; server.ts listens.
 */
export async function buildApp(config: Config, logger: Logger = createLogger(config)): Promise<Portal> {
  const database = await openConfiguredDatabase(config, logger);
  try {
    return await assemble(config, logger, database);
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Orders the modules: each one's wiring builds its parts from the services of the modules before it; then
 * the broker (which asks the modules who connects and hands ingest the device traffic), the routes, and the
 * background work, started once everything is ready and stopped in reverse before the broker and database.
 */
async function assemble(config: Config, logger: Logger, database: DatabaseHandle): Promise<Portal> {
  const { db } = database;
  await seedFirstStart(db, config, logger);

  // Modules send to browsers and gateways through this link; it is attached to the broker once that is built.
  const broker = new BrokerLink();
  const live = broker;
  // Mailed links name the port the HTTP server actually bound (PORT=0 in tests), known once it listens.
  let httpServer: Server | undefined;

  const files = createFilesModule({ dataDir: config.DATA_DIR });
  const tenantsModule = createTenantsModule({ db, live, files: files.publicFiles });
  const { tenants } = tenantsModule;
  // identity:begin (users, sessions and sign-in, two-factor, passwords, portal users, social, activities, throttle, mail)
  const secureCookies = config.PUBLIC_URL?.startsWith('https://') ?? false;
  const { users } = createUsersModule({ db });
  const { throttle } = createThrottleModule({ db });
  const activitiesModule = createActivitiesModule({ db, users });
  const { activities } = activitiesModule;
  const authModule = createAuthModule({
    db,
    users,
    tenants,
    throttle,
    activities,
    live,
    staffDomains: config.STAFF_EMAIL_DOMAINS,
    secureCookies,
  });
  const { sessions, mqttTokens } = authModule;
  const mailModule = createMailModule({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const { mailer } = mailModule;
  const passwordsModule = createPasswordsModule({
    db,
    users,
    mailer,
    throttle,
    origin: () => ownOrigin(config, httpServer?.address()),
  });
  const { passwords } = passwordsModule;
  const portalUsersModule = createPortalUsersModule({
    users,
    tenants,
    throttle,
    passwords,
    activities,
    live,
  });
  const { portalUsers, signUp } = portalUsersModule;
  const socialModule = createSocialModule({ db, config, secureCookies, users, signUp, sessions });
  const { social } = socialModule;
  const identityModules: ModuleParts[] = [
    authModule,
    activitiesModule,
    passwordsModule,
    portalUsersModule,
    socialModule,
  ];
  // identity:end
  const telemetryModule = createTelemetryModule({
    db,
    live,
    logger,
    retention: { rawDays: config.TELEMETRY_RETENTION_DAYS, rollupDays: config.ROLLUP_RETENTION_DAYS },
  });
  const { telemetry } = telemetryModule;
  const gatewaysModule = createGatewaysModule({
    db,
    live,
    tenants,
    samples: telemetry,
    devices: broker,
    users,
  });
  const { gateways } = gatewaysModule;
  const instructionsModule = createInstructionsModule({
    db,
    live,
    devices: broker,
    tenants,
    users,
    telemetry,
    files: files.storage,
    logger: logger.child({ component: 'instructions' }),
    deadlineScale: config.INSTRUCTION_DEADLINE_SCALE,
    staffDomains: config.STAFF_EMAIL_DOMAINS,
  });
  const commandsModule = createGatewayCommandsModule({
    db,
    live,
    logger: logger.child({ component: 'gateway-commands' }),
    gateways: gatewaysModule.query,
    users,
    devices: broker,
    events: telemetry,
    states: gateways,
    instructions: instructionsModule.instructions,
    staffDomains: config.STAFF_EMAIL_DOMAINS,
  });
  // A gateway's moves show in its activity feed.
  gatewaysModule.registry.onMoved(commandsModule.recordScopeChange);
  const deletionModule = createCustomerDeletionModule({
    db,
    live,
    logger,
    tenants,
    registry: gatewaysModule.registry,
  });
  const { inbox } = createIngestModule({
    logger,
    rate: { perSecond: config.DEVICE_MAX_RATE, burst: config.DEVICE_BURST },
    gateways,
    telemetry,
    instructions: instructionsModule.inbox,
    commands: commandsModule.inbox,
  });

  const messaging = await createMessaging(config, {
    access: {
      authenticateDevice: (mac, secret) => gateways.authenticateDevice(mac, secret),
      identifyDevice: (mac) => gateways.identify(mac),
      authenticateBrowser: (username, secret, clientId) =>
        mqttTokens.authenticateMqttToken(username, secret, clientId),
      liveBrowserPrincipals: (hashes) => mqttTokens.liveBrowserPrincipals(hashes),
    },
    inbox,
    logger: logger.child({ component: 'mqtt' }),
  });
  broker.attach(messaging);

  const app = await createHttpApp(config, logger, WEB_DIST);
  httpServer = app.server;
  await app.register(accessPlugin, { resolveSession: (sessionId) => sessions.resolveSession(sessionId) });
  const platform = createPlatformModule({
    config,
    database,
    broker: () => ({ ok: messaging.healthy(), mode: messaging.mode }),
    webDist: WEB_DIST,
  });
  await platform.routes?.(app);
  // identity-routes:begin
  for (const module of identityModules) await module.routes?.(app);
  // identity-routes:end
  const modules: ModuleParts[] = [
    files,
    tenantsModule,
    createPortalConfigModule({ db, live, tenants }),
    gatewaysModule,
    commandsModule,
    telemetryModule,
    telemetryModule.reads(gatewaysModule.query),
    deletionModule,
    instructionsModule,
    createProvisioningModule({ tenants, gateways }),
    createGlobalSearchModule({ db, tenants }),
  ];
  for (const module of modules) await module.routes?.(app);

  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://x').pathname === '/mqtt')
      messaging.handleUpgrade(request, socket, head);
    else socket.destroy();
  });

  // Shutdown order: HTTP stops taking requests and finishes in-flight ones (Fastify), background work stops,
  // then the broker stops taking device traffic and stores what it took, then the database closes.
  app.addHook('onClose', async () => {
    await mailModule.stop();
    for (const module of [...modules].reverse()) await module.stop?.();
    await messaging.close();
    await database.close();
  });

  try {
    await messaging.start();
    await app.ready();
    mailModule.start();
    for (const module of modules) module.start?.();
  } catch (error) {
    await messaging.close().catch(() => {});
    throw error;
  }
  return {
    app,
    config,
    database,
    messaging,
    services: {
      auth: sessions,
      gateways,
      telemetry,
      tenants,
      activities,
      mailer,
      passwords,
      portalUsers,
      signUp,
      social,
      socialAccounts: socialModule.accounts,
      instructions: instructionsModule.instructions,
    },
    retention: telemetryModule.retention,
    deletionRunner: deletionModule.runner,
    inbox,
    logger,
  };
}
