import { Alert, Box, Link, Paper, Stack, Typography } from '@mui/material';
import {
  CO2_BANDS,
  type DashboardSummary,
  dashboardMessages,
  effectivePermissions,
  gatewayListMessages,
  TENANT_KIND,
} from '@portal/contract';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { CustomerQuotaPanel } from '../../tenants/index.ts';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { usePumpDashboard } from '../api/get-pump-dashboard.ts';
import { gatewaysLink, locksLink } from '../dashboard-links.ts';
import { useLiveDashboard } from '../use-live-dashboard.ts';
import { FleetCharts, Tile } from './FleetCharts.tsx';
import { LocationsTile } from './LocationsTile.tsx';
import { PieChart } from './PieChart.tsx';

/** The demo pump screen is a chunk of its own: fleet customers never load it. */
const PumpDashboard = lazy(async () => ({ default: (await import('./PumpDashboard.tsx')).PumpDashboard }));

const CO2_COLORS = { good: '#2e7d32', moderate: '#f5a623', poor: '#c62828' } as const;

function Co2Picture({ summary }: { summary: DashboardSummary }) {
  const t = useT('dashboard');
  const slices = [
    ...CO2_BANDS.map((band) => ({
      label: t(`co2.${band.band}`),
      count: summary.co2[band.band],
      color: CO2_COLORS[band.band],
    })),
    { label: t('co2.noData'), count: summary.co2.noData, color: '#bdbdbd' },
  ];
  return (
    <Stack spacing={1}>
      <PieChart title={t('co2.title')} slices={slices} />
      <Typography variant="body2" color="text.secondary">
        {summary.co2.average === null
          ? t('co2.noReadings')
          : t('co2.average', { value: formatNumber(summary.co2.average) })}
      </Typography>
    </Stack>
  );
}

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
  const t = useT('dashboard');
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {to ? (
        <Link
          component={RouterLink}
          to={to}
          variant="h5"
          underline="hover"
          aria-label={t('figures.link', { label, value: formatNumber(value) })}
        >
          {formatNumber(value)}
        </Link>
      ) : (
        <Typography variant="h5">{formatNumber(value)}</Typography>
      )}
    </Paper>
  );
}

/** Named in the 'dashboard' catalogue as `credentials.{state}`. */
const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;

/**
 * The lock-access ledger's credentials not yet on their locks, per delivery state; each count opens the locks
 * holding them (a lock's users dialog shows each credential's state and reason).
 */
function Credentials({
  scopeId,
  credentials,
}: {
  scopeId: string;
  credentials: DashboardSummary['locks']['credentials'];
}) {
  const t = useT('dashboard');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="credentials-title" sx={{ p: 2 }}>
      <Typography id="credentials-title" variant="body2" color="text.secondary">
        {t('credentials.title')}
      </Typography>
      <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', mt: 0.5 }}>
        {DELIVERY_STATES.map((state) => (
          <Stack key={state} direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
            <Typography variant="body2">{t(`credentials.${state}`)}</Typography>
            <Link
              component={RouterLink}
              to={locksLink(scopeId, { access: state })}
              variant="h6"
              underline="hover"
              aria-label={t('credentials.link', {
                state: t(`credentials.${state}`).toLowerCase(),
                value: formatNumber(credentials[state]),
              })}
            >
              {formatNumber(credentials[state])}
            </Link>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** The customer's fleet at a glance, every number a link to its gateways. */
function FleetDashboard({ scopeId }: { scopeId: string }) {
  const summary = useDashboardSummary(scopeId);
  const t = useT('dashboard');
  const messageText = useMessageText();
  // The free tier has no locks to manage (no Locks screen for its figures to open).
  const withLocks = useSession().tenantKind !== TENANT_KIND.freeTier;
  const figures = summary.data;
  return (
    <>
      {summary.isPending && <CenteredProgress label={t('loading')} />}
      {summary.isError && <Alert severity="error">{messageText(summary.error.message)}</Alert>}
      {figures && (
        <Stack spacing={2}>
          {figures.total === 0 && <Alert severity="info">{messageText(dashboardMessages.noGateways)}</Alert>}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                sm: 'repeat(3, minmax(0, 1fr))',
                lg: `repeat(${withLocks ? 6 : 4}, minmax(0, 1fr))`,
              },
            }}
          >
            <Figure label={t('figures.gateways')} value={figures.total} to={gatewaysLink(scopeId)} />
            <Figure
              label={t('figures.online')}
              value={figures.connectivity.online}
              to={gatewaysLink(scopeId, { status: 'online' })}
            />
            <Figure
              label={t('figures.offline')}
              value={figures.connectivity.offline}
              to={gatewaysLink(scopeId, { status: 'offline' })}
            />
            <Figure
              label={t('figures.unregistered')}
              value={figures.enrollment.unregistered}
              to={gatewaysLink(scopeId, { enrollment: 'unregistered' })}
            />
            {withLocks && (
              <Figure label={t('figures.locks')} value={figures.locks.total} to={locksLink(scopeId)} />
            )}
            {withLocks && (
              <Figure
                label={t('figures.lowBattery')}
                value={figures.locks.lowBattery}
                to={locksLink(scopeId, { battery: 'low' })}
              />
            )}
          </Box>
          {withLocks && <Credentials scopeId={scopeId} credentials={figures.locks.credentials} />}
          <CustomerQuotaPanel scopeId={scopeId} />
          <FleetCharts
            summary={figures}
            scopeId={scopeId}
            extra={
              <Tile>
                <Co2Picture summary={figures} />
              </Tile>
            }
          />
          <LocationsTile scopeId={scopeId} />
        </Stack>
      )}
    </>
  );
}

/**
 * /cli/dashboard?scopeId=...: the customer's Dashboard, the fleet at a glance or, for a customer given the demo
 * pump variant (docs/dashboards.md, "Pump dashboard"), the pump screen.
 */
export function DashboardPage() {
  const [searchParams] = useSearchParams();
  const { tenantId, tenantName, permissions } = useSession();
  const scopeId = searchParams.get('scopeId') || tenantId;
  // Every figure here is of devices: a user without Devices Read (everyone's home page) is told so instead.
  const mayReadDevices = effectivePermissions(permissions).has('IOT_DEVICE_READ');
  useLiveDashboard(scopeId);
  const variant = usePumpDashboard(scopeId, mayReadDevices);
  // Asked beside the variant, so the fleet's first render waits for one round trip, not two (and the map
  // index the pump screen also shows starts building).
  useDashboardSummary(scopeId, mayReadDevices);
  const t = useT('dashboard');
  const messageText = useMessageText();
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
        {tenantName}
      </Typography>
      {!mayReadDevices && <Alert severity="info">{messageText(gatewayListMessages.noDeviceRead)}</Alert>}
      {mayReadDevices && variant.isPending && <CenteredProgress label={t('loading')} />}
      {variant.isError && <Alert severity="error">{messageText(variant.error.message)}</Alert>}
      {variant.data?.dashboardVariant === 'fleet' && <FleetDashboard scopeId={scopeId} />}
      {variant.data?.dashboardVariant === 'pump' && (
        <Suspense fallback={<CenteredProgress label={t('loading')} />}>
          <PumpDashboard scopeId={scopeId} data={variant.data} />
        </Suspense>
      )}
    </Paper>
  );
}
