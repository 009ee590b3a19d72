import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { TenantsService } from '../tenants/index.ts';
import { DashboardsRepository } from './dashboards.repository.ts';
import { dashboardsRoutes } from './dashboards.routes.ts';
import { DashboardsService, type DashboardsSettings } from './dashboards.service.ts';

const DEFAULT_SETTINGS: DashboardsSettings = {
  sideFiguresMs: 30_000,
  cachedScopes: 64,
  maxAgeMs: 60_000,
  changeOverlapMs: 5_000,
  backstopDelayMs: 3_000,
};

/**
 * Dashboards: the fleet figures, the clustered Locations map and the paged gateway rows of a scope subtree
 * (docs/dashboards.md). Reads the gateways, locks and rollup tables; writes nothing.
 */
export function createDashboardsModule(options: {
  db: Kysely<Database>;
  tenants: TenantsService;
  settings?: Partial<DashboardsSettings>;
}) {
  const dashboards = new DashboardsService(new DashboardsRepository(options.db), options.tenants, {
    ...DEFAULT_SETTINGS,
    ...options.settings,
  });
  return {
    dashboards,
    routes: async (app) => {
      await app.register(dashboardsRoutes, { dashboards });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
