import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { Meter, Reading } from '../../lib/metrics.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { MetricsRepository } from './metrics.repository.ts';

/**
 * The portal-wide figures of /metrics read at scrape time (docs/operations.md, Metrics): the work queues and
 * the age of their oldest item, connected gateways, this instance's browsers and live fan-out, the database
 * pool. The figures of a hot path (ingest, HTTP) are reported by their own modules and plugins.
 */
export function createMetricsModule(options: {
  db: Kysely<Database>;
  meter: Meter;
  logger: Logger;
  poolStats: () => { total: number; idle: number; waiting: number };
  liveStats: () => { browsers: number; relayedToBrowsers: number };
}): ModuleParts {
  const { meter, logger } = options;
  const repo = new MetricsRepository(options.db);
  // One scrape collects every metric at once: the queues are read once for both gauges.
  let pending: Promise<Awaited<ReturnType<MetricsRepository['queues']>>> | null = null;
  const queues = () => {
    pending ??= repo.queues().finally(() => {
      pending = null;
    });
    return pending.catch((error: Error) => {
      logger.warn({ err: error }, 'metrics: queue depths not read');
      return [];
    });
  };
  meter.readings(
    'gauge',
    'portal_queue_items',
    'Items waiting in each work queue (outbox mail and SMS, pending instructions, running rollouts, alert timers: open incidents with a waiting, recovery, repeat, reminder or escalation timer and digest windows holding events, customer deletions)',
    async () => (await queues()).map((q) => ({ labels: { queue: q.queue }, value: q.items })),
    ['queue'],
  );
  meter.readings(
    'gauge',
    'portal_queue_oldest_seconds',
    "Age of each queue's oldest item; for alert_timers how far past due the most overdue timer or digest window is",
    async () => (await queues()).map((q) => ({ labels: { queue: q.queue }, value: q.oldest })),
    ['queue'],
  );
  meter.readings(
    'gauge',
    'portal_gateways_connected',
    'Gateways connected now (all instances)',
    async (): Promise<Reading[]> => {
      try {
        return [{ value: await repo.connectedGateways() }];
      } catch (error) {
        logger.warn({ err: error }, 'metrics: connected gateways not read');
        return [];
      }
    },
  );
  meter.readings('gauge', 'portal_live_browsers', "Browsers connected to this instance's /mqtt", () => [
    { value: options.liveStats().browsers },
  ]);
  meter.readings(
    'counter',
    'portal_live_messages_relayed_total',
    'Live-channel messages delivered to browsers by this instance (fan-out)',
    () => [{ value: options.liveStats().relayedToBrowsers }],
  );
  meter.readings(
    'gauge',
    'portal_db_pool_connections',
    'Database pool: open connections, idle ones, and callers waiting for one',
    () => {
      const stats = options.poolStats();
      return [
        { labels: { state: 'total' }, value: stats.total },
        { labels: { state: 'idle' }, value: stats.idle },
        { labels: { state: 'waiting' }, value: stats.waiting },
      ];
    },
    ['state'],
  );
  return {};
}
