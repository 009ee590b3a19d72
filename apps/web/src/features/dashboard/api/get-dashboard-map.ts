import { type DashboardMap, dashboardMap } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { dashboardKey } from './dashboard-keys.ts';

export interface MapView {
  zoom: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/** GET /api/dashboards/map: the clusters and single gateways of one view, clustered on the server. */
export function getDashboardMap(scopeId: string, view: MapView, signal?: AbortSignal): Promise<DashboardMap> {
  const query = new URLSearchParams({ scopeId });
  for (const [key, value] of Object.entries(view)) query.set(key, String(value));
  return apiRequest(`/api/dashboards/map?${query}`, { schema: dashboardMap, signal });
}

export const dashboardMapQueryOptions = (scopeId: string, view: MapView | null) =>
  queryOptions({
    queryKey: [...dashboardKey(scopeId), 'map', view],
    queryFn: ({ signal }) => getDashboardMap(scopeId, view!, signal),
    enabled: scopeId !== '' && view !== null,
    placeholderData: keepPreviousData,
  });

export function useDashboardMap(scopeId: string, view: MapView | null) {
  return useQuery(dashboardMapQueryOptions(scopeId, view));
}
