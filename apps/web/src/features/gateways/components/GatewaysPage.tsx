import { Alert, Paper, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useSession } from '../../../lib/session.ts';
import { useGateways } from '../api/get-gateways.ts';
import { useLiveGatewayUpdates } from '../use-live-gateway-updates.ts';
import { GatewayTable } from './GatewayTable.tsx';

/** The scope in the URL (?scopeId=), or else the tenant being viewed. */
function useGatewayScopeId(): string {
  const [searchParams] = useSearchParams();
  const { tenantId } = useSession();
  return searchParams.get('scopeId') || tenantId;
}

function GatewayList({ scopeId }: { scopeId: string }) {
  const gateways = useGateways(scopeId);
  useLiveGatewayUpdates(scopeId);
  if (gateways.isPending) return <CenteredProgress label="Loading gateways" />;
  if (gateways.isError) return <Alert severity="error">{gateways.error.message}</Alert>;
  return <GatewayTable gateways={gateways.data} />;
}

/**
 * /cli/gateways, /cli/gateways/list_view and /cli/gateways/grid_view (?scopeId=): for now one simple fleet
 * list, live, for every view.
 */
export function GatewaysPage() {
  const scopeId = useGatewayScopeId();
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: 3 }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        Gateways
      </Typography>
      <GatewayList scopeId={scopeId} />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2 }}>
        Flip cards, charts and commands arrive with the full gateway screens.
      </Typography>
    </Paper>
  );
}
