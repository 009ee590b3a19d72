import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { EventBus } from '../lib/events.ts';
import type { JobQueue } from '../lib/jobs.ts';
import type { Meter } from '../lib/metrics.ts';
import type { BrokerLink } from '../mqtt/outbound.ts';

/**
 * What most modules take, each picking the options it declares: the database, the way to browsers and
 * gateways (`link`, attached to the broker once that is built), the portal's event bus (lib/events.ts), the
 * configuration and the portal's own address for mailed links.
 */
export function portalBase(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
  jobs: JobQueue,
  link: BrokerLink,
  origin: () => string,
  meter: Meter,
) {
  return {
    db: database.db,
    jobs,
    live: link,
    devices: link,
    logger,
    origin,
    meter,
    config,
    events: new EventBus(),
    secureCookies: config.PUBLIC_URL?.startsWith('https://') ?? false,
  };
}

export type PortalBase = ReturnType<typeof portalBase>;
