import { type DashboardMap, dashboardMap } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { dashboardKey } from './dashboard-keys.ts';
import { takeEarly } from './head-start.ts';

export interface MapView {
  zoom: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The map's first view, whatever its size: the whole world at zoom 1 (every located gateway, clustered), which
 * the map then frames. Being fixed, it can be asked for before Leaflet has measured the map (head-start.ts).
 */
export const WORLD_VIEW: MapView = { zoom: 1, west: -180, south: -90, east: 180, north: 90 };

/** The key of an early map call (head-start.ts). */
export const earlyMapKey = (scopeId: string, view: MapView) => `map ${scopeId} ${JSON.stringify(view)}`;

/** GET /api/dashboards/map: the clusters and single gateways of one view, clustered on the server. */
export function getDashboardMap(scopeId: string, view: MapView, signal?: AbortSignal): Promise<DashboardMap> {
  const query = new URLSearchParams({ scopeId });
  for (const [key, value] of Object.entries(view)) query.set(key, String(value));
  return apiRequest(`/api/dashboards/map?${query}`, { schema: dashboardMap, signal });
}

export const dashboardMapQueryOptions = (scopeId: string, view: MapView | null) =>
  queryOptions({
    queryKey: [...dashboardKey(scopeId), 'map', view],
    queryFn: ({ signal }) =>
      takeEarly<DashboardMap>(earlyMapKey(scopeId, view!)) ?? getDashboardMap(scopeId, view!, signal),
    enabled: scopeId !== '' && view !== null,
    placeholderData: keepPreviousData,
  });

export function useDashboardMap(scopeId: string, view: MapView | null) {
  return useQuery(dashboardMapQueryOptions(scopeId, view));
}
