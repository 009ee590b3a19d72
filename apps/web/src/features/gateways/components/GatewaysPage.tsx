import { Alert, Paper, Typography } from '@mui/material';
import {
  effectivePermissions,
  type GatewaySummary,
  gatewayListMessages,
  TENANT_KIND,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FilteredByBanner } from '../../../components/FilteredByBanner.tsx';
import { ViewOnlyNotice } from '../../../components/ViewOnlyNotice.tsx';
import { i18n, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { OnboardingDialog } from '../../gateway-commands/index.ts';
import { SensorGraphView } from '../../telemetry/index.ts';
import { cachedGateway } from '../api/get-gateways.ts';
import { RegisterGatewayDialog } from '../details/RegisterGatewayDialog.tsx';
import { type GatewayAction, mayChangeGateways } from '../gateway-actions.ts';
import { activeFilters } from '../gateway-filters.ts';
import { DEFAULT_GATEWAY_SORT } from '../gateway-sort.ts';
import { GATEWAY_VIEW_PATHS, type GatewayView, gatewayViewOf } from '../gateway-view.ts';
import { useLiveGatewayUpdates } from '../use-live-gateway-updates.ts';
import { DeleteGatewaysDialog } from './DeleteGatewaysDialog.tsx';
import { DeleteModeBar } from './DeleteModeBar.tsx';
import { GatewayActionDialog, type OpenedAction } from './GatewayActionDialog.tsx';
import type { CardView } from './GatewayCard.tsx';
import { GatewayGrid } from './GatewayGrid.tsx';
import { GatewayListStatus } from './GatewayListStatus.tsx';
import { GatewaysToolbar, type PageMode } from './GatewaysToolbar.tsx';
import { GatewayTable } from './GatewayTable.tsx';
import { useDeleteOffline } from './use-delete-offline.ts';
import { useGatewayFilters } from './use-gateway-filters.ts';
import { useGatewayList } from './use-gateway-list.ts';
import { useGatewaySelection } from './use-gateway-selection.ts';

/** The namespaces of the dialogs a card or a row opens (other features'). */
const DIALOG_NAMESPACES = ['gateway-commands', 'locks', 'instructions', 'telemetry'];

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

/**
 * /cli/gateways, /cli/gateways/grid_view and /cli/gateways/list_view (?scopeId=, and the filters of the
 * 'Filtered by :' banner): the scope's gateways as flip cards or a paged list, live; selection for
 * onboarding and delete mode for offline gateways. Gateways is in everyone's menu: a user without
 * IOT_DEVICE_READ is told why there is nothing, and nothing is asked (a refused call signs the user out).
 */
export function GatewaysPage() {
  const t = useT('gateways');
  const messageText = useMessageText();
  const { permissions } = useSession();
  if (effectivePermissions(permissions).has('IOT_DEVICE_READ')) return <GatewaysScreen />;
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Alert severity="info">{messageText(gatewayListMessages.noDeviceRead)}</Alert>
    </Paper>
  );
}

/**
 * The page for a user who may read gateways: the toolbar, the list (grid or table) with its state, and the
 * dialogs it opens. The list is use-gateway-list.ts, the selection use-gateway-selection.ts, the deletion of
 * offline gateways use-delete-offline.ts.
 */
function GatewaysScreen() {
  const t = useT('gateways');
  // The dialogs a card or row opens show these features' texts: fetched with the page, so they open at once.
  useEffect(() => {
    void i18n.loadNamespaces(DIALOG_NAMESPACES);
  }, []);
  const scopeId = useGatewayScopeId();
  const [view, setView] = useGatewayView();
  const [filters, removeFilter] = useGatewayFilters();
  const session = useSession();
  const held = effectivePermissions(session.permissions);
  useLiveGatewayUpdates(scopeId);
  const queryClient = useQueryClient();

  const [mode, setMode] = useState<PageMode>('browse');
  const list = useGatewayList(scopeId, view, filters, mode);
  const { rows, total, loaded, noGateways } = list;
  const selected = useGatewaySelection(rows, total, mode);
  const changeMode = (next: PageMode) => {
    selected.clear();
    setMode(next);
  };
  const deletion = useDeleteOffline(scopeId, list.listSelection, selected.selection, (deletedAny) => {
    selected.clear();
    // Done deleting: back to the whole list (a refusal or failure keeps delete mode to try again).
    if (deletedAny) setMode('browse');
  });

  const [cardViews, setCardViews] = useState<Record<string, CardView>>({});
  const [opened, setOpened] = useState<OpenedAction | null>(null);
  const [registering, setRegistering] = useState(false);
  const [onboarding, setOnboarding] = useState(false);
  const onOpen = useCallback((action: GatewayAction, macId: string) => setOpened({ action, macId }), []);
  const onViewChange = useCallback(
    (macId: string, next: CardView) => setCardViews((current) => ({ ...current, [macId]: next })),
    [],
  );
  // The gateway an open dialog or the maximised view is about: its live copy, wherever it is cached.
  const openedGateway = opened ? findGateway(rows, opened.macId, queryClient) : undefined;
  const maximised = opened?.action === 'sensorGraphs' ? openedGateway : undefined;
  const emptyText = mode === 'delete' ? t('emptyDelete') : t('emptyMatch');
  const showList = loaded && !noGateways && !maximised;

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <GatewaysToolbar
        view={view}
        onViewChange={setView}
        search={list.search}
        onSearchChange={list.setSearch}
        mode={mode}
        onModeChange={changeMode}
        selectedCount={selected.selectedTotal}
        onOnboard={() => setOnboarding(true)}
        onRegister={() => setRegistering(true)}
        canWrite={held.has('IOT_DEVICE_WRITE')}
        canDeleteOffline={held.has('IOT_DEVICE_SCOPE_MIGRATE')}
        disabled={list.scopeMissing || list.error !== null}
        nothingToDelete={noGateways}
      />
      {!mayChangeGateways(held) && <ViewOnlyNotice what={t('viewOnlyWhat')} />}
      <FilteredByBanner filters={activeFilters(filters)} onRemove={removeFilter} />
      {mode === 'delete' && list.freshCounts !== undefined && (
        <DeleteModeBar
          selected={selected.selectedTotal}
          total={total}
          onSelectFirst={selected.selectFirst}
          onDelete={deletion.ask}
          onExit={() => changeMode('browse')}
        />
      )}
      <GatewayListStatus
        list={list}
        view={view}
        mode={mode}
        scopeId={scopeId}
        emptyText={emptyText}
        canRegister={held.has('IOT_DEVICE_WRITE')}
        onRegister={() => setRegistering(true)}
        selfService={!session.isRootUser && session.tenantKind === TENANT_KIND.freeTier}
        showSimulator={session.isRootUser}
      />
      {maximised && <SensorGraphView gateway={maximised} open onClose={() => setOpened(null)} />}
      {showList && view === 'grid' && (
        <GatewayGrid
          scopeId={scopeId}
          count={total}
          rows={rows}
          onRangeChange={list.onRangeChange}
          cardViews={cardViews}
          onViewChange={onViewChange}
          onOpen={onOpen}
          selectedMacs={selected.selectedMacs}
          onToggleSelect={selected.toggle}
          customerNames={list.customerNames}
        />
      )}
      {showList && view === 'list' && (
        <GatewayTable
          count={total}
          rows={rows}
          page={list.listPage}
          pageSize={list.pageSize}
          onPageChange={list.setListPage}
          sort={list.mixed || list.listSort.key !== 'customer' ? list.listSort : DEFAULT_GATEWAY_SORT}
          onSortChange={list.setListSort}
          onOpen={onOpen}
          selectedMacs={selected.selectedMacs}
          onToggleSelect={selected.toggle}
          customerNames={list.customerNames}
          emptyText={emptyText}
        />
      )}
      <GatewayActionDialog opened={opened} gateway={openedGateway} onClose={() => setOpened(null)} />
      {registering && <RegisterGatewayDialog scopeId={scopeId} open onClose={() => setRegistering(false)} />}
      {onboarding && (
        <OnboardingDialog gateways={selected.selectedGateways} open onClose={() => setOnboarding(false)} />
      )}
      <DeleteGatewaysDialog
        open={deletion.confirming}
        count={selected.selectedTotal}
        busy={deletion.busy}
        onConfirm={deletion.confirm}
        onClose={deletion.cancel}
      />
    </Paper>
  );
}

function findGateway(
  rows: ReadonlyMap<number, GatewaySummary>,
  macId: string,
  queryClient: ReturnType<typeof useQueryClient>,
): GatewaySummary | undefined {
  for (const gateway of rows.values()) if (gateway.macId === macId) return gateway;
  return cachedGateway(queryClient, macId);
}
