import type { PortalUsersPage } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  applyPortalUsersMessage,
  applyTwoFactorMessage,
  type PortalUserListParams,
  REFETCH,
} from './portal-users-cache.ts';
import { portalUserFixture } from './test-users.ts';

const user = (id: string, firstName: string, overrides = {}) =>
  portalUserFixture({
    id,
    firstName,
    lastName: '',
    email: `${firstName.toLowerCase()}@example.com`,
    ...overrides,
  });
const params = (overrides: Partial<PortalUserListParams> = {}): PortalUserListParams => ({
  search: '',
  page: 0,
  pageSize: 3,
  sortBy: 'name',
  sortOrder: 'asc',
  ...overrides,
});
const listPage = (names: string[], total = names.length): PortalUsersPage => ({
  users: names.map((name) => user(name.toLowerCase(), name)),
  total,
});
const names = (update: PortalUsersPage | typeof REFETCH) =>
  update === REFETCH ? REFETCH : update.users.map((entry) => entry.firstName);

describe('newUser', () => {
  const newUser = (name: string) => ({ type: 'newUser', user: user(name.toLowerCase(), name) });

  it('goes where the sort order puts it and counts one more', () => {
    const next = applyPortalUsersMessage(listPage(['Ada', 'Cyd']), params(), newUser('Bea'));
    expect(names(next)).toEqual(['Ada', 'Bea', 'Cyd']);
    expect(next !== REFETCH && next.total).toBe(3);
  });

  it('follows the list’s direction and column', () => {
    const descending = applyPortalUsersMessage(
      listPage(['Cyd', 'Ada']),
      params({ sortOrder: 'desc' }),
      newUser('Bea'),
    );
    expect(names(descending)).toEqual(['Cyd', 'Bea', 'Ada']);
    const byTwoFactor = applyPortalUsersMessage(
      { users: [user('a', 'Ada', { secureAuthentication: true })], total: 1 },
      params({ sortBy: 'secureAuthentication' }),
      { type: 'newUser', user: user('z', 'Zed') },
    );
    expect(names(byTwoFactor)).toEqual(['Zed', 'Ada']);
  });

  it('is appended to a last page that has room, and pushes the last row off a full page', () => {
    expect(names(applyPortalUsersMessage(listPage(['Ada']), params(), newUser('Bea')))).toEqual([
      'Ada',
      'Bea',
    ]);
    const full = applyPortalUsersMessage(listPage(['Ada', 'Cyd', 'Dan'], 5), params(), newUser('Bea'));
    expect(names(full)).toEqual(['Ada', 'Bea', 'Cyd']);
    expect(full !== REFETCH && full.total).toBe(6);
  });

  it('refetches when it belongs to another page or the list is searched', () => {
    expect(applyPortalUsersMessage(listPage(['Ada', 'Bea', 'Cyd'], 5), params(), newUser('Zed'))).toBe(
      REFETCH,
    );
    expect(applyPortalUsersMessage(listPage(['Dan', 'Eve']), params({ page: 1 }), newUser('Ada'))).toBe(
      REFETCH,
    );
    expect(applyPortalUsersMessage(listPage(['Ada']), params({ search: 'ad' }), newUser('Adam'))).toBe(
      REFETCH,
    );
  });

  it('replaces a user already listed, so a repeated message changes nothing more', () => {
    const once = applyPortalUsersMessage(listPage(['Ada', 'Cyd']), params(), newUser('Bea'));
    if (once === REFETCH) throw new Error('expected a page');
    const twice = applyPortalUsersMessage(once, params(), newUser('Bea'));
    expect(twice).toEqual(once);
  });
});

describe('updateUser and resetUser', () => {
  it('replace the user in place', () => {
    const page = listPage(['Ada', 'Bea']);
    for (const type of ['updateUser', 'resetUser']) {
      const next = applyPortalUsersMessage(page, params(), {
        type,
        user: user('bea', 'Bea', { lastName: 'King' }),
      });
      expect(next !== REFETCH && next.users[1]?.lastName).toBe('King');
      expect(next !== REFETCH && next.total).toBe(2);
    }
  });

  it('leave a page without that user as it is', () => {
    const page = listPage(['Ada']);
    expect(applyPortalUsersMessage(page, params(), { type: 'updateUser', user: user('zed', 'Zed') })).toBe(
      page,
    );
  });
});

describe('deleteUser', () => {
  it('removes the user and counts one less', () => {
    const next = applyPortalUsersMessage(listPage(['Ada', 'Bea', 'Cyd'], 7), params(), {
      type: 'deleteUser',
      id: 'bea',
    });
    expect(names(next)).toEqual(['Ada', 'Cyd']);
    expect(next !== REFETCH && next.total).toBe(6);
  });

  it('leaves a list that is all on this page as it is when the user is not there', () => {
    const page = listPage(['Ada']);
    expect(applyPortalUsersMessage(page, params(), { type: 'deleteUser', id: 'zed' })).toBe(page);
  });

  it('refetches when the user may have been on another page', () => {
    expect(
      applyPortalUsersMessage(listPage(['Ada', 'Bea', 'Cyd'], 5), params(), {
        type: 'deleteUser',
        id: 'zed',
      }),
    ).toBe(REFETCH);
  });
});

describe('other messages', () => {
  it('refetch when they speak of a deletion or a creation', () => {
    const page = listPage(['Ada']);
    expect(applyPortalUsersMessage(page, params(), 'Tenant deleted')).toBe(REFETCH);
    expect(applyPortalUsersMessage(page, params(), { message: 'User Created' })).toBe(REFETCH);
  });

  it('are ignored otherwise', () => {
    const page = listPage(['Ada']);
    expect(applyPortalUsersMessage(page, params(), { type: 'somethingElse' })).toBe(page);
    expect(applyPortalUsersMessage(page, params(), null)).toBe(page);
    expect(applyPortalUsersMessage(page, params(), { type: 'newUser', user: { id: 'x' } })).toBe(page);
  });
});

describe('two-factor messages', () => {
  it('set the user’s Two FA state', () => {
    const next = applyTwoFactorMessage(listPage(['Ada', 'Bea']), {
      userId: 'bea',
      email: 'bea@example.com',
      secureAuthentication: true,
    });
    expect(next.users.map((entry) => entry.secureAuthentication)).toEqual([false, true]);
  });

  it('leave the page as it is for another user, no change or a malformed message', () => {
    const page = listPage(['Ada']);
    expect(
      applyTwoFactorMessage(page, { userId: 'zed', email: 'z@example.com', secureAuthentication: true }),
    ).toBe(page);
    expect(
      applyTwoFactorMessage(page, { userId: 'ada', email: 'ada@example.com', secureAuthentication: false }),
    ).toBe(page);
    expect(applyTwoFactorMessage(page, { userId: 'ada' })).toBe(page);
  });
});
