export type { LockAccessService, LockAccessSettings } from './lock-access.service.ts';
export { createLockAccessModule } from './lock-access.wiring.ts';
export type { LockAccessDelivery } from './lock-access-delivery.ts';
export { type UserRevocations, userRevocations } from './user-revocations.ts';
