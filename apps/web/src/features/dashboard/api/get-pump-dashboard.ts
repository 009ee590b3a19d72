import { type PumpDashboard, pumpDashboard } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { dashboardKey } from './dashboard-keys.ts';

/** GET /api/dashboards/pump?scopeId=: the scope's dashboard variant and, for the pump demo, its pump gateways. */
export function getPumpDashboard(scopeId: string, signal?: AbortSignal): Promise<PumpDashboard> {
  return apiRequest(`/api/dashboards/pump?${new URLSearchParams({ scopeId })}`, {
    schema: pumpDashboard,
    signal,
  });
}

export const pumpDashboardQueryOptions = (scopeId: string, enabled = true) =>
  queryOptions({
    queryKey: [...dashboardKey(scopeId), 'pump'],
    queryFn: ({ signal }) => getPumpDashboard(scopeId, signal),
    enabled: enabled && scopeId !== '',
  });

/** `enabled` false for a user who may not read devices (the call would be refused, which signs out). */
export function usePumpDashboard(scopeId: string, enabled = true) {
  return useQuery(pumpDashboardQueryOptions(scopeId, enabled));
}
