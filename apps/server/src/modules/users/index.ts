export { tenantUsers } from './users.ports.ts';
export type { UsersService } from './users.service.ts';
export type { PortalUserRow, UserIdentity } from './users.types.ts';
export { createUsersModule } from './users.wiring.ts';
