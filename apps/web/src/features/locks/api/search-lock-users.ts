import { type LockUsersPage, lockUsersPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** How many lock users the Add User picker offers for one search. */
export const PICKER_PAGE_SIZE = 25;

/** GET /api/iotusers/all, first page of a search: the lock users Add User offers. */
export function searchLockUsers(
  scopeId: string,
  search: string,
  signal?: AbortSignal,
): Promise<LockUsersPage> {
  const query = new URLSearchParams({ scopeId, search, page: '0', pageSize: String(PICKER_PAGE_SIZE) });
  return apiRequest(`/api/iotusers/all?${query}`, { schema: lockUsersPage, signal });
}

export const lockUserPickerQueryOptions = (scopeId: string, search: string) =>
  queryOptions({
    queryKey: ['locks', 'userPicker', scopeId, search] as const,
    queryFn: ({ signal }) => searchLockUsers(scopeId, search, signal),
    enabled: scopeId !== '',
    placeholderData: keepPreviousData,
  });

export function useLockUserPicker(scopeId: string, search: string) {
  return useQuery(lockUserPickerQueryOptions(scopeId, search));
}
