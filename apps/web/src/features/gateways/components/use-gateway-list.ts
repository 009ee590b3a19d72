import { effectivePermissions, type GatewaySummary } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hierarchyQueryOptions } from '../../../api/get-hierarchy.ts';
import { ApiError } from '../../../lib/api.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useGatewayWindows } from '../api/get-gateways.ts';
import { dashboardSelection } from '../dashboard-filters.ts';
import { customerNamesOf } from '../gateway-customers.ts';
import type { GatewayFilters } from '../gateway-filters.ts';
import { GATEWAY_LIST_NAME, gatewayPageSize } from '../gateway-list-paging.ts';
import { DEFAULT_GATEWAY_SORT, type GatewaySort } from '../gateway-sort.ts';
import type { GatewayView } from '../gateway-view.ts';
import { GRID_WINDOW, type ListSelection, type VisibleRange } from '../gateway-windows.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import type { PageMode } from './GatewaysToolbar.tsx';

/** Search typing waits this long before the server is asked (a window per pause, not per key). */
export const GATEWAY_SEARCH_DEBOUNCE_MS = 300;

/** The server-side selection of the list shown: search, URL filters, delete mode, the list view's order. */
function listSelectionOf(
  search: string,
  filters: GatewayFilters,
  mode: PageMode,
  sort: GatewaySort,
): ListSelection | null {
  // Delete mode lists offline gateways only: with the Online filter there is nothing to list.
  if (mode === 'delete' && filters.status === 'online') return null;
  return {
    ...(search.trim() ? { search } : {}),
    ...(mode === 'delete'
      ? { status: 'offline' as const }
      : filters.status
        ? { status: filters.status }
        : {}),
    ...(filters.enrollment ? { enrollment: filters.enrollment } : {}),
    ...(filters.name ? { name: filters.name } : {}),
    ...dashboardSelection(filters),
    sort: sort.key,
    order: sort.order,
  };
}

const TOP: VisibleRange = { first: 0, last: GRID_WINDOW - 1 };
const EMPTY_SELECTION: ListSelection = { sort: 'name', order: 'asc' };

type Counts = { total: number; scopeTotal: number; mixed: boolean };

export interface GatewayList {
  /** The search box's text (the server is asked once typing pauses). */
  search: string;
  setSearch: (search: string) => void;
  /** What the server is asked for (also the selection a 'delete the first N' request names). */
  listSelection: ListSelection;
  /** The gateway at each loaded position of the list. */
  rows: ReadonlyMap<number, GatewaySummary>;
  /** The selection's counts as last answered; undefined until the first answer. */
  freshCounts?: Counts;
  /** The gateways the selection holds (0 until known). */
  total: number;
  /** The first counts arrived. */
  loaded: boolean;
  /** The scope has no gateway at all (not only none matching). */
  noGateways: boolean;
  error: Error | null;
  /** The customer in the URL is unknown or out of reach: nothing to act on. */
  scopeMissing: boolean;
  /** Root's view, or a customer with sub-customers: rows and cards name their customer. */
  mixed: boolean;
  customerNames?: ReadonlyMap<string, string>;
  /** The list view: its page, page size and order. */
  listPage: number;
  setListPage: (page: number) => void;
  pageSize: number;
  listSort: GatewaySort;
  setListSort: (sort: GatewaySort) => void;
  /** The grid tells which positions are on screen; their windows are asked. */
  onRangeChange: (range: VisibleRange) => void;
}

/**
 * The gateways of the scope the page shows: what the server is asked for (the search, the URL filters, delete
 * mode, the list view's order) and the windows of the list on screen, the grid by name as it scrolls, the list
 * view a page at a time. While another search, filter or order is on its way, the last rows and counts stand.
 */
export function useGatewayList(
  scopeId: string,
  view: GatewayView,
  filters: GatewayFilters,
  mode: PageMode,
): GatewayList {
  const session = useSession();
  const held = effectivePermissions(session.permissions);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, GATEWAY_SEARCH_DEBOUNCE_MS);

  // What the server lists: the grid by name, the list view in its column's order, a page at a time.
  const [listSort, setListSort] = useState<GatewaySort>(DEFAULT_GATEWAY_SORT);
  const pageSize = gatewayPageSize(rowsPerPageFor(session, GATEWAY_LIST_NAME, 0));
  const [listPage, setListPage] = useState(0);
  const [gridRange, setGridRange] = useState<VisibleRange>(TOP);
  const sort = view === 'list' ? listSort : DEFAULT_GATEWAY_SORT;
  const selectionOrNull = useMemo(
    () => listSelectionOf(debouncedSearch, filters, mode, sort),
    [debouncedSearch, filters, mode, sort],
  );
  const listSelection = selectionOrNull ?? EMPTY_SELECTION;
  const selectionKey = JSON.stringify([scopeId, listSelection]);
  // Another search, filter or order starts the list view at its first page (the grid keeps its scroll
  // position, which the browser clamps to the new list's height, and asks the windows there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the selection
  useEffect(() => {
    setListPage(0);
  }, [selectionKey]);
  const range =
    view === 'list' ? { first: listPage * pageSize, last: (listPage + 1) * pageSize - 1 } : gridRange;
  const gateways = useGatewayWindows(
    scopeId,
    listSelection,
    range,
    view === 'list' ? pageSize : GRID_WINDOW,
    selectionOrNull !== null,
  );
  const freshCounts = selectionOrNull === null ? { total: 0, scopeTotal: 1, mixed: false } : gateways.counts;
  // While another search, filter or order is on its way, the scope's last counts stand (the grid stays).
  const lastCounts = useRef<{ scopeId: string; counts: Counts } | null>(null);
  if (freshCounts) lastCounts.current = { scopeId, counts: freshCounts };
  const counts =
    freshCounts ?? (lastCounts.current?.scopeId === scopeId ? lastCounts.current.counts : undefined);
  // While the windows of another search, filter or order are on their way, the rows shown stay (no blank list).
  const lastRows = useRef(gateways.rows);
  const waiting = gateways.loading && gateways.rows.size === 0;
  if (!waiting) lastRows.current = gateways.rows;
  const rows = waiting ? lastRows.current : gateways.rows;
  const onRangeChange = useCallback(
    (next: VisibleRange) =>
      setGridRange((current) =>
        current.first === next.first && current.last === next.last ? current : next,
      ),
    [],
  );

  // Root's view, or a customer with sub-customers: rows and cards name their customer.
  const mixed = counts?.mixed === true;
  const hierarchy = useQuery({ ...hierarchyQueryOptions(), enabled: mixed && held.has('HIERARCHY_READ') });
  const customerNames = useMemo(
    () => (mixed ? customerNamesOf(hierarchy.data) : undefined),
    [mixed, hierarchy.data],
  );

  return {
    search,
    setSearch,
    listSelection,
    rows,
    freshCounts,
    total: counts?.total ?? 0,
    loaded: counts !== undefined,
    noGateways: counts !== undefined && counts.scopeTotal === 0,
    error: gateways.error,
    // An unknown customer (or one out of reach) in the URL: nothing to act on.
    scopeMissing: gateways.error instanceof ApiError && gateways.error.status === 404,
    mixed,
    customerNames,
    listPage,
    setListPage,
    pageSize,
    listSort,
    setListSort,
    onRangeChange,
  };
}
