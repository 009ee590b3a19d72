export { NewCustomers } from './new-customers.ts';
export { type QuotasService, refuseOverQuota } from './quotas.service.ts';
export { tenantRows } from './tenants.ports.ts';
export type { TenantsService } from './tenants.service.ts';
export { createTenantsModule } from './tenants.wiring.ts';
