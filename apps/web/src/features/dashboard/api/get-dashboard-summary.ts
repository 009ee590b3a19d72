import { type DashboardSummary, dashboardSummary } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { dashboardKey } from './dashboard-keys.ts';

/** GET /api/dashboards/summary?scopeId=: the fleet figures of the scope and its sub-customers. */
export function getDashboardSummary(scopeId: string, signal?: AbortSignal): Promise<DashboardSummary> {
  return apiRequest(`/api/dashboards/summary?${new URLSearchParams({ scopeId })}`, {
    schema: dashboardSummary,
    signal,
  });
}

export const dashboardSummaryQueryOptions = (scopeId: string) =>
  queryOptions({
    queryKey: [...dashboardKey(scopeId), 'summary'],
    queryFn: ({ signal }) => getDashboardSummary(scopeId, signal),
    enabled: scopeId !== '',
    placeholderData: keepPreviousData,
  });

export function useDashboardSummary(scopeId: string) {
  return useQuery(dashboardSummaryQueryOptions(scopeId));
}
