import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useSession } from '../../../lib/session.ts';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { useLiveDashboard } from '../use-live-dashboard.ts';
import { customerSlices, FleetCharts, Tile } from './FleetCharts.tsx';
import { GatewayRowsTable } from './GatewayRowsTable.tsx';
import { LocationsTile } from './LocationsTile.tsx';
import { PieChart } from './PieChart.tsx';

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
  const summary = useDashboardSummary(scopeId);
  const figures = summary.data;
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        Global Dashboard
      </Typography>
      {summary.isPending && <CenteredProgress label="Loading the dashboard" />}
      {summary.isError && <Alert severity="error">{summary.error.message}</Alert>}
      {figures && (
        <Stack spacing={2}>
          <FleetCharts
            summary={figures}
            scopeId={scopeId}
            extra={
              <Tile>
                <PieChart title="Gateways Distribution" slices={customerSlices(figures, scopeId)} />
              </Tile>
            }
          />
          <LocationsTile scopeId={scopeId} height={420} />
          <Tile>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              Gateways
            </Typography>
            <GatewayRowsTable scopeId={scopeId} />
          </Tile>
        </Stack>
      )}
    </Paper>
  );
}
