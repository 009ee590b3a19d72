import type { GatewaySummary } from '@portal/contract';

/** Columns of the list view that sort (every one but Actions). */
export type GatewaySortKey =
  | 'name'
  | 'customer'
  | 'macId'
  | 'status'
  | 'since'
  | 'firmware'
  | 'os'
  | 'co2'
  | 'temperature'
  | 'lastUpdate';
export type SortOrder = 'asc' | 'desc';
export interface GatewaySort {
  key: GatewaySortKey;
  order: SortOrder;
}

export const DEFAULT_GATEWAY_SORT: GatewaySort = { key: 'name', order: 'asc' };

type SortValue = string | number | null;

/** 'Since' orders by how long the gateway is in its state: the time it came online or went offline. */
const sinceOf = (g: GatewaySummary) => (g.deviceStatus === 'online' ? g.LONTI : g.LOFFTI);
const text = (value: string | null | undefined) => (value?.trim() ? value.trim().toLowerCase() : null);
const finite = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

function sortValue(
  g: GatewaySummary,
  key: GatewaySortKey,
  customerName: (scopeId: string) => string,
): SortValue {
  switch (key) {
    case 'name':
      return text(g.name);
    case 'customer':
      return text(customerName(g.scopeId));
    case 'macId':
      return g.macId;
    case 'status':
      return g.deviceStatus;
    case 'since':
      return finite(sinceOf(g));
    case 'firmware':
      return text(g.firmware);
    case 'os':
      return text(g.OSversion);
    case 'co2':
      return finite(g.latest?.CO2);
    case 'temperature':
      return finite(g.latest?.TEMP);
    case 'lastUpdate':
      return finite(g.latest?.TI);
  }
}

const compareValues = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b), undefined, { numeric: true });

/**
 * The list view's order: the chosen column either way, gateways without a value last in both directions,
 * ties by name then MAC (ascending), so the order is the same on every render and page.
 */
export function sortGateways(
  gateways: readonly GatewaySummary[],
  { key, order }: GatewaySort,
  customerName: (scopeId: string) => string = () => '',
): GatewaySummary[] {
  const sign = order === 'asc' ? 1 : -1;
  const keyed = gateways.map((g) => ({ g, value: sortValue(g, key, customerName) }));
  keyed.sort((a, b) => {
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      const byKey = compareValues(a.value, b.value);
      if (byKey !== 0) return sign * byKey;
    }
    return (
      compareValues(a.g.name.toLowerCase(), b.g.name.toLowerCase()) || compareValues(a.g.macId, b.g.macId)
    );
  });
  return keyed.map(({ g }) => g);
}

/** A header click: the same column flips its order, another column starts ascending. */
export function nextSort(current: GatewaySort, key: GatewaySortKey): GatewaySort {
  return current.key === key
    ? { key, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { key, order: 'asc' };
}
