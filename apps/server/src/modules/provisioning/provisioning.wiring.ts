import type { ModuleParts } from '../../lib/module.ts';
import type { GatewaysService } from '../gateways/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { provisioningRoutes } from './provisioning.routes.ts';

/** Provisioning new gateways with their credentials (the HTTP form of the provisioning CLI). */
export function createProvisioningModule(deps: {
  tenants: TenantsService;
  gateways: GatewaysService;
}): ModuleParts {
  return { routes: (app) => app.register(provisioningRoutes, deps) };
}
