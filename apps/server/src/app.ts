import type { Server } from 'node:http';
import type { Logger } from 'pino';
import pino from 'pino';
import { seedFirstStart } from './bootstrap.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openConfiguredDatabase } from './db/database.ts';
import { createHttpApp } from './http.ts';
import type { ModuleParts, PortalApp } from './lib/module.ts';
import { ownOrigin } from './lib/own-origin.ts';
import { ActivitiesRepository } from './modules/activities/activities.repository.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { ActivitiesService } from './modules/activities/activities.service.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { createCustomerDeletionModule, type DeletionRunner } from './modules/customer-deletion/index.ts';
import { createFilesModule } from './modules/files/index.ts';
import { createGatewayCommandsModule } from './modules/gateway-commands/index.ts';
import { createGatewaysModule, type GatewaysService } from './modules/gateways/index.ts';
import { createGlobalSearchModule } from './modules/global-search/index.ts';
import { createIngestModule, type DeviceInbox } from './modules/ingest/index.ts';
import { createInstructionsModule, type InstructionsService } from './modules/instructions/index.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { OutboxRepository } from './modules/mail/outbox.repository.ts';
import { passwordsRoutes } from './modules/passwords/passwords.routes.ts';
import { PasswordsService } from './modules/passwords/passwords.service.ts';
import { createPlatformModule } from './modules/platform/index.ts';
import { createPortalConfigModule } from './modules/portal-config/index.ts';
import { portalUsersRoutes } from './modules/portal-users/portal-users.routes.ts';
import { PortalUsersService } from './modules/portal-users/portal-users.service.ts';
import { createProvisioningModule } from './modules/provisioning/index.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { SocialService } from './modules/social/social.service.ts';
import {
  createTelemetryModule,
  type RetentionJob,
  type TelemetryService,
} from './modules/telemetry/index.ts';
import { createTenantsModule, type TenantsService } from './modules/tenants/index.ts';
import { ThrottleRepository } from './modules/throttle/throttle.repository.ts';
import { ThrottleService } from './modules/throttle/throttle.service.ts';
import { createMessaging } from './mqtt/create-messaging.ts';
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
    auth: AuthService;
    activities: ActivitiesService;
    mailer: Mailer;
    passwords: PasswordsService;
    portalUsers: PortalUsersService;
    social: SocialService;
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
  const throttle = new ThrottleService(new ThrottleRepository(db));
  const activities = new ActivitiesService(new ActivitiesRepository(db));
  const auth = new AuthService(new AuthRepository(db), tenants, {
    throttle,
    activities,
    live,
    staffDomains: config.STAFF_EMAIL_DOMAINS,
  });
  const mailer = new Mailer(
    new OutboxRepository(db),
    { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM },
    logger.child({ component: 'mail' }),
  );
  const passwords = new PasswordsService(db, {
    mailer,
    throttle,
    origin: () => ownOrigin(config, httpServer?.address()),
  });
  const portalUsers = new PortalUsersService(db, { tenants, passwords, activities, live });
  const social = new SocialService(db, config, { auth, portalUsers, activities });
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
    users: auth,
  });
  const { gateways } = gatewaysModule;
  const instructionsModule = createInstructionsModule({
    db,
    live,
    devices: broker,
    tenants,
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
    users: auth,
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
        auth.authenticateMqttToken(username, secret, clientId),
      liveBrowserPrincipals: (hashes) => auth.liveBrowserPrincipals(hashes),
    },
    inbox,
    logger: logger.child({ component: 'mqtt' }),
  });
  broker.attach(messaging);

  const app = await createHttpApp(config, logger, WEB_DIST);
  httpServer = app.server;
  await app.register(accessPlugin, { resolveSession: (sessionId) => auth.resolveSession(sessionId) });
  const platform = createPlatformModule({
    config,
    database,
    broker: () => ({ ok: messaging.healthy(), mode: messaging.mode }),
    webDist: WEB_DIST,
  });
  await platform.routes?.(app);
  // identity-routes:begin
  const secureCookies = config.PUBLIC_URL?.startsWith('https://') ?? false;
  await app.register(authRoutes, { auth, secureCookies });
  await app.register(activitiesRoutes, { activities, auth });
  await app.register(passwordsRoutes, { passwords });
  await app.register(portalUsersRoutes, { portalUsers });
  await app.register(socialRoutes, { social, secureCookies });
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
    await mailer.stop();
    for (const module of [...modules].reverse()) await module.stop?.();
    await messaging.close();
    await database.close();
  });

  try {
    await messaging.start();
    await app.ready();
    mailer.start();
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
      auth,
      gateways,
      telemetry,
      tenants,
      activities,
      mailer,
      passwords,
      portalUsers,
      social,
      instructions: instructionsModule.instructions,
    },
    retention: telemetryModule.retention,
    deletionRunner: deletionModule.runner,
    inbox,
    logger,
  };
}
