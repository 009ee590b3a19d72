import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { appDetailsQueryOptions } from '../../../lib/app-details.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { sessionStore, useSession } from '../../../lib/session.ts';
import { earlyMapKey, getDashboardMap, WORLD_VIEW } from '../api/get-dashboard-map.ts';
import { earlySummaryKey, getDashboardSummary, useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { startEarly } from '../api/head-start.ts';
import { useLiveDashboard } from '../use-live-dashboard.ts';
import { customerSlices, FleetCharts, Tile } from './FleetCharts.tsx';
import { GatewayRowsTable } from './GatewayRowsTable.tsx';
import { LocationsTile, loadLocationsMap } from './LocationsTile.tsx';
import { PieChart } from './PieChart.tsx';

/**
 * This module is evaluated when the page's route is first drawn, before the shell around it has drawn and made
 * its own calls: the figures' and the world map's calls and the map's code start now, side by side, instead of
 * one after the other once the figures are on screen (docs/dashboards.md 'First render').
 */
function startGlobalDashboard(): void {
  const session = sessionStore.get();
  const [path, query = ''] = window.location.hash.replace(/^#/, '').split('?');
  if (!session.userLoggedIn || path !== '/cli/globalDashboard') return;
  const scopeId = new URLSearchParams(query).get('scopeId') || session.tenantId;
  if (!scopeId) return;
  startEarly(earlySummaryKey(scopeId), () => getDashboardSummary(scopeId));
  startEarly(earlyMapKey(scopeId, WORLD_VIEW), () => getDashboardMap(scopeId, WORLD_VIEW));
  loadLocationsMap().catch(() => undefined); // the tile's own load reports a failure
}
startGlobalDashboard();

/**
 * /cli/globalDashboard?scopeId=... (spec 002 section 4), for the provider's own tenant: Connectivity,
 * Enrollment Status and Gateways Distribution pies, Gateway OS and Firmware columns, the Locations map over
 * every customer, and the gateway rows with their customer's name.
 */
export function GlobalDashboardPage() {
  const [searchParams] = useSearchParams();
  const { tenantId } = useSession();
  const scopeId = searchParams.get('scopeId') || tenantId;
  useLiveDashboard(scopeId);
  const queryClient = useQueryClient();
  // The map's tile source, asked for beside the figures rather than once the map is drawn.
  useEffect(() => {
    queryClient.prefetchQuery(appDetailsQueryOptions()).catch(() => undefined);
  }, [queryClient]);
  const summary = useDashboardSummary(scopeId);
  const figures = summary.data;
  const t = useT('dashboard');
  const messageText = useMessageText();
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('globalTitle')}
      </Typography>
      {summary.isPending && <CenteredProgress label={t('loading')} />}
      {summary.isError && <Alert severity="error">{messageText(summary.error.message)}</Alert>}
      {figures && (
        <Stack spacing={2}>
          <FleetCharts
            summary={figures}
            scopeId={scopeId}
            extra={
              <Tile>
                <PieChart title={t('charts.distribution')} slices={customerSlices(figures, scopeId)} />
              </Tile>
            }
          />
          <LocationsTile scopeId={scopeId} height={420} eager />
          <Tile>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {t('table.title')}
            </Typography>
            <GatewayRowsTable scopeId={scopeId} />
          </Tile>
        </Stack>
      )}
    </Paper>
  );
}
