import type { LockListParams } from './locks-cache.ts';

/** The locks list's URL filters the Dashboard's figures open it with (docs/dashboards.md). */
export type LockUrlFilters = Pick<LockListParams, 'battery' | 'access'>;

const ACCESS_LABELS = {
  pending: 'Credentials pending',
  sent: 'Credentials sent',
  failed: 'Credentials failed',
} as const;

/** `?battery=low` and `?access=pending|sent|failed`; any other value is ignored, as the gateways page does. */
export function lockFiltersFrom(params: URLSearchParams): LockUrlFilters {
  const filters: LockUrlFilters = {};
  if (params.get('battery') === 'low') filters.battery = 'low';
  const access = params.get('access');
  if (access === 'pending' || access === 'sent' || access === 'failed') filters.access = access;
  return filters;
}

/** The 'Filtered by :' chips of these filters: the URL parameter each removes, and its label. */
export function lockFilterChips(filters: LockUrlFilters): { param: string; label: string }[] {
  const chips: { param: string; label: string }[] = [];
  if (filters.battery) chips.push({ param: 'battery', label: 'Low battery' });
  if (filters.access) chips.push({ param: 'access', label: ACCESS_LABELS[filters.access] });
  return chips;
}
