export type { LockUsersService } from './lock-users.service.ts';
export { createLockUsersModule } from './lock-users.wiring.ts';
