import type { GatewaySortKey } from './gateway-sort.ts';

export type ColumnId = GatewaySortKey | 'actions';

export interface Column {
  id: ColumnId;
  label: string;
  /** The column's sort key; Actions has none. */
  sortKey?: GatewaySortKey;
  numeric?: boolean;
  /** A second sort in the same header: on a phone the status shows under the name, and sorts from there. */
  alsoSorts?: { sortKey: GatewaySortKey; label: string };
}

const CUSTOMER_COLUMN: Column = { id: 'customer', label: 'Customer', sortKey: 'customer' };
export const COLUMNS: Column[] = [
  { id: 'name', label: 'Name', sortKey: 'name' },
  { id: 'macId', label: 'MAC', sortKey: 'macId' },
  { id: 'status', label: 'Status', sortKey: 'status' },
  { id: 'since', label: 'Since', sortKey: 'since' },
  { id: 'firmware', label: 'Firmware', sortKey: 'firmware' },
  { id: 'os', label: 'OS Version', sortKey: 'os' },
  { id: 'co2', label: 'CO2 (ppm)', sortKey: 'co2', numeric: true },
  { id: 'temperature', label: 'Temperature (°C)', sortKey: 'temperature', numeric: true },
  { id: 'lastUpdate', label: 'Last update', sortKey: 'lastUpdate' },
  { id: 'actions', label: 'Actions' },
];

/**
 * How the list lays its columns out: 'full' where they all fit; 'narrow' where they do not (a laptop with the
 * navigation open, more so with the select boxes or a Customer column), the status and actions then coming
 * right after the name so both stay in sight while the rest scrolls; 'phone' the same with the status under
 * the name (no Status column).
 */
export type ColumnLayout = 'full' | 'narrow' | 'phone';

/** The list's columns, with a Customer column after the name in a view mixing customers. */
export function columnsFor(mixed: boolean, layout: ColumnLayout): Column[] {
  const [listedName, ...rest] = COLUMNS;
  const name: Column =
    layout === 'phone' ? { ...listedName!, alsoSorts: { sortKey: 'status', label: 'Status' } } : listedName!;
  const first = mixed ? [name, CUSTOMER_COLUMN] : [name];
  if (layout === 'full') return [...first, ...rest];
  const upFront: ColumnId[] = layout === 'phone' ? ['actions'] : ['status', 'actions'];
  const byId = (id: ColumnId) => rest.find((column) => column.id === id)!;
  return [
    ...first,
    ...upFront.map(byId),
    ...rest.filter((column) => !upFront.includes(column.id) && column.id !== 'status'),
  ];
}

/**
 * The layout for a list `width` px wide: a phone's; 'narrow' where the list is narrower than what its full
 * columns were measured to need (`fullWidthNeeded`, unknown until they overflowed once); else 'full'.
 */
export function columnLayout(
  phone: boolean,
  width: number,
  fullWidthNeeded: number | undefined,
): ColumnLayout {
  if (phone) return 'phone';
  return fullWidthNeeded !== undefined && width > 0 && width < fullWidthNeeded ? 'narrow' : 'full';
}
