import { type LockUsersPage, lockUsersPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { LockUserListParams } from '../lock-users-cache.ts';

/** Every cached lock-users list of a scope starts with this key; the list's parameters follow. */
export const lockUserListsKey = (scopeId: string) => ['lockUsers', 'list', scopeId] as const;

/** GET /api/iotusers/all: one page of the scope's lock users (and its sub-customers'), searched by the server. */
export function getLockUsers(
  scopeId: string,
  params: LockUserListParams,
  signal?: AbortSignal,
): Promise<LockUsersPage> {
  const query = new URLSearchParams({
    scopeId,
    search: params.search,
    page: String(params.page),
    pageSize: String(params.pageSize),
  });
  return apiRequest(`/api/iotusers/all?${query}`, { schema: lockUsersPage, signal });
}

/** Kept fresh by the lockUsers channel (use-live-lock-users.ts); the previous page stays while the next loads. */
export const lockUsersQueryOptions = (scopeId: string, params: LockUserListParams) =>
  queryOptions({
    queryKey: [...lockUserListsKey(scopeId), params] as const,
    queryFn: ({ signal }) => getLockUsers(scopeId, params, signal),
    enabled: scopeId !== '',
    placeholderData: keepPreviousData,
  });

export function useLockUsers(scopeId: string, params: LockUserListParams) {
  return useQuery(lockUsersQueryOptions(scopeId, params));
}
