import { Paper, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../../lib/session.ts';
import { LocksCounts } from './LocksCounts.tsx';
import { LocksList } from './LocksList.tsx';

/**
 * /cli/locks?scopeId= (docs/ui.md 'Locks and lock users'): the customer's locks behind all its gateways, with the counts;
 * `&macId=` narrows it to one gateway's locks.
 */
export function LocksPage() {
  const [searchParams] = useSearchParams();
  const { tenantId } = useSession();
  const scopeId = searchParams.get('scopeId') || tenantId;
  const gatewayMacId = searchParams.get('macId') || undefined;
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'baseline' }, gap: 1 }}
      >
        <Typography id="page-title" variant="h5" component="h1">
          {gatewayMacId ? `Locks of gateway ${gatewayMacId}` : 'Locks'}
        </Typography>
        <LocksCounts scopeId={scopeId} />
      </Stack>
      <LocksList key={`${scopeId}-${gatewayMacId ?? ''}`} scopeId={scopeId} gatewayMacId={gatewayMacId} />
    </Paper>
  );
}
