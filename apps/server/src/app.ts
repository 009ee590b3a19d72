import type { Logger } from 'pino';
import pino from 'pino';
import { seedFirstStart } from './bootstrap.ts';
import { createMessaging } from './broker.ts';
import type { Config } from './config.ts';
import { AnalyzeJob } from './db/analyze-job.ts';
import { type DatabaseHandle, openConfiguredDatabase } from './db/database.ts';
import { createHttpApp } from './http.ts';
import type { ModuleParts, PortalApp } from './lib/module.ts';
import { ownOrigin } from './lib/own-origin.ts';
import type { Principal } from './lib/principal.ts';
import { type ActivitiesService, createActivitiesModule } from './modules/activities/index.ts';
import { createAuthModule, type SessionsService } from './modules/auth/index.ts';
import { createCustomerDeletionModule, type DeletionRunner } from './modules/customer-deletion/index.ts';
import { createFilesModule } from './modules/files/index.ts';
import { createGatewayCommandsModule } from './modules/gateway-commands/index.ts';
import { createGatewaysModule, type GatewaysService } from './modules/gateways/index.ts';
import { createGlobalSearchModule } from './modules/global-search/index.ts';
import { createIngestModule, type DeviceInbox } from './modules/ingest/index.ts';
import { createInstructionsModule, type InstructionsService } from './modules/instructions/index.ts';
import { createLockAccessModule, type LockAccessService } from './modules/lock-access/index.ts';
import { createLockUsersModule, type LockUsersService } from './modules/lock-users/index.ts';
import { createLocksModule, type LocksService } from './modules/locks/index.ts';
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
import type { BrokerAccess, DeviceMessageSink, Messaging } from './mqtt/messaging.ts';
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
    locks: LocksService;
    lockUsers: LockUsersService;
    lockAccess: LockAccessService;
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
 * The modules, each built by its own wiring from the services of the modules before it, in the order their
 * routes are registered and their background work starts (it stops in reverse). Modules reach browsers and
 * gateways through `link`, attached to the broker once that is built.
 */
function wireModules(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
  link: BrokerLink,
  /** The portal's own address for mailed links, known once HTTP listens. */
  origin: () => string,
) {
  const { db } = database;
  const live = link;
  const files = createFilesModule({ dataDir: config.DATA_DIR });
  const tenantsModule = createTenantsModule({ db, live, files: files.publicFiles });
  const { tenants } = tenantsModule;

  // Identity: users, sessions and sign-in, two-factor, passwords, portal users, social, activities, mail.
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
  const passwordsModule = createPasswordsModule({ db, users, mailer, throttle, origin });
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

  // Gateways and what they report, answer and are told.
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
    devices: link,
    users,
  });
  const { gateways } = gatewaysModule;
  const instructionsModule = createInstructionsModule({
    db,
    live,
    devices: link,
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
    devices: link,
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
  // Locks behind the gateways (their reports, lists, mode), and the people who open them.
  const locksModule = createLocksModule({
    db,
    live,
    tenants,
    instructions: instructionsModule.instructions,
    logger,
  });
  gatewaysModule.registry.onMoved(locksModule.gatewayMoved);
  const lockUsersModule = createLockUsersModule({ db, live, tenants });
  // The delivery ledger: access given and taken away, one lock command at a time per gateway.
  const lockAccessModule = createLockAccessModule({
    db,
    live,
    tenants,
    instructions: instructionsModule.instructions,
    logger,
    settings: {
      retryBaseMs: config.LOCK_ACCESS_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: config.LOCK_ACCESS_RETRY_MAX_SECONDS * 1000,
      maxAttempts: config.LOCK_ACCESS_MAX_ATTEMPTS,
      revokeDeadlineMs: config.LOCK_REVOKE_DEADLINE_MINUTES * 60_000,
    },
  });
  const { inbox } = createIngestModule({
    logger,
    rate: { perSecond: config.DEVICE_MAX_RATE, burst: config.DEVICE_BURST },
    gateways,
    telemetry,
    // A gateway back: pending instructions are sent again, then the ledger's queue resumes. Not awaited by
    // the status message's handler: behind an external broker its QoS 2 publishes would wait for packets the
    // same connection reads only once that handler is done.
    instructions: {
      ...instructionsModule.inbox,
      gatewayOnline: async (device) => {
        void (async () => {
          await instructionsModule.inbox.gatewayOnline(device);
          await lockAccessModule.gatewayOnline(device);
        })().catch((error) => logger.warn({ err: error, mac: device.mac }, 'gateway back: resume failed'));
      },
    },
    commands: commandsModule.inbox,
    locks: locksModule.reports,
  });

  const modules: ModuleParts[] = [
    createPlatformModule({ config, database, broker: () => link.status(), webDist: WEB_DIST }),
    authModule,
    activitiesModule,
    passwordsModule,
    portalUsersModule,
    socialModule,
    mailModule,
    files,
    tenantsModule,
    createPortalConfigModule({ db, live, tenants }),
    gatewaysModule,
    commandsModule,
    telemetryModule,
    telemetryModule.reads(gatewaysModule.query),
    deletionModule,
    instructionsModule,
    locksModule,
    lockUsersModule,
    lockAccessModule,
    createProvisioningModule({ tenants, gateways }),
    createGlobalSearchModule({ db, tenants }),
    // PGlite has no autovacuum: the planner's statistics are refreshed here.
    ...(database.backend === 'pglite' ? [new AnalyzeJob(db, logger)] : []),
  ];
  // What the broker asks about who connects, and where device messages go.
  const access: BrokerAccess = {
    authenticateDevice: (mac, secret) => gateways.authenticateDevice(mac, secret),
    identifyDevice: (mac) => gateways.identify(mac),
    authenticateBrowser: (username, secret, clientId) =>
      mqttTokens.authenticateMqttToken(username, secret, clientId),
    liveBrowserPrincipals: (hashes) => mqttTokens.liveBrowserPrincipals(hashes),
  };
  const services: Portal['services'] = {
    auth: sessions,
    gateways,
    telemetry,
    tenants,
    activities,
    mailer,
    passwords,
    portalUsers,
    signUp,
    social: socialModule.social,
    socialAccounts: socialModule.accounts,
    instructions: instructionsModule.instructions,
    locks: locksModule.locks,
    lockUsers: lockUsersModule.lockUsers,
    lockAccess: lockAccessModule.lockAccess,
  };
  return {
    modules,
    services,
    access,
    inbox: inbox satisfies DeviceMessageSink,
    resolveSession: (sessionId: string): Promise<Principal | null> => sessions.resolveSession(sessionId),
    retention: telemetryModule.retention,
    deletionRunner: deletionModule.runner,
  };
}

/**
 * The portal from its modules: the broker (which asks them who connects and hands ingest the device
 * traffic), HTTP with every module's routes behind the access plugin, and the background work, started once
 * everything is ready and stopped in reverse before the broker and the database close.
 */
async function assemble(config: Config, logger: Logger, database: DatabaseHandle): Promise<Portal> {
  await seedFirstStart(database.db, config, logger);
  const link = new BrokerLink();
  let app: PortalApp | undefined;
  // Mailed links name the port the HTTP server actually bound (PORT=0 in tests), known once it listens.
  const wired = wireModules(config, logger, database, link, () => ownOrigin(config, app?.server.address()));
  const { modules } = wired;

  const messaging = await createMessaging(config, {
    access: wired.access,
    inbox: wired.inbox,
    logger: logger.child({ component: 'mqtt' }),
  });
  link.attach(messaging);

  app = await createHttpApp(config, logger, WEB_DIST);
  await app.register(accessPlugin, { resolveSession: wired.resolveSession });
  for (const module of modules) await module.routes?.(app);
  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://x').pathname === '/mqtt')
      messaging.handleUpgrade(request, socket, head);
    else socket.destroy();
  });

  // Shutdown order: HTTP stops taking requests and finishes in-flight ones (Fastify), background work stops,
  // then the broker stops taking device traffic and stores what it took, then the database closes.
  app.addHook('onClose', async () => {
    for (const module of [...modules].reverse()) await module.stop?.();
    await messaging.close();
    await database.close();
  });

  try {
    await messaging.start();
    await app.ready();
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
    services: wired.services,
    retention: wired.retention,
    deletionRunner: wired.deletionRunner,
    inbox: wired.inbox,
    logger,
  };
}
