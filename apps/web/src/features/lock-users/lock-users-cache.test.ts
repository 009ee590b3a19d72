import { describe, expect, it } from 'vitest';
import { applyLockUsersMessage, REFETCH } from './lock-users-cache.ts';
import { testLockUser } from './test-lock-user.ts';

const ada = testLockUser();
const bob = testLockUser({
  id: 'u2',
  firstName: 'Bob',
  mergedName: 'Bob Lovelace',
  email: 'bob@example.com',
});
const page = { users: [ada, bob], total: 2 };

describe('lockUsers channel on a cached page', () => {
  it('replaces an updated user in place and ignores users of other pages', () => {
    const renamed = { ...ada, firstName: 'Augusta', mergedName: 'Augusta Lovelace' };
    expect(applyLockUsersMessage(page, { type: 'updateUser', user: renamed })).toEqual({
      users: [renamed, bob],
      total: 2,
    });
    const other = testLockUser({ id: 'u9' });
    expect(applyLockUsersMessage(page, { type: 'updateUser', user: other })).toBe(page);
  });

  it('asks the server where a new user goes, and a repeated message changes nothing more', () => {
    expect(applyLockUsersMessage(page, { type: 'newUser', user: testLockUser({ id: 'u3' }) })).toBe(REFETCH);
    expect(applyLockUsersMessage(page, { type: 'newUser', user: ada })).toEqual(page);
  });

  it('removes a deleted user, and refetches when rows of other pages may shift', () => {
    expect(applyLockUsersMessage(page, { type: 'deleteUser', id: 'u1' })).toEqual({ users: [bob], total: 1 });
    expect(applyLockUsersMessage(page, { type: 'deleteUser', id: 'u9' })).toBe(page);
    expect(applyLockUsersMessage({ users: [ada], total: 30 }, { type: 'deleteUser', id: 'u9' })).toBe(
      REFETCH,
    );
  });

  it('ignores messages the contract does not define', () => {
    expect(applyLockUsersMessage(page, { type: 'somethingElse' })).toBe(page);
    expect(applyLockUsersMessage(page, 'hello')).toBe(page);
  });
});
