import type { ModuleParts } from '../../lib/module.ts';
import { portalUsersRoutes } from './portal-users.routes.ts';
import { type PortalUsersDependencies, PortalUsersService } from './portal-users.service.ts';
import { type SignUpDependencies, SignUpService } from './sign-up.service.ts';

/** Portal users: those administrators manage, and self-service sign-up into the general users scope. */
export function createPortalUsersModule(options: PortalUsersDependencies & SignUpDependencies) {
  const portalUsers = new PortalUsersService(options);
  const signUp = new SignUpService(options);
  return {
    portalUsers,
    signUp,
    routes: (app) => app.register(portalUsersRoutes, { portalUsers, signUp }),
  } satisfies ModuleParts & Record<string, unknown>;
}
