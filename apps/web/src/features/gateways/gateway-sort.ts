import type { GatewaySortKey, GatewaySortOrder } from '@portal/contract';

/**
 * Columns of the list view that sort (every one but Actions). The server sorts (GET
 * /api/gateway/get-gateways-page `sort`, `order`; issue 14.9): the chosen column either way, gateways
 * without a value last in both directions, ties by name then MAC.
 */
export type { GatewaySortKey };
export type SortOrder = GatewaySortOrder;
export interface GatewaySort {
  key: GatewaySortKey;
  order: SortOrder;
}

export const DEFAULT_GATEWAY_SORT: GatewaySort = { key: 'name', order: 'asc' };

/** A header click: the same column flips its order, another column starts ascending. */
export function nextSort(current: GatewaySort, key: GatewaySortKey): GatewaySort {
  return current.key === key
    ? { key, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { key, order: 'asc' };
}
