import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { TenantsService } from '../tenants/index.ts';
import { AlertAccess } from './alert-access.ts';
import { AlertRoutingService } from './alert-routing.service.ts';
import { AlertRules } from './alert-rules.ts';
import { AlertsRepository } from './alerts.repository.ts';
import { alertsRoutes } from './alerts.routes.ts';
import { LockAlertsService } from './lock-alerts.service.ts';
import { SensorAlertsService } from './sensor-alerts.service.ts';

/**
 * Alert definitions (docs/alerts.md): lock and sensor/system alerts, receivers and subscriptions, the command
 * to the gateways; `rules` is what the alert engine reads.
 */
export function createAlertsModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  devices: DevicePublisher;
  tenants: Pick<TenantsService, 'scopeWithin' | 'ensureSupportTenant'>;
  supportEmails: readonly string[];
}) {
  const repo = new AlertsRepository(options.db);
  const rules = new AlertRules(repo);
  const access = new AlertAccess({ repo, tenants: options.tenants, supportEmails: options.supportEmails });
  const changed = (tenantId: string) => rules.changed(tenantId);
  const lockAlerts = new LockAlertsService({ repo, access, live: options.live, changed });
  const sensorAlerts = new SensorAlertsService({
    repo,
    access,
    live: options.live,
    devices: options.devices,
    changed,
  });
  const routing = new AlertRoutingService({ repo, access, changed });
  return {
    rules,
    lockAlerts,
    sensorAlerts,
    routes: async (app) => {
      // Routes are registered after the first start's seed: with SUPPORT_EMAILS set, the support tenant
      // exists from then on (created once, under root).
      if (options.supportEmails.length > 0) await options.tenants.ensureSupportTenant();
      await app.register(alertsRoutes, { lockAlerts, sensorAlerts, routing });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
