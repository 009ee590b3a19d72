import type { DeviceRecord } from '@portal/contract';
import type { Principal } from '../../lib/principal.ts';

/** A gateway as the parser knows it: only the caller's own (its scope's), never another tenant's. */
export interface CatalogueGateway {
  mac: string;
  name: string;
  tags: string[];
  /** City, state, country and street, as entered or reported. */
  places: string[];
  online: boolean;
}

/**
 * What the graph generator asks the gateways module (its `query` satisfies it): the devices of a scope
 * subtree, 404 outside the caller's reach.
 */
export interface ScopeDevices {
  devices(principal: Principal, options: { scopeId?: string }): Promise<DeviceRecord[]>;
}

const PLACE_FIELDS = ['CTY', 'STATE', 'CNTRY', 'SRT'] as const;

export function catalogueOf(devices: DeviceRecord[]): CatalogueGateway[] {
  return devices.map((d) => ({
    mac: d.MAC,
    name: d.NAME,
    tags: d.tags,
    places: PLACE_FIELDS.map((field) => d.LCTN?.[field]).filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    ),
    online: d.CS === 1,
  }));
}
