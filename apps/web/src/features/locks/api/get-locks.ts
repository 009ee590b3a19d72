import { type LocksPage, locksPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { LockListParams } from '../locks-cache.ts';

/** Every cached locks list of a scope starts with this key; the list's parameters follow. */
export const lockListsKey = (scopeId: string) => ['locks', 'list', scopeId] as const;

/** The query string of the list and of its CSV: the scope, the gateway, the type, the Dashboard's filters and the search. */
export function locksSearchParams(scopeId: string, params: Partial<LockListParams>): URLSearchParams {
  const query = new URLSearchParams({ scopeId });
  if (params.macId) query.set('macId', params.macId);
  if (params.type) query.set('type', params.type);
  if (params.battery) query.set('battery', params.battery);
  if (params.access) query.set('access', params.access);
  if (params.search) query.set('search', params.search);
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.pageSize !== undefined) query.set('pageSize', String(params.pageSize));
  return query;
}

/** GET /api/iot-service/get-all-locks: one page of the scope's locks (or one gateway's), server-paged. */
export function getLocks(scopeId: string, params: LockListParams, signal?: AbortSignal): Promise<LocksPage> {
  return apiRequest(`/api/iot-service/get-all-locks?${locksSearchParams(scopeId, params)}`, {
    schema: locksPage,
    signal,
  });
}

/** Kept fresh by the locks channel (use-live-locks.ts); the previous page stays while the next loads. */
export const locksQueryOptions = (scopeId: string, params: LockListParams) =>
  queryOptions({
    queryKey: [...lockListsKey(scopeId), params] as const,
    queryFn: ({ signal }) => getLocks(scopeId, params, signal),
    enabled: scopeId !== '',
    placeholderData: keepPreviousData,
  });

export function useLocks(scopeId: string, params: LockListParams) {
  return useQuery(locksQueryOptions(scopeId, params));
}
