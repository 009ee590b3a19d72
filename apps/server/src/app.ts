import type { Logger } from 'pino';
import pino from 'pino';
import { seedFirstStart } from './bootstrap.ts';
import { createMessaging } from './broker.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openConfiguredDatabase } from './db/database.ts';
import { createHttpApp } from './http.ts';
import type { EventEmitting } from './lib/events.ts';
import { JobQueue } from './lib/jobs.ts';
import type { PortalApp } from './lib/module.ts';
import { ownOrigin } from './lib/own-origin.ts';
import { requestLogMixin } from './lib/request-context.ts';
import type { AlertEngine, AlertRulesReader } from './modules/alert-engine/index.ts';
import type { DeletionRunner } from './modules/customer-deletion/index.ts';
import type { DeviceInbox } from './modules/ingest/index.ts';
import { createMetricsModule } from './modules/metrics/index.ts';
import type { RetentionJob } from './modules/telemetry/index.ts';
import type { Messaging } from './mqtt/messaging.ts';
import { BrokerLink } from './mqtt/outbound.ts';
import { accessPlugin } from './plugins/access.ts';
import { auditContextPlugin } from './plugins/audit-context.ts';
import { backupPlugin } from './plugins/backup.ts';
import { createMetrics, listenMetrics, metricsPlugin } from './plugins/metrics.ts';
import { type PortalServices, WEB_DIST, wireModules } from './wiring.ts';

export interface Portal {
  app: PortalApp;
  config: Config;
  database: DatabaseHandle;
  /** The job queue of the outboxes and scheduled work (lib/jobs.ts, docs/jobs.md). */
  jobs: JobQueue;
  messaging: Messaging;
  services: PortalServices;
  retention: RetentionJob;
  /** The alert engine (docs/alert-engine.md); tests tick it and attach rules of their own. */
  alertEngine: { engine: AlertEngine; attachRules(reader: AlertRulesReader): void };
  /** Runs customer deletions; tests stop it and drive a runner of their own. */
  deletionRunner: DeletionRunner;
  inbox: DeviceInbox;
  /** The portal's event bus (lib/events.ts); the webhook bench emits `notable` events on it. */
  events: EventEmitting;
  logger: Logger;
  /** Prometheus text of every metric (what /metrics answers), and METRICS_PORT's bound port when set. */
  metrics: { scrape(): Promise<string>; port: number | null };
}

/** The portal's JSON logger; a line written while a request is handled carries its reqId (request-context.ts). */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service: 'portal' }, mixin: requestLogMixin }, destination);
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
 * The portal from its modules: the broker (which asks them who connects and hands ingest the device
 * traffic), HTTP with every module's routes behind the access plugin, and the background work, started once
 * everything is ready and stopped in reverse before the broker and the database close.
 */
async function assemble(config: Config, logger: Logger, database: DatabaseHandle): Promise<Portal> {
  await seedFirstStart(database.db, config, logger);
  // Started before the modules (they declare and work queues in their start) and stopped after them.
  const jobs = new JobQueue(database, logger.child({ component: 'jobs' }));
  await jobs.start();
  try {
    return await assembleModules(config, logger, database, jobs);
  } catch (error) {
    await jobs.stop().catch(() => {});
    throw error;
  }
}

async function assembleModules(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
  jobs: JobQueue,
): Promise<Portal> {
  const link = new BrokerLink();
  let app: PortalApp | undefined;
  // Mailed links name the port the HTTP server actually bound (PORT=0 in tests), known once it listens.
  const metrics = createMetrics();
  const wired = wireModules(
    config,
    logger,
    database,
    jobs,
    link,
    () => ownOrigin(config, app?.server.address()),
    metrics.meter,
  );
  const { modules } = wired;

  const messaging = await createMessaging(config, {
    access: wired.access,
    inbox: wired.inbox,
    logger: logger.child({ component: 'mqtt' }),
    db: database.db,
    meter: metrics.meter,
  });
  link.attach(messaging);
  modules.push(
    createMetricsModule({
      db: database.db,
      meter: metrics.meter,
      logger,
      poolStats: () => database.poolStats(),
      liveStats: () => messaging.liveStats(),
    }),
  );

  app = await createHttpApp(config, logger, WEB_DIST);
  await app.register(metricsPlugin, { ...metrics, token: config.METRICS_TOKEN });
  if (database.dumpEmbedded) {
    await app.register(backupPlugin, { dataDir: config.DATA_DIR, dump: database.dumpEmbedded });
  }
  await app.register(accessPlugin, {
    resolveSession: wired.resolveSession,
    resolveApiKey: wired.resolveApiKey,
    countCall: wired.countApiCall,
  });
  await app.register(auditContextPlugin);
  for (const module of modules) await module.routes?.(app);
  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://x').pathname === '/mqtt')
      messaging.handleUpgrade(request, socket, head);
    else socket.destroy();
  });

  // Shutdown order: HTTP stops taking requests and finishes in-flight ones (Fastify), background work stops,
  // then the broker stops taking device traffic and stores what it took, then the database closes.
  let metricsPort: Awaited<ReturnType<typeof listenMetrics>> | undefined;
  app.addHook('onClose', async () => {
    await metricsPort?.close();
    for (const module of [...modules].reverse()) await module.stop?.();
    await jobs.stop();
    await messaging.close();
    await database.close();
  });

  try {
    await messaging.start();
    await app.ready();
    if (config.METRICS_PORT !== undefined) {
      metricsPort = await listenMetrics(metrics.registry, {
        port: config.METRICS_PORT,
        host: config.HOST,
        token: config.METRICS_TOKEN,
      });
    }
    for (const module of modules) module.start?.();
  } catch (error) {
    await messaging.close().catch(() => {});
    throw error;
  }
  return {
    app,
    config,
    database,
    jobs,
    messaging,
    services: wired.services,
    retention: wired.retention,
    alertEngine: wired.alertEngine,
    deletionRunner: wired.deletionRunner,
    inbox: wired.inbox,
    events: wired.events,
    logger,
    metrics: { scrape: () => metrics.registry.metrics(), port: metricsPort?.port ?? null },
  };
}
