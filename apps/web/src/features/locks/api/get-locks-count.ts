import { type LocksCount, locksCount } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const locksCountKey = (scopeId: string) => ['locks', 'count', scopeId] as const;

/**
 * GET /api/online-offline/locksCount?scopeId=: the scope's locks (its sub-customers' included), online (the
 * gateway is connected and heard the lock at its last scan or probe) and offline.
 */
export function getLocksCount(scopeId: string, signal?: AbortSignal): Promise<LocksCount> {
  return apiRequest(`/api/online-offline/locksCount?${new URLSearchParams({ scopeId })}`, {
    schema: locksCount,
    signal,
  });
}

export const locksCountQueryOptions = (scopeId: string) =>
  queryOptions({
    queryKey: locksCountKey(scopeId),
    queryFn: ({ signal }) => getLocksCount(scopeId, signal),
    enabled: scopeId !== '',
  });

export function useLocksCount(scopeId: string) {
  return useQuery(locksCountQueryOptions(scopeId));
}
