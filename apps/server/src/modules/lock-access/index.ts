export type { LockAccessService } from './lock-access.service.ts';
export { createLockAccessModule } from './lock-access.wiring.ts';
export { userRevocations } from './user-revocations.ts';
