import { type PortalUsersPage, portalUsersPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { PortalUserListParams } from '../portal-users-cache.ts';

/** Every cached portal-users list of a scope starts with this key; the list's parameters follow. */
export const portalUserListsKey = (scopeId: string) => ['portalUsers', 'list', scopeId] as const;

/** GET /api/getPortalUsers/portalUsers: one page of the scope's users, searched and sorted by the server. */
export function getPortalUsers(
  scopeId: string,
  params: PortalUserListParams,
  signal?: AbortSignal,
): Promise<PortalUsersPage> {
  const query = new URLSearchParams({
    scopeId,
    search: params.search,
    page: String(params.page),
    pageSize: String(params.pageSize),
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
  });
  return apiRequest(`/api/getPortalUsers/portalUsers?${query}`, { schema: portalUsersPage, signal });
}

/** Kept fresh by live updates (see use-live-portal-users.ts); the previous page stays shown while the next loads. */
export const portalUsersQueryOptions = (scopeId: string, params: PortalUserListParams) =>
  queryOptions({
    queryKey: [...portalUserListsKey(scopeId), params] as const,
    queryFn: ({ signal }) => getPortalUsers(scopeId, params, signal),
    enabled: scopeId !== '',
    placeholderData: keepPreviousData,
  });

export function usePortalUsers(scopeId: string, params: PortalUserListParams) {
  return useQuery(portalUsersQueryOptions(scopeId, params));
}
