import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { TenantsService } from '../tenants/index.ts';
import { PortalConfigRepository } from './portal-config.repository.ts';
import { portalConfigRoutes } from './portal-config.routes.ts';
import { PortalConfigService } from './portal-config.service.ts';

/** Each customer's portal settings (theme, sign-up options). */
export function createPortalConfigModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  tenants: TenantsService;
}): ModuleParts {
  const portalConfig = new PortalConfigService(
    new PortalConfigRepository(options.db),
    options.tenants,
    options.live,
  );
  return { routes: (app) => app.register(portalConfigRoutes, { portalConfig }) };
}
