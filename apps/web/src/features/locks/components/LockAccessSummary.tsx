import { Alert, Chip, Stack, Typography } from '@mui/material';
import { type LockDevice, type LocksLiveMessage, live } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { formatNumber, useT } from '../../../lib/i18n/index.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { lockLedgerKey, useLockLedger } from '../api/get-lock-access.ts';

/**
 * The delivery ledger on one lock (docs/locks.md, "Delivery ledger"): each user's credential and where it is,
 * the warning of removals the lock has not confirmed in time, and the gateway's queue of lock commands. Kept
 * current by the locks channel's userMapping messages for this lock.
 */
export function LockAccessSummary({ lock }: { lock: LockDevice }) {
  const t = useT('locks');
  const queryClient = useQueryClient();
  const ledger = useLockLedger(lock.id);
  useLiveTopic(live.locks(lock.scopeId), (message) => {
    const m = message as LocksLiveMessage;
    if (m.type === 'userMapping' && m.macId === lock.macId) {
      void queryClient.invalidateQueries({ queryKey: lockLedgerKey(lock.id) });
    }
  });
  if (!ledger.data) return null;
  const overdue = ledger.data.access.filter((a) => a.revokeOverdue);
  const queue = ledger.data.queues[0];
  return (
    <Stack spacing={1} sx={{ mb: 1 }}>
      {overdue.map((a) => (
        <Alert key={a.id} severity="warning" role="alert">
          {t('access.removalNotConfirmed', { name: a.userName })}
        </Alert>
      ))}
      {ledger.data.access.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          aria-label={t('access.label')}
        >
          {ledger.data.access.map((a) => (
            <Chip
              key={a.id}
              size="small"
              color={a.state === 'confirmed' ? 'success' : a.state === 'failed' ? 'error' : 'default'}
              label={`${a.userName}: ${
                a.operation === 'revoke'
                  ? t('access.removal', { state: t(`access.state.${a.state}`) })
                  : t(`access.state.${a.state}`)
              }${a.reason ? ` (${a.reason})` : ''}`}
            />
          ))}
        </Stack>
      )}
      {queue && (
        <Typography variant="body2" color="text.secondary">
          {t('access.queue', { macId: queue.gatewayMacId, depth: formatNumber(queue.depth) })}
          {queue.inFlight ? t('access.inProgress') : ''}
        </Typography>
      )}
    </Stack>
  );
}
