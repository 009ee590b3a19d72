import type { ActiveFilter } from '../../components/FilteredByBanner.tsx';
import { i18n } from '../../lib/i18n/index.ts';
import { GATEWAY_NAME_PARAM } from '../global-search/index.ts';
import { type DashboardFilters, dashboardChips, dashboardFiltersFrom } from './dashboard-filters.ts';

/**
 * The page's URL filters (spec 001 section 2 'Filtered by :'): the dashboard's online/offline filter
 * (?status=), the enrollment filter (?enrollment=) and a gateway name from the global search (?name=).
 */
export const STATUS_PARAM = 'status';
export const ENROLLMENT_PARAM = 'enrollment';

export type StatusFilter = 'online' | 'offline';
export type EnrollmentFilter = 'registered' | 'unregistered';

export interface GatewayFilters extends DashboardFilters {
  status: StatusFilter | null;
  enrollment: EnrollmentFilter | null;
  name: string | null;
}

/** One chip of the banner: its text and the URL parameter its remove icon clears. */
const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | null =>
  (allowed as readonly (string | null)[]).includes(value) ? (value as T) : null;

/** Unknown values are ignored, as if there were no filter. */
export function filtersFrom(params: URLSearchParams): GatewayFilters {
  return {
    status: oneOf(params.get(STATUS_PARAM), ['online', 'offline'] as const),
    enrollment: oneOf(params.get(ENROLLMENT_PARAM), ['registered', 'unregistered'] as const),
    name: params.get(GATEWAY_NAME_PARAM)?.trim() || null,
    ...dashboardFiltersFrom(params),
  };
}

/** The banner's chips ('Online', 'Unregistered' ...: the 'gateways' namespace, loaded by the page). */
export function activeFilters(filters: GatewayFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (filters.status)
    active.push({ param: STATUS_PARAM, label: i18n.t(`gateways:filters.${filters.status}`) });
  if (filters.enrollment)
    active.push({ param: ENROLLMENT_PARAM, label: i18n.t(`gateways:filters.${filters.enrollment}`) });
  if (filters.name) active.push({ param: GATEWAY_NAME_PARAM, label: filters.name });
  active.push(...dashboardChips(filters));
  return active;
}
