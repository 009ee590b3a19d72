import { Alert, Paper, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useSession } from '../../../lib/session.ts';
import { matchesGatewayName } from '../../global-search/search-rules.ts';
import { useGateways } from '../api/get-gateways.ts';
import { useLiveGatewayUpdates } from '../use-live-gateway-updates.ts';
import { FilteredByBanner, useGatewayNameFilter } from './FilteredByBanner.tsx';
import { GatewayTable } from './GatewayTable.tsx';

/** The scope in the URL (?scopeId=), or else the tenant being viewed. */
function useGatewayScopeId(): string {
  const [searchParams] = useSearchParams();
  const { tenantId } = useSession();
  return searchParams.get('scopeId') || tenantId;
}

function GatewayList({ scopeId, nameFilter }: { scopeId: string; nameFilter: string | null }) {
  const gateways = useGateways(scopeId);
  useLiveGatewayUpdates(scopeId);
  if (gateways.isPending) return <CenteredProgress label="Loading gateways" />;
  if (gateways.isError) return <Alert severity="error">{gateways.error.message}</Alert>;
  return (
    <GatewayTable
      gateways={gateways.data.filter((gateway) => matchesGatewayName(gateway.name, nameFilter))}
    />
  );
}

/**
 * /cli/gateways, /cli/gateways/list_view and /cli/gateways/grid_view (?scopeId=): for now one simple fleet
 * list, live, for every view.
 */
export function GatewaysPage() {
  const scopeId = useGatewayScopeId();
  const [nameFilter, removeNameFilter] = useGatewayNameFilter();
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: 3 }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        Gateways
      </Typography>
      {nameFilter && <FilteredByBanner name={nameFilter} onRemove={removeNameFilter} />}
      <GatewayList scopeId={scopeId} nameFilter={nameFilter} />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2 }}>
        Flip cards, charts and commands arrive with the full gateway screens.
      </Typography>
    </Paper>
  );
}
