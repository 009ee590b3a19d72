import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import {
  assignedLocksPageSize,
  emptyListText,
  listStatusText,
  lockUserName,
  lockUsersPageSize,
  orDash,
  pageOf,
} from './lock-users-list.ts';
import { testLockUser } from './test-lock-user.ts';

beforeAll(() => initI18n('en', ['lock-users']));

describe('lock users list paging (spec 002 section 9)', () => {
  it('remembers 10, 25, 50 or 100 rows, 10 by default', () => {
    expect(lockUsersPageSize(25)).toBe(25);
    expect(lockUsersPageSize(100)).toBe(100);
    expect(lockUsersPageSize(5)).toBe(10);
    expect(lockUsersPageSize(0)).toBe(10);
    expect(lockUsersPageSize(undefined)).toBe(10);
  });

  it("pages a user's assigned locks by 5, 10 or 25, 5 by default", () => {
    expect(assignedLocksPageSize(25)).toBe(25);
    expect(assignedLocksPageSize(50)).toBe(5);
    expect(assignedLocksPageSize(undefined)).toBe(5); // nothing remembered: 5, not the usual 10
    expect(assignedLocksPageSize(10)).toBe(10);
    expect(pageOf([1, 2, 3, 4, 5, 6, 7], 1, 5)).toEqual([6, 7]);
    expect(pageOf([1, 2, 3], 0, 5)).toEqual([1, 2, 3]);
  });

  it('says fetching, then refreshing', () => {
    expect(listStatusText({ isPending: true, isFetching: true, isPlaceholderData: false })).toBe(
      'Fetching Lock Users ...',
    );
    expect(listStatusText({ isPending: false, isFetching: true, isPlaceholderData: true })).toBe(
      'Fetching Lock Users ...',
    );
    expect(listStatusText({ isPending: false, isFetching: true, isPlaceholderData: false })).toBe(
      'Refreshing Lock Users ...',
    );
    expect(listStatusText({ isPending: false, isFetching: false, isPlaceholderData: false })).toBeNull();
  });

  it('says what to do next when the list is empty', () => {
    expect(emptyListText('', true)).toContain('Add one with the + button');
    expect(emptyListText('', false)).toContain('IOT_USER_WRITE');
    expect(emptyListText('zed', true)).toContain('No lock users match the search.');
  });

  it('names a user by the merged name, else first and last, else the e-mail', () => {
    expect(lockUserName(testLockUser())).toBe('Ada Lovelace');
    expect(lockUserName(testLockUser({ mergedName: '', lastName: '' }))).toBe('Ada');
    expect(lockUserName(testLockUser({ mergedName: '', firstName: '', lastName: '' }))).toBe(
      'ada@example.com',
    );
    expect(orDash(null)).toBe('-');
    expect(orDash('')).toBe('-');
    expect(orDash('x')).toBe('x');
  });
});
