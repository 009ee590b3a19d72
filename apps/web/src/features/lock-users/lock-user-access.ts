import { effectivePermissions } from '@portal/contract';

/** Spec 002 section 6 'Locks Users': IOT_USER_READ to see the screen, IOT_USER_WRITE to add, change or delete. */
export function canWriteLockUsers(permissions: readonly string[]): boolean {
  return effectivePermissions(permissions).has('IOT_USER_WRITE');
}
