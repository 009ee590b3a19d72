import type { PortalUsersPage } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { portalUserListsKey } from './api/get-portal-users.ts';
import {
  type CachedPageUpdate,
  type PortalUserListParams,
  portalUserListParams,
  REFETCH,
} from './portal-users-cache.ts';

/**
 * Applies `update` to every cached list page of the scope, writing only the pages that change; when a page
 * asks for it, the scope's lists are refetched.
 */
export function updateCachedPortalUserLists(
  queryClient: QueryClient,
  scopeId: string,
  update: (page: PortalUsersPage, params: PortalUserListParams) => CachedPageUpdate,
): void {
  let refetch = false;
  for (const [key, page] of queryClient.getQueriesData<PortalUsersPage>({
    queryKey: portalUserListsKey(scopeId),
  })) {
    const params = portalUserListParams.safeParse(key[3]);
    if (!page || !params.success) continue;
    const next = update(page, params.data);
    if (next === REFETCH) refetch = true;
    else if (next !== page) queryClient.setQueryData(key, next);
  }
  if (refetch) void queryClient.invalidateQueries({ queryKey: portalUserListsKey(scopeId) });
}
