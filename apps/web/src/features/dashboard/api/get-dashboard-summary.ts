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

export const dashboardSummaryQueryOptions = (scopeId: string, enabled = true) =>
  queryOptions({
    queryKey: [...dashboardKey(scopeId), 'summary'],
    queryFn: ({ signal }) =>
      takeEarly<DashboardSummary>(earlySummaryKey(scopeId)) ?? getDashboardSummary(scopeId, signal),
    enabled: enabled && scopeId !== '',
    placeholderData: keepPreviousData,
  });

/** `enabled` false for a user who may not read devices (the call would be refused, which signs out). */
export function useDashboardSummary(scopeId: string, enabled = true) {
  return useQuery(dashboardSummaryQueryOptions(scopeId, enabled));
}
