import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { hostname } from 'node:os';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { seedFirstStart } from './bootstrap.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openConfiguredDatabase } from './db/database.ts';
import type { LivePublisher } from './lib/live.ts';
import { ownOrigin } from './lib/own-origin.ts';
import { ActivitiesRepository } from './modules/activities/activities.repository.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { ActivitiesService } from './modules/activities/activities.service.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CustomerDeletionRepository } from './modules/customer-deletion/customer-deletion.repository.ts';
import { customerDeletionRoutes } from './modules/customer-deletion/customer-deletion.routes.ts';
import { DeletionRunner } from './modules/customer-deletion/customer-deletion.runner.ts';
import { CustomerDeletionService } from './modules/customer-deletion/customer-deletion.service.ts';
import { LocalFileStorage } from './modules/files/file-storage.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { PublicFiles } from './modules/files/public-files.ts';
import { gatewayCommandsRoutes } from './modules/gateway-commands/gateway-commands.routes.ts';
import { createGatewayCommands } from './modules/gateway-commands/gateway-commands.wiring.ts';
import { GatewayRegistryRepository } from './modules/gateways/gateway-registry.repository.ts';
import { gatewayRegistryRoutes } from './modules/gateways/gateway-registry.routes.ts';
import { GatewayRegistryService } from './modules/gateways/gateway-registry.service.ts';
import { GatewaysQuery } from './modules/gateways/gateways.query.ts';
import { GatewaysRepository } from './modules/gateways/gateways.repository.ts';
import { gatewaysRoutes } from './modules/gateways/gateways.routes.ts';
import { GatewaysService } from './modules/gateways/gateways.service.ts';
import { GlobalSearchRepository } from './modules/global-search/global-search.repository.ts';
import { globalSearchRoutes } from './modules/global-search/global-search.routes.ts';
import { GlobalSearchService } from './modules/global-search/global-search.service.ts';
import { DeviceInbox } from './modules/ingest/device-inbox.ts';
import { instructionsRoutes } from './modules/instructions/instructions.routes.ts';
import type { InstructionsService } from './modules/instructions/instructions.service.ts';
import { createInstructions } from './modules/instructions/instructions.wiring.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { OutboxRepository } from './modules/mail/outbox.repository.ts';
import { passwordsRoutes } from './modules/passwords/passwords.routes.ts';
import { PasswordsService } from './modules/passwords/passwords.service.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { PlatformService } from './modules/platform/platform.service.ts';
import { PortalConfigRepository } from './modules/portal-config/portal-config.repository.ts';
import { portalConfigRoutes } from './modules/portal-config/portal-config.routes.ts';
import { PortalConfigService } from './modules/portal-config/portal-config.service.ts';
import { portalUsersRoutes } from './modules/portal-users/portal-users.routes.ts';
import { PortalUsersService } from './modules/portal-users/portal-users.service.ts';
import { provisioningRoutes } from './modules/provisioning/provisioning.routes.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { SocialService } from './modules/social/social.service.ts';
import { GatewayEventsQuery } from './modules/telemetry/events-query.ts';
import { GatewayEventsRepository } from './modules/telemetry/events-repository.ts';
import { RetentionJob } from './modules/telemetry/retention.ts';
import { SensorDataQuery } from './modules/telemetry/sensor-data.query.ts';
import { TelemetryRepository } from './modules/telemetry/telemetry.repository.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { TelemetryService } from './modules/telemetry/telemetry.service.ts';
import { CustomersService } from './modules/tenants/customers.service.ts';
import { TenantsRepository } from './modules/tenants/tenants.repository.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { TenantsService } from './modules/tenants/tenants.service.ts';
import { ThrottleRepository } from './modules/throttle/throttle.repository.ts';
import { ThrottleService } from './modules/throttle/throttle.service.ts';
import { createEmbeddedMessaging } from './mqtt/embedded.ts';
import { createExternalMessaging } from './mqtt/external.ts';
import type { Messaging } from './mqtt/messaging.ts';
import { accessPlugin } from './plugins/access.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { textInputPlugin } from './plugins/text-input.ts';

const WEB_DIST = new URL('../../web/dist/', import.meta.url);

export interface Portal {
  app: FastifyInstance;
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

/** TRUST_PROXY for Fastify; a hop count as proxy-addr reads it: the nearest n addresses are proxies. */
function trustedProxies(trust: Config['TRUST_PROXY']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
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

async function assemble(config: Config, logger: Logger, database: DatabaseHandle): Promise<Portal> {
  const { db } = database;
  await seedFirstStart(db, config, logger);

  // Services publish live updates through whichever broker is wired below.
  let messaging: Messaging | undefined;
  // Mailed links name the port the HTTP server actually bound (PORT=0 in tests), known once it listens.
  let httpServer: Server | undefined;
  const live: LivePublisher = { publish: (topic, payload) => messaging?.live.publish(topic, payload) };

  const tenants = new TenantsService(new TenantsRepository(db));
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
  const gatewaysRepository = new GatewaysRepository(db);
  const gateways = new GatewaysService(gatewaysRepository, live);
  const telemetryRepository = new TelemetryRepository(db);
  const telemetry = new TelemetryService(telemetryRepository, live);
  // Instructions: published to devices once the broker below is wired; their answers come through the inbox.
  const instructions = createInstructions({
    db,
    live,
    tenants,
    telemetry,
    files: new LocalFileStorage(join(config.DATA_DIR, 'files')),
    publish: async (topic, payload) => {
      if (!messaging) throw new Error('messaging not started');
      await messaging.publishToDevices(topic, payload, 2);
    },
    logger: logger.child({ component: 'instructions' }),
    deadlineScale: config.INSTRUCTION_DEADLINE_SCALE,
    staffDomains: config.STAFF_EMAIL_DOMAINS,
  });
  // Gateway commands: published like instructions; scan results and onboarding progress come through the inbox.
  const gatewayCommands = createGatewayCommands({
    db,
    live,
    logger: logger.child({ component: 'gateway-commands' }),
    gateways: { reachableGateway: (principal, mac) => gatewaysQuery.reachableGateway(principal, mac) },
    users: auth,
    devices: {
      publishToDevices: async (topic, payload, qos) => {
        if (!messaging) throw new Error('messaging not started');
        await messaging.publishToDevices(topic, payload, qos);
      },
    },
    events: telemetry,
    states: gateways,
    instructions: instructions.service,
    staffDomains: config.STAFF_EMAIL_DOMAINS,
  });
  const inbox = new DeviceInbox(
    gateways,
    telemetry,
    logger.child({ component: 'ingest' }),
    { perSecond: config.DEVICE_MAX_RATE, burst: config.DEVICE_BURST },
    instructions.inbox,
    gatewayCommands.inbox,
  );

  const brokerDeps = {
    access: {
      authenticateDevice: (mac: string, secret: string) => gateways.authenticateDevice(mac, secret),
      identifyDevice: (mac: string) => gateways.identify(mac),
      authenticateBrowser: (username: string, secret: string, clientId: string) =>
        auth.authenticateMqttToken(username, secret, clientId),
      liveBrowserPrincipals: (hashes: string[]) => auth.liveBrowserPrincipals(hashes),
    },
    inbox,
    logger: logger.child({ component: 'mqtt' }),
    sessionCheckMs: config.LIVE_SESSION_CHECK_SECONDS * 1000,
    maxPacketBytes: config.MQTT_MAX_PACKET_BYTES,
  };
  const activeMessaging: Messaging = config.MQTT_URL
    ? await createExternalMessaging({
        ...brokerDeps,
        url: config.MQTT_URL,
        clientId: config.MQTT_CLIENT_ID ?? `portal-${hostname()}-${config.PORT}`,
        shareGroup: config.MQTT_SHARE_GROUP,
        consumers: config.MQTT_CONSUMERS,
      })
    : await createEmbeddedMessaging({ ...brokerDeps, mqttPort: config.MQTT_PORT, host: config.HOST });
  messaging = activeMessaging;

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // request.ip from X-Forwarded-For only behind the proxies the operator names (TRUST_PROXY).
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // JSON calls are small; routes that take more (uploads) set their own limit.
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  httpServer = app.server;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One JSON log line per request, with the acting tenant and user.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        tenantId: request.principal?.tenantId,
        userId: request.principal?.userId,
      },
      'request',
    );
  });

  await app.register(errorsPlugin);
  await app.register(textInputPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'IoT Portal API', version: '1' } },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // Registered before the access plugin: documentation and the web app's files are public by nature.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  if (existsSync(WEB_DIST)) {
    await app.register(fastifyStatic, { root: WEB_DIST.pathname, wildcard: false });
  }
  await app.register(accessPlugin, { resolveSession: (sessionId) => auth.resolveSession(sessionId) });

  const platform = new PlatformService(config, database, () => activeMessaging, WEB_DIST);
  await app.register(platformRoutes, { platform });
  // identity-routes:begin
  const secureCookies = config.PUBLIC_URL?.startsWith('https://') ?? false;
  await app.register(authRoutes, { auth, secureCookies });
  await app.register(activitiesRoutes, { activities, auth });
  await app.register(passwordsRoutes, { passwords });
  await app.register(portalUsersRoutes, { portalUsers });
  await app.register(socialRoutes, { social, secureCookies });
  // identity-routes:end
  // Customers: hierarchy, list, create/update, images (files under DATA_DIR), portal configuration.
  const publicFiles = new PublicFiles(new LocalFileStorage(join(config.DATA_DIR, 'files')));
  await app.register(filesRoutes, { files: publicFiles });
  const customers = new CustomersService(new TenantsRepository(db), tenants, live, publicFiles);
  await app.register(tenantsRoutes, { customers });
  const portalConfig = new PortalConfigService(new PortalConfigRepository(db), tenants, live);
  await app.register(portalConfigRoutes, { portalConfig });
  const gatewaysQuery = new GatewaysQuery(gatewaysRepository, tenants, telemetry);
  await app.register(gatewaysRoutes, { query: gatewaysQuery });
  await app.register(gatewayCommandsRoutes, gatewayCommands.routes);
  // A moved gateway is disconnected from whichever broker is wired above, so it reconnects as its new tenant's.
  const devices = { disconnectDevice: (mac: string) => messaging?.disconnectDevice(mac) };
  const registry = new GatewayRegistryService(new GatewayRegistryRepository(db), gatewaysQuery, tenants, {
    live,
    devices,
    scopeChanges: gatewayCommands.commands,
    users: auth,
  });
  await app.register(gatewayRegistryRoutes, { registry });
  const retention = new RetentionJob(
    telemetryRepository,
    { rawDays: config.TELEMETRY_RETENTION_DAYS, rollupDays: config.ROLLUP_RETENTION_DAYS },
    logger.child({ component: 'retention' }),
  );
  await app.register(telemetryRoutes, {
    sensors: new SensorDataQuery(telemetryRepository, gatewaysQuery, () => retention.rawSince()),
    events: new GatewayEventsQuery(new GatewayEventsRepository(db), gatewaysQuery),
  });

  // Customer deletion (a resumable background job) and the global gateway search.
  const deletionRepository = new CustomerDeletionRepository(db);
  const deletionLogger = logger.child({ component: 'customer-deletion' });
  const deletionRunner = new DeletionRunner(deletionRepository, live, deletionLogger, {
    onGatewaysMoved: (moved, move) =>
      void registry
        .gatewaysMoved(moved, move, null)
        .catch((error: Error) => deletionLogger.warn({ err: error }, 'announcing moved gateways failed')),
  });
  await app.register(customerDeletionRoutes, {
    deletion: new CustomerDeletionService(deletionRepository, tenants, deletionRunner),
  });
  await app.register(instructionsRoutes, { instructions: instructions.service });
  await app.register(provisioningRoutes, { tenants, gateways });
  await app.register(globalSearchRoutes, {
    globalSearch: new GlobalSearchService(new GlobalSearchRepository(db), tenants),
  });

  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://x').pathname === '/mqtt')
      activeMessaging.handleUpgrade(request, socket, head);
    else socket.destroy();
  });

  // Shutdown order: HTTP stops taking requests and finishes in-flight ones (Fastify), then the broker
  // stops taking device traffic and stores what it took, then the database closes.
  app.addHook('onClose', async () => {
    retention.stop();
    await mailer.stop();
    await deletionRunner.stop();
    await instructions.deadlines.stop();
    await activeMessaging.close();
    await database.close();
  });

  try {
    await activeMessaging.start();
    await app.ready();
    retention.start();
    mailer.start();
    deletionRunner.start();
    instructions.deadlines.start();
  } catch (error) {
    await activeMessaging.close().catch(() => {});
    throw error;
  }
  return {
    app,
    config,
    database,
    messaging: activeMessaging,
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
      instructions: instructions.service,
    },
    retention,
    deletionRunner,
    inbox,
    logger,
  };
}
