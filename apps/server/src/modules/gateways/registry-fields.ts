import {
  type GatewaySummary,
  gatewayLiveState,
  gatewayLocation,
  reportedWhitelistNames,
} from '@portal/contract';
import type { Gateway } from '../../db/schema.ts';

type RegistryFields = Pick<
  GatewaySummary,
  | 'REG'
  | 'HS'
  | 'HSIPRC'
  | 'NW'
  | 'SS'
  | 'CMS'
  | 'LCTN'
  | 'tags'
  | 'CRTD'
  | 'manufacturer'
  | 'appVersion'
  | 'noOfWhiteListedDevices'
  | 'listOfWhiteListedLocks'
  | 'reportedWhitelist'
  | 'liveState'
>;

/** The whitelist the gateway last reported in its state (docs/mqtt.md 2.2); null when it never sent names. */
function reportedWhitelist(state: Record<string, unknown>): string[] | null {
  const parsed = reportedWhitelistNames.safeParse(state.listOfWhiteListedLocks);
  return parsed.success ? parsed.data : null;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** Drops empty strings: an address field left blank does not hide what the device reports. */
const filled = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== '' && v !== null && v !== undefined));

/** The location a card shows: the device-reported one, overridden field by field by the entered address. */
export function mergedLocation(g: Pick<Gateway, 'state' | 'address'>) {
  const reported = gatewayLocation.safeParse(g.state.LCTN ?? {});
  const merged = { ...filled(reported.success ? reported.data : {}), ...filled(g.address) };
  return Object.keys(merged).length > 0 ? gatewayLocation.parse(merged) : null;
}

/** The registry and device-reported fields of a gateway, as the fleet views show them. */
export function registryFields(g: Gateway): RegistryFields {
  const { state } = g;
  const liveState = gatewayLiveState.safeParse(state.state);
  return {
    REG: g.registered ? 1 : 0,
    HS: numberOrNull(state.HS),
    HSIPRC: numberOrNull(state.HSIPRC),
    NW: numberOrNull(state.NW),
    SS: numberOrNull(state.SS),
    CMS: numberOrNull(state.CMS),
    LCTN: mergedLocation(g),
    tags: g.tags,
    CRTD: g.manufactured_at?.getTime() ?? null,
    manufacturer: g.manufacturer,
    appVersion: g.app_version,
    noOfWhiteListedDevices: g.whitelist_all ? -1 : g.whitelist.length,
    listOfWhiteListedLocks: g.whitelist_all ? ['*'] : g.whitelist,
    reportedWhitelist: reportedWhitelist(state),
    liveState: state.state !== undefined && liveState.success ? liveState.data : null,
  };
}
