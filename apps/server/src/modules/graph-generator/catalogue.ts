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
  /** The name of the customer (tenant) the gateway belongs to: "temperature for Demo Customer". */
  customer?: string | null;
}

/**
 * What the graph generator asks the gateways module (its `query` satisfies it): the devices of a scope
 * subtree, 404 outside the caller's reach.
 */
export interface ScopeDevices {
  devices(principal: Principal, options: { scopeId?: string }): Promise<DeviceRecord[]>;
}

/** The customers' names by tenant id (the tenants module's `findById` satisfies it). */
export interface CustomerNames {
  findById(id: string): Promise<{ name: string } | undefined>;
}

/** At most this many customers of one scope are looked up by name (a reseller's hundreds of customers). */
const MAX_CUSTOMER_LOOKUPS = 200;

/** The names of the customers the devices belong to, by tenant id. */
export async function customerNamesOf(
  devices: DeviceRecord[],
  customers: CustomerNames | undefined,
): Promise<Map<string, string>> {
  const ids = [...new Set(devices.map((d) => d.SID))].slice(0, MAX_CUSTOMER_LOOKUPS);
  if (!customers) return new Map();
  const found = await Promise.all(ids.map(async (id) => [id, (await customers.findById(id))?.name] as const));
  return new Map(found.filter((f): f is readonly [string, string] => typeof f[1] === 'string'));
}

const PLACE_FIELDS = ['CTY', 'STATE', 'CNTRY', 'SRT'] as const;

export function catalogueOf(
  devices: DeviceRecord[],
  customerNames: Map<string, string> = new Map(),
): CatalogueGateway[] {
  return devices.map((d) => ({
    customer: customerNames.get(d.SID) ?? null,
    mac: d.MAC,
    name: d.NAME,
    tags: d.tags,
    places: PLACE_FIELDS.map((field) => d.LCTN?.[field]).filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    ),
    online: d.CS === 1,
  }));
}
