import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  type LockAccessEntry,
  type LockDevice,
  type LockRole,
  type LockUser,
  type LockUsersLiveMessage,
  live,
  PASSCODE_PATTERN,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatTime } from '../../../lib/date-time.ts';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { useLocksToGrant, userLedgerKey, useUserLedger } from '../api/get-lock-access.ts';
import { useGrantLockAccess, useRevokeLockAccess } from '../api/grant-lock-access.ts';
import { accessStateText, queueText, retryText } from '../lock-access-display.ts';

const time = (ms: number | null) => (ms === null ? '-' : formatTime(ms));
const lockLabel = (lock: Pick<LockDevice, 'name' | 'macId'>) => lock.name ?? lock.macId;

const STATE_COLOUR = {
  pending: 'default',
  sent: 'info',
  confirmed: 'success',
  failed: 'error',
} as const;

/**
 * The user's credentials on locks (the delivery ledger, docs/locks.md): give access to locks (passcode, the
 * user's card, or both; role), where each credential is (pending, sent, confirmed on the lock, failed with its
 * reason; attempts, last attempt), take it away, the warning of a removal the lock has not confirmed in time,
 * and each gateway's queue of lock commands. Kept current by the lock-users channel's 'access' messages.
 */
export function AccessLedger({ user, canWrite }: { user: LockUser; canWrite: boolean }) {
  const t = useT('lock-users');
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const ledger = useUserLedger(user.id);
  useLiveTopic(live.lockUsers(user.scopeId), (message) => {
    const m = message as LockUsersLiveMessage;
    if (m.type === 'access' && m.access.userId === user.id) {
      void queryClient.invalidateQueries({ queryKey: userLedgerKey(user.id) });
      // The assigned locks read the same rows (get-all-locks-users).
      void queryClient.invalidateQueries({ queryKey: ['lockUsers', 'locks'] });
    }
  });
  const overdue = ledger.data?.access.filter((a) => a.revokeOverdue) ?? [];

  return (
    <Stack component="section" aria-labelledby="access-ledger-title" spacing={1}>
      <Typography id="access-ledger-title" variant="subtitle1" component="h3">
        {t('ledger.title')}
      </Typography>
      {overdue.map((a) => (
        <Alert key={a.id} severity="warning" role="alert">
          {t('ledger.removalNotConfirmed', { lock: a.lockName ?? a.lockMac })}
        </Alert>
      ))}
      {canWrite && <GrantForm user={user} />}
      {ledger.isPending && <CircularProgress size={24} aria-label={t('ledger.loading')} />}
      {ledger.isError && <Alert severity="error">{messageText(ledger.error.message)}</Alert>}
      {ledger.data && ledger.data.access.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('ledger.empty')}
        </Typography>
      )}
      {ledger.data && ledger.data.access.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('ledger.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('ledger.lock')}</TableCell>
                <TableCell>{t('ledger.delivery')}</TableCell>
                <TableCell>{t('ledger.attempts')}</TableCell>
                <TableCell>{t('ledger.lastAttempt')}</TableCell>
                {canWrite && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {ledger.data.access.map((entry) => (
                <LedgerRow key={entry.id} entry={entry} canWrite={canWrite} userId={user.id} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {ledger.data?.queues.map((queue) => (
        <Typography key={queue.gatewayMacId} variant="body2" color="text.secondary">
          {t('ledger.queue', { macId: queue.gatewayMacId, queue: queueText(queue) })}
        </Typography>
      ))}
    </Stack>
  );
}

function LedgerRow({
  entry,
  canWrite,
  userId,
}: {
  entry: LockAccessEntry;
  canWrite: boolean;
  userId: string;
}) {
  const t = useT('lock-users');
  const revoke = useRevokeLockAccess(userId);
  const retry = retryText(entry, formatTime);
  return (
    <TableRow data-testid="ledger-row" data-state={entry.state}>
      <TableCell>
        {entry.lockName ?? entry.lockMac}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {[entry.passcode ? t('ledger.passcode') : null, entry.cardCSN ? t('ledger.card') : null]
            .filter(Boolean)
            .join(' + ')}{' '}
          · {entry.role}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip size="small" color={STATE_COLOUR[entry.state]} label={accessStateText(entry)} />
        {retry && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {retry}
          </Typography>
        )}
      </TableCell>
      <TableCell>{formatNumber(entry.attempts)}</TableCell>
      <TableCell>{time(entry.lastAttemptAt)}</TableCell>
      {canWrite && (
        <TableCell>
          {entry.operation === 'grant' && (
            <Button
              size="small"
              loading={revoke.isPending}
              onClick={() => revoke.mutate({ userId, lockId: entry.lockId })}
            >
              {t('ledger.takeAway')}
            </Button>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}

function GrantForm({ user }: { user: LockUser }) {
  const t = useT('lock-users');
  const messageText = useMessageText();
  const [search, setSearch] = useState('');
  const locks = useLocksToGrant(user.scopeId, search.trim());
  const [picked, setPicked] = useState<LockDevice[]>([]);
  const [passcode, setPasscode] = useState(user.passcode ?? '');
  const [card, setCard] = useState(false);
  const [role, setRole] = useState<LockRole>(user.role ?? 'USER');
  const grant = useGrantLockAccess(user.id);
  const passcodeValid = passcode === '' || PASSCODE_PATTERN.test(passcode);
  const ready = picked.length > 0 && passcodeValid && (passcode !== '' || card);

  return (
    <Stack
      spacing={1}
      component="form"
      aria-label={t('ledger.giveAccessLabel')}
      onSubmit={(e) => e.preventDefault()}
    >
      <Autocomplete
        multiple
        size="small"
        options={locks.data?.locks ?? []}
        loading={locks.isFetching}
        value={picked}
        onChange={(_e, value) => setPicked(value)}
        onInputChange={(_e, value, reason) => reason === 'input' && setSearch(value)}
        getOptionLabel={(lock) => `${lockLabel(lock)} (${lock.gatewayMacId})`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label={t('ledger.locksToGive')} />}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label={t('ledger.passcodeField')}
          value={passcode}
          onChange={(e) => setPasscode(e.target.value)}
          error={!passcodeValid}
          helperText={passcodeValid ? ' ' : t('ledger.passcodeInvalid')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormControlLabel
          control={<Checkbox checked={card} onChange={(e) => setCard(e.target.checked)} />}
          label={user.cardCSN ? t('ledger.cardOf', { csn: user.cardCSN }) : t('ledger.noCard')}
          disabled={!user.cardCSN}
        />
        <TextField
          select
          size="small"
          label={t('ledger.role')}
          value={role}
          onChange={(e) => setRole(e.target.value as LockRole)}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="USER">{t('ledger.roles.USER')}</MenuItem>
          <MenuItem value="ADMIN">{t('ledger.roles.ADMIN')}</MenuItem>
        </TextField>
        <Button
          variant="contained"
          disabled={!ready}
          loading={grant.isPending}
          onClick={() =>
            grant.mutate(
              {
                userId: user.id,
                lockIds: picked.map((lock) => lock.id),
                passcode: passcode || null,
                card,
                role,
              },
              { onSuccess: () => setPicked([]) },
            )
          }
        >
          {t('ledger.giveAccess')}
        </Button>
      </Stack>
      {grant.isError && <Alert severity="error">{messageText(grant.error.message)}</Alert>}
    </Stack>
  );
}
