import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { TenantsService } from '../tenants/index.ts';
import { GlobalSearchRepository } from './global-search.repository.ts';
import { globalSearchRoutes } from './global-search.routes.ts';
import { GlobalSearchService } from './global-search.service.ts';

/** The global gateway search across the customers a user reaches. */
export function createGlobalSearchModule(options: {
  db: Kysely<Database>;
  tenants: TenantsService;
}): ModuleParts {
  const globalSearch = new GlobalSearchService(new GlobalSearchRepository(options.db), options.tenants);
  return { routes: (app) => app.register(globalSearchRoutes, { globalSearch }) };
}
