import { Alert, Box, Paper, Typography } from '@mui/material';
import {
  effectivePermissions,
  type GatewaySummary,
  gatewayListMessages,
  gatewayRegistryMessages,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { hierarchyQueryOptions } from '../../../api/get-hierarchy.ts';
import { FilteredByBanner } from '../../../components/FilteredByBanner.tsx';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { ApiError } from '../../../lib/api.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { OnboardingDialog } from '../../gateway-commands/index.ts';
import { SensorGraphView } from '../../telemetry/index.ts';
import { useDeleteOfflineGateways } from '../api/delete-offline-gateways.ts';
import { cachedGateway, useGatewayWindows } from '../api/get-gateways.ts';
import { dashboardSelection } from '../dashboard-filters.ts';
import { RegisterGatewayDialog } from '../details/RegisterGatewayDialog.tsx';
import type { GatewayAction } from '../gateway-actions.ts';
import { customerNamesOf } from '../gateway-customers.ts';
import { activeFilters, type GatewayFilters } from '../gateway-filters.ts';
import { GATEWAY_LIST_NAME, gatewayPageSize } from '../gateway-list-paging.ts';
import {
  deleteRequestParts,
  firstOf,
  type GatewaySelection,
  isSelected,
  NO_SELECTION,
  selectedCount,
  toggled,
} from '../gateway-selection.ts';
import { DEFAULT_GATEWAY_SORT, type GatewaySort } from '../gateway-sort.ts';
import { GATEWAY_VIEW_PATHS, type GatewayView, gatewayViewOf } from '../gateway-view.ts';
import { GRID_WINDOW, type ListSelection, type VisibleRange } from '../gateway-windows.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { useLiveGatewayUpdates } from '../use-live-gateway-updates.ts';
import { DeleteGatewaysDialog } from './DeleteGatewaysDialog.tsx';
import { DeleteModeBar } from './DeleteModeBar.tsx';
import { GatewayActionDialog, type OpenedAction } from './GatewayActionDialog.tsx';
import type { CardView } from './GatewayCard.tsx';
import { GatewayGrid } from './GatewayGrid.tsx';
import { GatewaysToolbar, type PageMode } from './GatewaysToolbar.tsx';
import { GatewayTable } from './GatewayTable.tsx';
import { NoGatewaysYet } from './NoGatewaysYet.tsx';
import { useGatewayFilters } from './use-gateway-filters.ts';

/** The scope in the URL (?scopeId=), or else the tenant being viewed. */
function useGatewayScopeId(): string {
  const [searchParams] = useSearchParams();
  const { tenantId } = useSession();
  return searchParams.get('scopeId') || tenantId;
}

/** The view of the route; switching keeps the query (scope, filters). */
function useGatewayView(): [GatewayView, (view: GatewayView) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  return [
    gatewayViewOf(location.pathname),
    (view) => navigate({ pathname: GATEWAY_VIEW_PATHS[view], search: location.search }),
  ];
}

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

/**
 * /cli/gateways, /cli/gateways/grid_view and /cli/gateways/list_view (?scopeId=, and the filters of the
 * 'Filtered by :' banner): the scope's gateways as flip cards or a paged list, live; selection for
 * onboarding and delete mode for offline gateways. Gateways is in everyone's menu: a user without
 * IOT_DEVICE_READ is told why there is nothing, and nothing is asked (a refused call signs the user out).
 */
export function GatewaysPage() {
  const { permissions } = useSession();
  if (effectivePermissions(permissions).has('IOT_DEVICE_READ')) return <GatewaysScreen />;
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        Gateways
      </Typography>
      <Alert severity="info">{gatewayListMessages.noDeviceRead}</Alert>
    </Paper>
  );
}

function GatewaysScreen() {
  const scopeId = useGatewayScopeId();
  const [view, setView] = useGatewayView();
  const [filters, removeFilter] = useGatewayFilters();
  const session = useSession();
  const held = effectivePermissions(session.permissions);
  const notify = useNotify();
  useLiveGatewayUpdates(scopeId);
  const queryClient = useQueryClient();

  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, GATEWAY_SEARCH_DEBOUNCE_MS);
  const [mode, setMode] = useState<PageMode>('browse');
  const [selection, setSelection] = useState<GatewaySelection>(NO_SELECTION);
  /** The gateways ticked one by one, as last seen (the onboarding dialog lists them). */
  const [ticked, setTicked] = useState<ReadonlyMap<string, GatewaySummary>>(new Map());
  const [cardViews, setCardViews] = useState<Record<string, CardView>>({});
  const [opened, setOpened] = useState<OpenedAction | null>(null);
  const [registering, setRegistering] = useState(false);
  const [onboarding, setOnboarding] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteOffline = useDeleteOfflineGateways();

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
  const lastCounts = useRef<{ scopeId: string; counts: NonNullable<typeof freshCounts> } | null>(null);
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
  // An unknown customer (or one out of reach) in the URL: nothing to act on.
  const scopeMissing = gateways.error instanceof ApiError && gateways.error.status === 404;
  const noGateways = counts !== undefined && counts.scopeTotal === 0;
  const total = counts?.total ?? 0;
  const emptyText =
    mode === 'delete' ? 'No offline gateways to delete.' : 'No gateways match the search or filters.';

  const indexOf = useMemo(() => {
    const positions = new Map<string, number>();
    for (const [position, gateway] of rows) positions.set(gateway.macId, position);
    return positions;
  }, [rows]);
  const onOpen = useCallback((action: GatewayAction, macId: string) => setOpened({ action, macId }), []);
  const onViewChange = useCallback(
    (macId: string, next: CardView) => setCardViews((current) => ({ ...current, [macId]: next })),
    [],
  );
  const rowsRef = useLatest({ rows: rows, indexOf });
  const toggle = useCallback(
    (macId: string) => {
      const { rows, indexOf: positions } = rowsRef.current;
      const position = positions.get(macId);
      setSelection((current) => toggled(current, macId, position));
      setTicked((current) => {
        const next = new Map(current);
        const gateway = position === undefined ? undefined : rows.get(position);
        if (!next.delete(macId) && gateway) next.set(macId, gateway);
        return next;
      });
    },
    [rowsRef],
  );
  const clearSelection = () => {
    setSelection(NO_SELECTION);
    setTicked(new Map());
  };
  const changeMode = (next: PageMode) => {
    clearSelection();
    setMode(next);
  };
  const selectedTotal = selectedCount(selection, total);
  // The loaded gateways that are selected (the cards' and rows' checkboxes).
  const selectedMacs = useMemo(() => {
    if (mode === 'browse') return undefined;
    const macs = new Set<string>();
    for (const [position, gateway] of rows)
      if (isSelected(selection, gateway.macId, position)) macs.add(gateway.macId);
    return macs;
  }, [mode, selection, rows]);

  const confirmDelete = () => {
    const { macs, select } = deleteRequestParts(selection);
    const { sort: selectionSort, order, ...filtersOfList } = listSelection;
    deleteOffline.mutate(
      {
        offlineGateways: macs,
        scopeId,
        ...(select ? { select: { ...filtersOfList, sort: selectionSort, order, ...select } } : {}),
      },
      {
        onSuccess: (result) => {
          const ok = result.deleted.length > 0;
          notify({
            variant: ok ? 'success' : 'error',
            text: ok ? gatewayRegistryMessages.deleted : gatewayRegistryMessages.deleteFailed,
          });
        },
        onError: () => notify({ variant: 'error', text: gatewayRegistryMessages.deleteFailed }),
        onSettled: (result) => {
          setConfirmingDelete(false);
          clearSelection();
          // Done deleting: back to the whole list (a refusal or failure keeps delete mode to try again).
          if (result && result.deleted.length > 0) setMode('browse');
        },
      },
    );
  };

  // The gateway an open dialog or the maximised view is about: its live copy, wherever it is cached.
  const openedGateway = opened ? findGateway(rows, opened.macId, queryClient) : undefined;
  const maximised = opened?.action === 'sensorGraphs' ? openedGateway : undefined;
  const selectedGateways = [...ticked.values()];
  const loaded = counts !== undefined;

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <GatewaysToolbar
        view={view}
        onViewChange={setView}
        search={search}
        onSearchChange={setSearch}
        mode={mode}
        onModeChange={changeMode}
        selectedCount={selectedTotal}
        onOnboard={() => setOnboarding(true)}
        onRegister={() => setRegistering(true)}
        canWrite={held.has('IOT_DEVICE_WRITE')}
        canDeleteOffline={held.has('IOT_DEVICE_SCOPE_MIGRATE')}
        disabled={scopeMissing || gateways.error !== null}
        nothingToDelete={noGateways}
      />
      <FilteredByBanner filters={activeFilters(filters)} onRemove={removeFilter} />
      {mode === 'delete' && freshCounts !== undefined && (
        <DeleteModeBar
          selected={selectedTotal}
          total={total}
          onSelectFirst={(count) => {
            setSelection(firstOf(count >= total ? Number.POSITIVE_INFINITY : count));
            setTicked(new Map());
          }}
          onDelete={() => setConfirmingDelete(true)}
          onExit={() => changeMode('browse')}
        />
      )}
      {!loaded && !gateways.error && <ProgressStatus text={gatewayListMessages.fetching} />}
      {gateways.error && (
        <Alert severity="error">
          {gateways.error.message}
          {scopeMissing && (
            <Box component="span" sx={{ display: 'block' }}>
              Choose a customer from the customer menu above, or check the address.
            </Box>
          )}
        </Alert>
      )}
      {noGateways && mode === 'browse' && (
        <NoGatewaysYet
          scopeId={scopeId}
          canRegister={held.has('IOT_DEVICE_WRITE')}
          onRegister={() => setRegistering(true)}
          showSimulator={session.isRootUser}
        />
      )}
      {loaded && !noGateways && total === 0 && view === 'grid' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {emptyText}
        </Alert>
      )}
      {maximised && <SensorGraphView gateway={maximised} open onClose={() => setOpened(null)} />}
      {loaded && !noGateways && !maximised && view === 'grid' && (
        <GatewayGrid
          scopeId={scopeId}
          count={total}
          rows={rows}
          onRangeChange={onRangeChange}
          cardViews={cardViews}
          onViewChange={onViewChange}
          onOpen={onOpen}
          selectedMacs={selectedMacs}
          onToggleSelect={toggle}
          customerNames={customerNames}
        />
      )}
      {loaded && !noGateways && !maximised && view === 'list' && (
        <GatewayTable
          count={total}
          rows={rows}
          page={listPage}
          pageSize={pageSize}
          onPageChange={setListPage}
          sort={mixed || listSort.key !== 'customer' ? listSort : DEFAULT_GATEWAY_SORT}
          onSortChange={setListSort}
          onOpen={onOpen}
          selectedMacs={selectedMacs}
          onToggleSelect={toggle}
          customerNames={customerNames}
          emptyText={emptyText}
        />
      )}
      <GatewayActionDialog opened={opened} gateway={openedGateway} onClose={() => setOpened(null)} />
      {registering && <RegisterGatewayDialog scopeId={scopeId} open onClose={() => setRegistering(false)} />}
      {onboarding && (
        <OnboardingDialog gateways={selectedGateways} open onClose={() => setOnboarding(false)} />
      )}
      <DeleteGatewaysDialog
        open={confirmingDelete}
        count={selectedTotal}
        busy={deleteOffline.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirmingDelete(false)}
      />
    </Paper>
  );
}

const EMPTY_SELECTION: ListSelection = { sort: 'name', order: 'asc' };

/** The latest value, for callbacks that must stay the same between renders. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

function findGateway(
  rows: ReadonlyMap<number, GatewaySummary>,
  macId: string,
  queryClient: ReturnType<typeof useQueryClient>,
): GatewaySummary | undefined {
  for (const gateway of rows.values()) if (gateway.macId === macId) return gateway;
  return cachedGateway(queryClient, macId);
}
