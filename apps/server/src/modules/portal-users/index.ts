export type { PortalUsersService } from './portal-users.service.ts';
export { createPortalUsersModule } from './portal-users.wiring.ts';
export type { SignUpService } from './sign-up.service.ts';
