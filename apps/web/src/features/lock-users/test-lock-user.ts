import type { LockUser } from '@portal/contract';

/** A lock user as the list call returns it, for unit tests. */
export function testLockUser(overrides: Partial<LockUser> = {}): LockUser {
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    mergedName: 'Ada Lovelace',
    email: 'ada@example.com',
    emailHash: null,
    division: null,
    employeeId: null,
    mobileNo: null,
    cardCSN: null,
    status: 'ACTIVE',
    passcode: null,
    role: 'USER',
    scopeId: 's1',
    lockCount: 0,
    ...overrides,
  };
}
