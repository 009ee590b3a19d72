import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FirmwareKind, live, type RolloutCounts, SELECT_NEXT_OPTIONS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { controlRollout, selectNext } from '../api/control-rollout.ts';
import { rolloutsKey, useRollouts } from '../api/get-rollouts.ts';
import { KIND_PAGES } from '../firmware-kinds.ts';
import type { PickerCustomer } from './CustomerPicker.tsx';
import { CustomerSelect } from './CustomerSelect.tsx';

const COLUMNS: [keyof RolloutCounts, string][] = [
  ['eligible', 'Gateways'],
  ['online', 'Online'],
  ['pending', 'Not started'],
  ['notified', 'Notified'],
  ['downloading', 'Downloading'],
  ['installing', 'Installing'],
  ['verifying', 'Verifying'],
  ['verified', 'Verified'],
  ['failed', 'Failed'],
  ['rolledBack', 'Rolled back'],
  ['unreached', 'Never reached'],
];

/**
 * The dialog's counters (spec 001: gateways, online, offline, selected, completed, initiated/pending) and the
 * steps between, so that Selected = Initiated/Pending + Verifying + Completed + Failed + Never reached.
 */
function summaryCounters(total: RolloutCounts): { label: string; value: number }[] {
  return [
    { label: 'Gateways', value: total.eligible },
    { label: 'Online', value: total.online },
    { label: 'Offline', value: total.eligible - total.online },
    { label: 'Selected', value: total.eligible - total.pending },
    { label: 'Initiated/Pending', value: total.notified + total.downloading + total.installing },
    { label: 'Verifying', value: total.verifying },
    { label: 'Completed', value: total.verified },
    { label: 'Failed', value: total.failed + total.rolledBack },
    { label: 'Never reached', value: total.unreached },
  ];
}

const COUNTER_MEANINGS: [string, string][] = [
  ['Selected', 'gateways of the waves started so far, in one of the steps below.'],
  ['Initiated/Pending', 'told of the update, downloading or installing it.'],
  [
    'Verifying',
    'rebooted into the new version; watched for the health window (online, sending data, its locks seen) before it counts as completed.',
  ],
  ['Completed', 'runs the new version and stayed healthy.'],
  ['Failed', 'the update failed, or the gateway went back to its old version.'],
  ['Never reached', 'offline for the whole of its wave.'],
];

/**
 * The Control Firmware Update / Control OS Upgrade dialog (spec 001 section 2), made real: a customer's
 * latest rollout with its counters per wave and in total, live; SELECT NEXT 10/30/50/100; pause, resume,
 * cancel; failures with their reasons.
 */
export function RolloutDialog({
  kind,
  customers,
  onClose,
}: {
  kind: FirmwareKind;
  customers: PickerCustomer[];
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [scopeId, setScopeId] = useState(customers[0]?.id ?? '');
  const rollouts = useRollouts(kind, scopeId);
  const rollout = rollouts.data?.[0];
  useLiveTopic(scopeId ? live.firmwareUpgraded(scopeId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: rolloutsKey(kind, scopeId) });
  });
  const act = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      notify({ variant: 'error', text: error instanceof ApiError ? error.message : 'Request failed' });
    }
    void queryClient.invalidateQueries({ queryKey: rolloutsKey(kind, scopeId) });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="lg"
      fullWidth
      aria-labelledby="rollout-title"
    >
      <DialogTitle id="rollout-title">{KIND_PAGES[kind].controlTitle}</DialogTitle>
      <DialogContent>
        <CustomerSelect customers={customers} value={scopeId} onChange={setScopeId} />
        {!rollout ? (
          <Typography color="text.secondary">No rollout for this customer yet.</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography aria-label="Rollout status">
              Version {rollout.version}: <strong>{rollout.status}</strong>, wave {rollout.currentWave + 1} of{' '}
              {rollout.waves.length}
            </Typography>
            {rollout.pauseReason && (
              <Alert severity={rollout.status === 'paused' ? 'warning' : 'info'}>{rollout.pauseReason}</Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} aria-label="Counters">
              {summaryCounters(rollout.total).map(({ label, value }) => (
                <Box key={label}>
                  <Typography variant="caption" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography variant="h6" data-testid={`counter-${label}`}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Box component="dl" aria-label="What the counters mean" sx={{ m: 0, typography: 'body2' }}>
              {COUNTER_MEANINGS.map(([label, meaning]) => (
                <Box key={label} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  <Box component="dt" sx={{ fontWeight: 500 }}>
                    {label}:
                  </Box>
                  <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                    {meaning}
                  </Box>
                </Box>
              ))}
            </Box>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Waves">
                <TableHead>
                  <TableRow>
                    <TableCell>Wave</TableCell>
                    {COLUMNS.map(([, label]) => (
                      <TableCell key={label} align="right">
                        {label}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[
                    ...rollout.waves.map((w) => ({ ...w, label: String(w.wave + 1) })),
                    { ...rollout.total, label: 'Total' },
                  ].map((row) => (
                    <TableRow key={row.label}>
                      <TableCell>{row.label}</TableCell>
                      {COLUMNS.map(([key]) => (
                        <TableCell key={key} align="right">
                          {row[key]}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {rollout.failures.length > 0 && (
              <Box aria-label="Failures">
                <Typography variant="subtitle2">Failed gateways</Typography>
                {rollout.failures.slice(0, 50).map((f) => (
                  <Typography key={f.macId} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {f.macId} ({f.state}): {f.reason ?? '-'}
                  </Typography>
                ))}
              </Box>
            )}
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {SELECT_NEXT_OPTIONS.map((n) => (
                <Button
                  key={n}
                  variant="outlined"
                  disabled={rollout.status !== 'running' || rollout.total.pending === 0}
                  onClick={() => void act(() => selectNext(rollout.id, n))}
                >
                  SELECT NEXT {n}
                </Button>
              ))}
              {rollout.status === 'running' && (
                <Button onClick={() => void act(() => controlRollout(rollout.id, 'pause'))}>PAUSE</Button>
              )}
              {rollout.status === 'paused' && (
                <Button onClick={() => void act(() => controlRollout(rollout.id, 'resume'))}>RESUME</Button>
              )}
              {(rollout.status === 'running' || rollout.status === 'paused') && (
                <Button color="error" onClick={() => void act(() => controlRollout(rollout.id, 'cancel'))}>
                  CANCEL ROLLOUT
                </Button>
              )}
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CLOSE</Button>
      </DialogActions>
    </Dialog>
  );
}
