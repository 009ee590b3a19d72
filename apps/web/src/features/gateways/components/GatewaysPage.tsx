import { Alert, Box, Paper } from '@mui/material';
import { effectivePermissions, gatewayListMessages, gatewayRegistryMessages } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { hierarchyQueryOptions } from '../../../api/get-hierarchy.ts';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { OnboardingDialog } from '../../gateway-commands/index.ts';
import { SensorGraphView } from '../../telemetry/index.ts';
import { useDeleteOfflineGateways } from '../api/delete-offline-gateways.ts';
import { useGatewaysFirstPageFirst } from '../api/get-gateways.ts';
import { firstOfflineMacs } from '../delete-selection.ts';
import { RegisterGatewayDialog } from '../details/RegisterGatewayDialog.tsx';
import type { GatewayAction } from '../gateway-actions.ts';
import { customerNamesOf, isMixedView } from '../gateway-customers.ts';
import { activeFilters, matchesFilters } from '../gateway-filters.ts';
import { matchesGatewaySearch } from '../gateway-search.ts';
import { GATEWAY_VIEW_PATHS, type GatewayView, gatewayViewOf } from '../gateway-view.ts';
import { useLiveGatewayUpdates } from '../use-live-gateway-updates.ts';
import { DeleteGatewaysDialog } from './DeleteGatewaysDialog.tsx';
import { DeleteModeBar } from './DeleteModeBar.tsx';
import { FilteredByBanner, useGatewayFilters } from './FilteredByBanner.tsx';
import { GatewayActionDialog, type OpenedAction } from './GatewayActionDialog.tsx';
import type { CardView } from './GatewayCard.tsx';
import { GatewayGrid } from './GatewayGrid.tsx';
import { GatewaysToolbar, type PageMode } from './GatewaysToolbar.tsx';
import { GatewayTable } from './GatewayTable.tsx';
import { NoGatewaysYet } from './NoGatewaysYet.tsx';

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

/** Selected MACs, with a stable toggle for memoised cards and rows. */
function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (macId: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(macId)) next.add(macId);
        return next;
      }),
    [],
  );
  return { selected, setSelected, toggle };
}

/**
 * /cli/gateways, /cli/gateways/grid_view and /cli/gateways/list_view (?scopeId=, and the filters of the
 * 'Filtered by :' banner): the scope's gateways as flip cards or a paged list, live; selection for
 * onboarding and delete mode for offline gateways.
 */
export function GatewaysPage() {
  const scopeId = useGatewayScopeId();
  const [view, setView] = useGatewayView();
  const [filters, removeFilter] = useGatewayFilters();
  const session = useSession();
  const held = effectivePermissions(session.permissions);
  const notify = useNotify();
  const gateways = useGatewaysFirstPageFirst(scopeId);
  useLiveGatewayUpdates(scopeId);

  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [mode, setMode] = useState<PageMode>('browse');
  const { selected, setSelected, toggle } = useSelection();
  const [cardViews, setCardViews] = useState<Record<string, CardView>>({});
  const [opened, setOpened] = useState<OpenedAction | null>(null);
  const [registering, setRegistering] = useState(false);
  const [onboarding, setOnboarding] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteOffline = useDeleteOfflineGateways();

  const all = gateways.data;
  const shown = useMemo(
    () =>
      (all ?? []).filter(
        (gateway) =>
          matchesFilters(gateway, filters) &&
          matchesGatewaySearch(gateway, deferredSearch) &&
          (mode !== 'delete' || gateway.deviceStatus === 'offline'),
      ),
    [all, filters, deferredSearch, mode],
  );

  // Root's view, or a customer with sub-customers: rows and cards name their customer.
  const mixed = useMemo(() => isMixedView(all ?? [], scopeId), [all, scopeId]);
  const hierarchy = useQuery({ ...hierarchyQueryOptions(), enabled: mixed && held.has('HIERARCHY_READ') });
  const customerNames = useMemo(
    () => (mixed ? customerNamesOf(hierarchy.data) : undefined),
    [mixed, hierarchy.data],
  );
  // An unknown customer (or one out of reach) in the URL: nothing to act on.
  const scopeMissing = gateways.error instanceof ApiError && gateways.error.status === 404;
  const noGateways = all !== undefined && all.length === 0 && !gateways.isLoadingAll;
  const emptyText =
    mode === 'delete' ? 'No offline gateways to delete.' : 'No gateways match the search or filters.';

  const onOpen = useCallback((action: GatewayAction, macId: string) => setOpened({ action, macId }), []);
  const onViewChange = useCallback(
    (macId: string, next: CardView) => setCardViews((current) => ({ ...current, [macId]: next })),
    [],
  );
  const changeMode = (next: PageMode) => {
    setSelected(new Set());
    setMode(next);
  };
  // Only listed gateways count as selected: one deleted or gone offline meanwhile drops out of the selection.
  const selectable = mode === 'delete' ? shown : (all ?? []);
  const selectedGateways = selectable.filter((gateway) => selected.has(gateway.macId));

  const confirmDelete = () =>
    deleteOffline.mutate(
      { offlineGateways: selectedGateways.map((gateway) => gateway.macId), scopeId },
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
          setSelected(new Set());
          // Done deleting: back to the whole list (a refusal or failure keeps delete mode to try again).
          if (result && result.deleted.length > 0) setMode('browse');
        },
      },
    );

  const maximised =
    opened?.action === 'sensorGraphs' ? all?.find((g) => g.macId === opened.macId) : undefined;
  const selectedMacs = mode === 'browse' ? undefined : selected;

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: 3 }}>
      <GatewaysToolbar
        view={view}
        onViewChange={setView}
        search={search}
        onSearchChange={setSearch}
        mode={mode}
        onModeChange={changeMode}
        selectedCount={selectedGateways.length}
        onOnboard={() => setOnboarding(true)}
        onRegister={() => setRegistering(true)}
        canWrite={held.has('IOT_DEVICE_WRITE')}
        canDeleteOffline={held.has('IOT_DEVICE_SCOPE_MIGRATE')}
        disabled={scopeMissing || gateways.error !== null}
        nothingToDelete={noGateways}
      />
      <FilteredByBanner filters={activeFilters(filters)} onRemove={removeFilter} />
      {mode === 'delete' && (
        <DeleteModeBar
          selected={selectedGateways.length}
          total={shown.length}
          onSelectFirst={(count) => setSelected(firstOfflineMacs(shown, count))}
          onDelete={() => setConfirmingDelete(true)}
          onExit={() => changeMode('browse')}
        />
      )}
      {gateways.isLoadingAll && <ProgressStatus text={gatewayListMessages.fetching} />}
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
        />
      )}
      {all && !noGateways && shown.length === 0 && view === 'grid' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {emptyText}
        </Alert>
      )}
      {all && maximised && <SensorGraphView gateway={maximised} open onClose={() => setOpened(null)} />}
      {all && !noGateways && !maximised && view === 'grid' && (
        <GatewayGrid
          scopeId={scopeId}
          gateways={shown}
          cardViews={cardViews}
          onViewChange={onViewChange}
          onOpen={onOpen}
          selectedMacs={selectedMacs}
          onToggleSelect={toggle}
          customerNames={customerNames}
        />
      )}
      {all && !noGateways && !maximised && view === 'list' && (
        <GatewayTable
          gateways={shown}
          onOpen={onOpen}
          selectedMacs={selectedMacs}
          onToggleSelect={toggle}
          customerNames={customerNames}
          emptyText={emptyText}
        />
      )}
      <GatewayActionDialog opened={opened} gateways={all ?? []} onClose={() => setOpened(null)} />
      {registering && <RegisterGatewayDialog scopeId={scopeId} open onClose={() => setRegistering(false)} />}
      {onboarding && (
        <OnboardingDialog gateways={selectedGateways} open onClose={() => setOnboarding(false)} />
      )}
      <DeleteGatewaysDialog
        open={confirmingDelete}
        count={selectedGateways.length}
        busy={deleteOffline.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirmingDelete(false)}
      />
    </Paper>
  );
}
