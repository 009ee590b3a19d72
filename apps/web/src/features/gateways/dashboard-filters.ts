import { gatewayAreaFilter } from '@portal/contract';
import { formatFirmware } from '../../components/gateway-display.ts';
import { i18n } from '../../lib/i18n/index.ts';

/**
 * The filters the dashboards link to the gateways page with (docs/dashboards.md), beside status and enrollment:
 * a firmware or OS column (?firmware=, ?os=; empty = none reported), a customer's slice (?tenant= with
 * ?tenantName= for the banner) and a map cluster's area (?area=west,south,east,north).
 */
export const FIRMWARE_PARAM = 'firmware';
export const OS_PARAM = 'os';
export const TENANT_PARAM = 'tenant';
export const TENANT_NAME_PARAM = 'tenantName';
export const AREA_PARAM = 'area';

export interface DashboardFilters {
  firmware?: string;
  os?: string;
  tenant?: { id: string; name: string };
  area?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Unknown or malformed values are ignored, as if there were no filter. */
export function dashboardFiltersFrom(params: URLSearchParams): DashboardFilters {
  const filters: DashboardFilters = {};
  const firmware = params.get(FIRMWARE_PARAM);
  if (firmware !== null && firmware.length <= 100) filters.firmware = firmware;
  const os = params.get(OS_PARAM);
  if (os !== null && os.length <= 100) filters.os = os;
  const tenant = params.get(TENANT_PARAM);
  if (tenant && UUID.test(tenant)) filters.tenant = { id: tenant, name: params.get(TENANT_NAME_PARAM) ?? '' };
  const area = params.get(AREA_PARAM);
  if (area && gatewayAreaFilter.safeParse(area).success) filters.area = area;
  return filters;
}

const none = () => i18n.t('gateways:filters.none');

/** The banner's chips of these filters: the parameter each remove icon clears and its text. */
export function dashboardChips(filters: DashboardFilters): { param: string; label: string }[] {
  const chips: { param: string; label: string }[] = [];
  if (filters.firmware !== undefined)
    chips.push({
      param: FIRMWARE_PARAM,
      label: i18n.t('gateways:filters.firmware', {
        version: filters.firmware ? formatFirmware(filters.firmware) : none(),
      }),
    });
  if (filters.os !== undefined)
    chips.push({ param: OS_PARAM, label: i18n.t('gateways:filters.os', { version: filters.os || none() }) });
  if (filters.tenant)
    chips.push({ param: TENANT_PARAM, label: filters.tenant.name || i18n.t('gateways:filters.customer') });
  if (filters.area) chips.push({ param: AREA_PARAM, label: i18n.t('gateways:filters.area') });
  return chips;
}

/** The list call's fields of these filters. */
export function dashboardSelection(filters: DashboardFilters) {
  return {
    ...(filters.firmware !== undefined ? { firmware: filters.firmware } : {}),
    ...(filters.os !== undefined ? { os: filters.os } : {}),
    ...(filters.tenant ? { tenant: filters.tenant.id } : {}),
    ...(filters.area ? { area: filters.area } : {}),
  };
}
