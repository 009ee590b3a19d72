import { type ReachablePage, reachablePage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { dashboardKey } from './dashboard-keys.ts';

/** GET /api/iot-service/reachable/all/page: one page of the dashboard gateway rows, by name. */
export function getReachablePage(
  scopeId: string,
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<ReachablePage> {
  const query = new URLSearchParams({ scopeId, page: String(page), size: String(size) });
  return apiRequest(`/api/iot-service/reachable/all/page?${query}`, { schema: reachablePage, signal });
}

export const reachablePageQueryOptions = (scopeId: string, page: number, size: number) =>
  queryOptions({
    queryKey: [...dashboardKey(scopeId), 'rows', page, size],
    queryFn: ({ signal }) => getReachablePage(scopeId, page, size, signal),
    enabled: scopeId !== '',
    placeholderData: keepPreviousData,
  });

export function useReachablePage(scopeId: string, page: number, size: number) {
  return useQuery(reachablePageQueryOptions(scopeId, page, size));
}
