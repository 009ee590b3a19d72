// The composition root's wiring: it builds the modules and connects them, nothing else (DESIGN.md section 11).
// Reactions between modules are typed events (lib/events.ts) the modules listen to; app.ts assembles the
// portal from what this returns.
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { AnalyzeJob } from './db/analyze-job.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JobQueue } from './lib/jobs.ts';
import { type Meter, noMeter } from './lib/metrics.ts';
import type { ModuleParts } from './lib/module.ts';
import type { Principal } from './lib/principal.ts';
import type { ApiKeyUse } from './modules/api-keys/index.ts';
import { createFilesModule } from './modules/files/index.ts';
import { createPlatformModule } from './modules/platform/index.ts';
import { createPortalConfigModule } from './modules/portal-config/index.ts';
import { createTenantsModule } from './modules/tenants/index.ts';
import type { DeviceMessageSink } from './mqtt/messaging.ts';
import type { BrokerLink } from './mqtt/outbound.ts';
import { brokerAccess, type PortalServices } from './portal-services.ts';
import { portalBase } from './wiring/base.ts';
import { wireFleet } from './wiring/fleet.ts';
import { wireIdentity } from './wiring/identity.ts';

export type { PortalServices } from './portal-services.ts';
export const WEB_DIST = new URL('../../web/dist/', import.meta.url);

/**
 * The modules, each built by its own wiring from the services of the modules before it: tenants, identity
 * (wiring/identity.ts), then the fleet (wiring/fleet.ts). `modules` is the order their routes are registered
 * and their background work starts (it stops in reverse). Modules reach browsers and gateways through `link`,
 * attached to the broker once that is built; they tell each other events on the base's `events` (a listener
 * subscribes when its module is built, so listeners run in the order the modules are built).
 */
export function wireModules(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
  /** The job queue, started before the modules and stopped after them. */
  jobs: JobQueue,
  link: BrokerLink,
  /** The portal's own address for mailed links, known once HTTP listens. */
  origin: () => string,
  meter: Meter = noMeter,
) {
  const base = portalBase(config, logger, database, jobs, link, origin, meter);
  const files = createFilesModule({ dataDir: config.DATA_DIR });
  const tenantsModule = createTenantsModule({ ...base, files: files.publicFiles });
  const { tenants } = tenantsModule;
  const people = wireIdentity(base, tenants, database.listen);
  const fleet = wireFleet(people.identity, files.storage, people.services.passwords, tenantsModule.quotas);

  const modules: ModuleParts[] = [
    createPlatformModule({ config, database, broker: () => link.status(), webDist: WEB_DIST }),
    ...people.modules,
    files,
    tenantsModule,
    createPortalConfigModule({ ...base, tenants }),
    ...fleet.modules,
    // PGlite has no autovacuum: the planner's statistics are refreshed here.
    ...(database.backend === 'pglite' ? [new AnalyzeJob(database.db, logger)] : []),
  ];
  const services: PortalServices = { tenants, ...people.services, ...fleet.services };
  return {
    modules,
    services,
    access: brokerAccess(fleet.services.gateways, people.auth.mqttTokens),
    inbox: fleet.inbox satisfies DeviceMessageSink,
    resolveSession: (sessionId: string): Promise<Principal | null> =>
      people.auth.sessions.resolveSession(sessionId),
    resolveApiKey: (key: string, use: ApiKeyUse): Promise<Principal | null> =>
      people.services.apiKeys.resolve(key, use),
    countApiCall: (principal: Principal): Promise<void> => tenantsModule.quotas.countApiCall(principal),
    retention: fleet.telemetryModule.retention,
    alertEngine: fleet.alertEngineModule,
    deletionRunner: fleet.deletionModule.runner,
    events: base.events,
  };
}
