import { recentData, type TelemetrySample } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export type RecentData = Record<string, TelemetrySample[]>;

/** Every cached recent-data answer starts with this key. */
export const RECENT_DATA_KEY = ['gateways', 'recent-data'] as const;

export const recentDataQueryKey = (scopeId: string, macIds: readonly string[]) =>
  [...RECENT_DATA_KEY, scopeId, macIds.join(',')] as const;

/** GET /api/device/recent-data?scopeId=&macIds=: the last samples of the given gateways (the visible cards). */
export function getRecentData(
  scopeId: string,
  macIds: readonly string[],
  signal?: AbortSignal,
): Promise<RecentData> {
  const query = new URLSearchParams({ scopeId, macIds: macIds.join(',') });
  return apiRequest(`/api/device/recent-data?${query}`, { schema: recentData, signal });
}

/** Kept current by the graph channel (use-live-gateway-updates.ts), so it is never refetched on its own. */
export const recentDataQueryOptions = (scopeId: string, macIds: readonly string[]) =>
  queryOptions({
    queryKey: recentDataQueryKey(scopeId, macIds),
    queryFn: ({ signal }) => getRecentData(scopeId, macIds, signal),
    enabled: scopeId !== '' && macIds.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The mini-chart samples of one row of cards. */
export function useRecentData(scopeId: string, macIds: readonly string[]) {
  return useQuery(recentDataQueryOptions(scopeId, macIds));
}
