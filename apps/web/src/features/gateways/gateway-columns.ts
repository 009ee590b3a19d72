import type { GatewaySortKey } from './gateway-sort.ts';

export type ColumnId = GatewaySortKey | 'actions';

/** A column of the list; its header is `columns.{id}` of the catalogue. */
export interface Column {
  id: ColumnId;
  /** The column's sort key; Actions has none. */
  sortKey?: GatewaySortKey;
  numeric?: boolean;
  /** A second sort in the same header: on a phone the status shows under the name, and sorts from there. */
  alsoSorts?: { sortKey: GatewaySortKey; id: ColumnId };
}

const CUSTOMER_COLUMN: Column = { id: 'customer', sortKey: 'customer' };
export const COLUMNS: Column[] = [
  { id: 'name', sortKey: 'name' },
  { id: 'macId', sortKey: 'macId' },
  { id: 'status', sortKey: 'status' },
  { id: 'since', sortKey: 'since' },
  { id: 'firmware', sortKey: 'firmware' },
  { id: 'os', sortKey: 'os' },
  { id: 'co2', sortKey: 'co2', numeric: true },
  { id: 'temperature', sortKey: 'temperature', numeric: true },
  { id: 'lastUpdate', sortKey: 'lastUpdate' },
  { id: 'actions' },
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
    layout === 'phone' ? { ...listedName!, alsoSorts: { sortKey: 'status', id: 'status' } } : listedName!;
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
