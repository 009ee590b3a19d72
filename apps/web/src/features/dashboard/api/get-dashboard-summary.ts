import { type DashboardSummary, dashboardSummary } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { dashboardKey } from './dashboard-keys.ts';
import { takeEarly } from './head-start.ts';

/** GET /api/dashboards/summary?scopeId=: the fleet figures of the scope and its sub-customers. */
export function getDashboardSummary(scopeId: string, signal?: AbortSignal): Promise<DashboardSummary> {
  return apiRequest(`/api/dashboards/summary?${new URLSearchParams({ scopeId })}`, {
    schema: dashboardSummary,
    signal,
  });
}

/** The key of an early summary call (head-start.ts). */
export const earlySummaryKey = (scopeId: string) => `summary ${scopeId}`;

export const dashboardSummaryQueryOptions = (scopeId: string) =>
  queryOptions({
    queryKey: [...dashboardKey(scopeId), 'summary'],
    queryFn: ({ signal }) =>
      takeEarly<DashboardSummary>(earlySummaryKey(scopeId)) ?? getDashboardSummary(scopeId, signal),
    enabled: scopeId !== '',
    placeholderData: keepPreviousData,
  });

export function useDashboardSummary(scopeId: string) {
  return useQuery(dashboardSummaryQueryOptions(scopeId));
}
