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
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { controlRollout, selectNext } from '../api/control-rollout.ts';
import { rolloutsKey, useRollouts } from '../api/get-rollouts.ts';
import type { PickerCustomer } from './CustomerPicker.tsx';
import { CustomerSelect } from './CustomerSelect.tsx';

/** The waves table's columns; each header is `rollout.column.{key}` of the catalogue. */
const COLUMNS = [
  'eligible',
  'online',
  'pending',
  'notified',
  'downloading',
  'installing',
  'verifying',
  'verified',
  'failed',
  'rolledBack',
  'unreached',
] as const satisfies readonly (keyof RolloutCounts)[];

/**
 * The dialog's counters (spec 001: gateways, online, offline, selected, completed, initiated/pending) and the
 * steps between, so that Selected = Initiated/Pending + Verifying + Completed + Failed + Never reached. Each
 * label is the English of `rollout.counter.{label}` (and the counter's test id).
 */
function summaryCounters(total: RolloutCounts): { label: CounterLabel; value: number }[] {
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

type CounterLabel =
  | 'Gateways'
  | 'Online'
  | 'Offline'
  | 'Selected'
  | 'Initiated/Pending'
  | 'Verifying'
  | 'Completed'
  | 'Failed'
  | 'Never reached';

/** The counters explained under them: `rollout.meaning.{label}` of the catalogue. */
const COUNTER_MEANINGS = [
  'Selected',
  'Initiated/Pending',
  'Verifying',
  'Completed',
  'Failed',
  'Never reached',
] as const;

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
  const t = useT('firmware');
  const messageText = useMessageText();
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
      notify({
        variant: 'error',
        text: error instanceof ApiError ? error.message : t('rollout.requestFailed'),
      });
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
      <DialogTitle id="rollout-title">{t(`kinds.${kind}.controlTitle`)}</DialogTitle>
      <DialogContent>
        <CustomerSelect customers={customers} value={scopeId} onChange={setScopeId} />
        {!rollout ? (
          <Typography color="text.secondary">{t('rollout.none')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography aria-label={t('rollout.statusLabel')}>
              {t('rollout.statusVersion', { version: rollout.version })}
              <strong>{t(`rollout.statuses.${rollout.status}`)}</strong>
              {t('rollout.statusWave', { wave: rollout.currentWave + 1, waves: rollout.waves.length })}
            </Typography>
            {rollout.pauseReason && (
              <Alert severity={rollout.status === 'paused' ? 'warning' : 'info'}>
                {messageText(rollout.pauseReason)}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} aria-label={t('rollout.counters')}>
              {summaryCounters(rollout.total).map(({ label, value }) => (
                <Box key={label}>
                  <Typography variant="caption" color="text.secondary">
                    {t(`rollout.counter.${label}`)}
                  </Typography>
                  <Typography variant="h6" data-testid={`counter-${label}`}>
                    {formatNumber(value)}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Box component="dl" aria-label={t('rollout.meaningsLabel')} sx={{ m: 0, typography: 'body2' }}>
              {COUNTER_MEANINGS.map((label) => (
                <Box key={label} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  <Box component="dt" sx={{ fontWeight: 500 }}>
                    {t('rollout.meaningTerm', { label: t(`rollout.counter.${label}`) })}
                  </Box>
                  <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                    {t(`rollout.meaning.${label}`)}
                  </Box>
                </Box>
              ))}
            </Box>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('rollout.waves')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('rollout.wave')}</TableCell>
                    {COLUMNS.map((key) => (
                      <TableCell key={key} align="right">
                        {t(`rollout.column.${key}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[
                    ...rollout.waves.map((w) => ({ ...w, label: String(w.wave + 1) })),
                    { ...rollout.total, label: t('rollout.total') },
                  ].map((row) => (
                    <TableRow key={row.label}>
                      <TableCell>{row.label}</TableCell>
                      {COLUMNS.map((key) => (
                        <TableCell key={key} align="right">
                          {formatNumber(row[key])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {rollout.failures.length > 0 && (
              <Box aria-label={t('rollout.failures')}>
                <Typography variant="subtitle2">{t('rollout.failedGateways')}</Typography>
                {rollout.failures.slice(0, 50).map((f) => (
                  <Typography key={f.macId} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {f.macId} ({f.state}): {f.reason ? messageText(f.reason) : '-'}
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
                  {t('rollout.selectNext', { n })}
                </Button>
              ))}
              {rollout.status === 'running' && (
                <Button onClick={() => void act(() => controlRollout(rollout.id, 'pause'))}>
                  {t('rollout.pause')}
                </Button>
              )}
              {rollout.status === 'paused' && (
                <Button onClick={() => void act(() => controlRollout(rollout.id, 'resume'))}>
                  {t('rollout.resume')}
                </Button>
              )}
              {(rollout.status === 'running' || rollout.status === 'paused') && (
                <Button color="error" onClick={() => void act(() => controlRollout(rollout.id, 'cancel'))}>
                  {t('rollout.cancel')}
                </Button>
              )}
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('rollout.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
