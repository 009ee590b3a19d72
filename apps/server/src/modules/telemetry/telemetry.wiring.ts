import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Meter } from '../../lib/metrics.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { GatewayEventsQuery } from './events-query.ts';
import { GatewayEventsRepository } from './events-repository.ts';
import { TelemetryPartitions } from './partitions.repository.ts';
import type { ReachableGateways } from './reachable-gateways.ts';
import { RetentionJob, type StoredDaysQuotas } from './retention.ts';
import { SensorDataQuery } from './sensor-data.query.ts';
import { TelemetryRepository } from './telemetry.repository.ts';
import { telemetryRoutes } from './telemetry.routes.ts';
import { TelemetryService } from './telemetry.service.ts';

/**
 * Telemetry, in two parts wired apart: recording (samples, events, the latest values the gateways list
 * shows, retention) comes first; the chart and event read calls come after the gateways module, whose
 * reach check they ask (the gateways module itself reads the latest samples from the first part).
 */
export function createTelemetryModule(options: {
  db: Kysely<Database>;
  jobs: JobQueue;
  live: LivePublisher;
  logger: Logger;
  retention: { rawDays: number; rollupDays: number };
  /** Customers' stored-days quotas (modules/tenants, docs/quotas.md), applied by the retention job. */
  storedDays?: StoredDaysQuotas;
  /** Batch sizes and commit times of the sample writer (/metrics). */
  meter?: Meter;
}) {
  const repo = new TelemetryRepository(options.db);
  const telemetry = new TelemetryService(repo, options.live, options.meter);
  const logger = options.logger.child({ component: 'retention' });
  const retention = new RetentionJob(
    options.jobs,
    repo,
    new TelemetryPartitions(options.db),
    options.retention,
    logger,
    options.storedDays ? { db: options.db, quotas: options.storedDays } : undefined,
  );
  return {
    telemetry,
    retention,
    // The partitions ahead exist before the broker takes the first sample (the routes of all modules are
    // registered before it starts). Should that fail, the default partition takes the samples meanwhile.
    routes: async () => {
      await retention
        .ensurePartitions()
        .catch((error: Error) => logger.warn({ err: error }, 'telemetry partitions not created'));
    },
    start: () => retention.start(),
    stop: () => retention.stop(),
    /** The read calls (charts, connection log, events), checked against the gateways module's reach. */
    reads(gateways: ReachableGateways): ModuleParts {
      const sensors = new SensorDataQuery(repo, gateways, () => retention.rawSince());
      const events = new GatewayEventsQuery(new GatewayEventsRepository(options.db), gateways);
      return { routes: (app) => app.register(telemetryRoutes, { sensors, events }) };
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
