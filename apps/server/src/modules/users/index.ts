export { tenantUsers } from './users.ports.ts';
export type { UsersService } from './users.service.ts';
export type { ListOptions, PortalUserChanges, PortalUserRow, UserIdentity } from './users.types.ts';
export { createUsersModule } from './users.wiring.ts';
