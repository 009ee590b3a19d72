import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { PublicFiles } from '../files/index.ts';
import { CustomersService } from './customers.service.ts';
import { NewCustomers } from './new-customers.ts';
import { QuotasRepository } from './quotas.repository.ts';
import { QuotasService } from './quotas.service.ts';
import { TenantsRepository } from './tenants.repository.ts';
import { tenantsRoutes } from './tenants.routes.ts';
import { TenantsService } from './tenants.service.ts';

/** Tenants: the hierarchy every other module asks "may this principal reach that scope?", and customers' routes. */
export function createTenantsModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  files: PublicFiles;
}) {
  const repo = new TenantsRepository(options.db);
  const tenants = new TenantsService(repo);
  const newCustomers = new NewCustomers({ db: options.db, tenants, live: options.live });
  const customers = new CustomersService(repo, tenants, options.live, options.files, newCustomers);
  const quotas = new QuotasService(new QuotasRepository(options.db), tenants);
  return {
    tenants,
    customers,
    quotas,
    routes: (app) => app.register(tenantsRoutes, { customers, quotas }),
  } satisfies ModuleParts & Record<string, unknown>;
}
