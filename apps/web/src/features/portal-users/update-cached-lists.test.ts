import type { PortalUsersPage } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { portalUserListsKey } from './api/get-portal-users.ts';
import { applyPortalUsersMessage, type PortalUserListParams } from './portal-users-cache.ts';
import { portalUserFixture } from './test-users.ts';
import { updateCachedPortalUserLists } from './update-cached-lists.ts';

const params = (page: number): PortalUserListParams => ({
  search: '',
  page,
  pageSize: 2,
  sortBy: 'name',
  sortOrder: 'asc',
});
const ada = portalUserFixture({ id: 'ada', firstName: 'Ada' });
const bea = portalUserFixture({ id: 'bea', firstName: 'Bea' });
const cyd = portalUserFixture({ id: 'cyd', firstName: 'Cyd' });

function clientWithPages(): QueryClient {
  const client = new QueryClient();
  client.setQueryData<PortalUsersPage>([...portalUserListsKey('scope-1'), params(0)], {
    users: [ada, bea],
    total: 3,
  });
  client.setQueryData<PortalUsersPage>([...portalUserListsKey('scope-1'), params(1)], {
    users: [cyd],
    total: 3,
  });
  client.setQueryData<PortalUsersPage>([...portalUserListsKey('scope-2'), params(0)], {
    users: [bea],
    total: 1,
  });
  return client;
}

describe('updateCachedPortalUserLists', () => {
  it('writes the pages of the scope that change and leaves the rest', () => {
    const client = clientWithPages();
    const untouched = client.getQueryData([...portalUserListsKey('scope-1'), params(1)]);
    const renamed = { ...bea, lastName: 'King' };
    updateCachedPortalUserLists(client, 'scope-1', (page, listParams) =>
      applyPortalUsersMessage(page, listParams, { type: 'updateUser', user: renamed }),
    );
    expect(
      client.getQueryData<PortalUsersPage>([...portalUserListsKey('scope-1'), params(0)])?.users[1],
    ).toEqual(renamed);
    expect(client.getQueryData([...portalUserListsKey('scope-1'), params(1)])).toBe(untouched);
    expect(
      client.getQueryData<PortalUsersPage>([...portalUserListsKey('scope-2'), params(0)])?.users[0],
    ).toEqual(bea);
  });

  it('marks the scope’s lists stale when a page asks for a refetch', () => {
    const client = clientWithPages();
    updateCachedPortalUserLists(client, 'scope-1', (page, listParams) =>
      applyPortalUsersMessage(page, listParams, 'User Created'),
    );
    const state = (scopeId: string) => client.getQueryState([...portalUserListsKey(scopeId), params(0)]);
    expect(state('scope-1')?.isInvalidated).toBe(true);
    expect(state('scope-2')?.isInvalidated).toBe(false);
  });
});
