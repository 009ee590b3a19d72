import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { NewCustomers } from '../tenants/index.ts';
import { portalUsersRoutes } from './portal-users.routes.ts';
import { type PortalUsersDependencies, PortalUsersService } from './portal-users.service.ts';
import { type SignUpDependencies, SignUpService } from './sign-up.service.ts';

/** Portal users: those administrators manage, and self-service sign-up into the general users scope. */
export function createPortalUsersModule(
  options: Omit<PortalUsersDependencies, 'customers'> & SignUpDependencies & { db: Kysely<Database> },
) {
  // A customer made with its super admin (createCustomer): the tenants module's creation, in one transaction.
  const customers = new NewCustomers(options);
  const portalUsers = new PortalUsersService({ ...options, customers });
  const signUp = new SignUpService(options);
  return {
    portalUsers,
    signUp,
    routes: (app) => app.register(portalUsersRoutes, { portalUsers, signUp }),
  } satisfies ModuleParts & Record<string, unknown>;
}
