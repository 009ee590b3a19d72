import type { GatewaySortKey } from './gateway-sort.ts';

export interface Column {
  label: string;
  /** The column's sort key; Actions has none. */
  sortKey?: GatewaySortKey;
  numeric?: boolean;
}

const CUSTOMER_COLUMN: Column = { label: 'Customer', sortKey: 'customer' };
export const COLUMNS: Column[] = [
  { label: 'Name', sortKey: 'name' },
  { label: 'MAC', sortKey: 'macId' },
  { label: 'Status', sortKey: 'status' },
  { label: 'Since', sortKey: 'since' },
  { label: 'Firmware', sortKey: 'firmware' },
  { label: 'OS Version', sortKey: 'os' },
  { label: 'CO2 (ppm)', sortKey: 'co2', numeric: true },
  { label: 'Temperature (°C)', sortKey: 'temperature', numeric: true },
  { label: 'Last update', sortKey: 'lastUpdate' },
  { label: 'Actions' },
];

/**
 * The list's columns: a Customer column after the name in a view mixing customers; on a phone the status
 * under the name (no Status column) and Actions right after the name (and customer).
 */
export function columnsFor(mixed: boolean, compact: boolean): Column[] {
  const [name, ...rest] = COLUMNS;
  const first = mixed ? [name!, CUSTOMER_COLUMN] : [name!];
  if (!compact) return [...first, ...rest];
  const actions = rest.filter((column) => column.sortKey === undefined);
  return [
    ...first,
    ...actions,
    ...rest.filter((column) => column.sortKey !== undefined && column.sortKey !== 'status'),
  ];
}
