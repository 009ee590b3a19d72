import { i18n } from '../../lib/i18n/index.ts';
import type { LockListParams } from './locks-cache.ts';

/** The locks list's URL filters the Dashboard's figures open it with (docs/dashboards.md). */
export type LockUrlFilters = Pick<LockListParams, 'battery' | 'access'>;

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
  if (filters.battery) chips.push({ param: 'battery', label: i18n.t('locks:filters.lowBattery') });
  if (filters.access) chips.push({ param: 'access', label: i18n.t(`locks:filters.${filters.access}`) });
  return chips;
}
