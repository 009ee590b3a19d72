import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
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
  LOCK_HISTORY_INTERVALS,
  type LockDevice,
  type LockHistory,
  live,
  locksLiveMessage,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { lockHistoryKey, useLockHistory } from '../api/get-lock-history.ts';
import { lockName } from '../lock-display.ts';
import {
  appendLiveEntries,
  DEFAULT_HISTORY_INTERVAL,
  describeEntry,
  historyRange,
} from '../lock-history-view.ts';

/**
 * A lock's history (GET /api/lock-history/...): who opened it and how, refusals, alarms and the portal's lock
 * and unlock requests, newest first over the interval picked; new entries arrive live from the locks channel.
 */
export function LockHistoryDialog({ lock, onClose }: { lock: LockDevice; onClose: () => void }) {
  const t = useT('locks');
  const close = useT('common')('close');
  const messageText = useMessageText();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [interval, setInterval] = useState(DEFAULT_HISTORY_INTERVAL);
  const [range, setRange] = useState(() => historyRange(DEFAULT_HISTORY_INTERVAL));
  const history = useLockHistory(lock.scopeId, lock.macId, range.start, range.end);
  const name = lockName(lock);

  useLiveTopic(live.locks(lock.scopeId), (raw) => {
    const message = locksLiveMessage.safeParse(raw);
    if (!message.success || message.data.type !== 'history' || message.data.macId !== lock.macId) return;
    const { entries } = message.data;
    queryClient.setQueryData<LockHistory>(
      lockHistoryKey(lock.scopeId, lock.macId, range.start, range.end),
      (current) => current && appendLiveEntries(current, entries, range.start),
    );
  });

  const pick = (index: number) => {
    setInterval(index);
    setRange(historyRange(index));
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('history.title', { name })}</DialogTitle>
      <DialogContent>
        <TextField
          select
          size="small"
          label={t('history.interval')}
          value={interval}
          onChange={(event) => pick(Number(event.target.value))}
          sx={{ my: 1, minWidth: 200 }}
        >
          {LOCK_HISTORY_INTERVALS.map((option, index) => (
            <MenuItem key={option.label} value={index}>
              {t(`history.intervals.${option.label}`)}
            </MenuItem>
          ))}
        </TextField>
        {history.isPending && <CircularProgress aria-label={t('history.loading')} size={24} />}
        {history.isError && <Alert severity="error">{messageText(history.error.message)}</Alert>}
        {history.data?.truncated && <Alert severity="info">{t('history.truncated')}</Alert>}
        {history.data?.entries.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('history.empty')}
          </Typography>
        )}
        {history.data && history.data.entries.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label={t('history.tableLabel', { name })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('history.time')}</TableCell>
                  <TableCell>{t('history.event')}</TableCell>
                  <TableCell>{t('history.how')}</TableCell>
                  <TableCell>{t('history.who')}</TableCell>
                  <TableCell>{t('history.details')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.entries.map((entry) => {
                  const row = describeEntry(entry);
                  return (
                    <TableRow key={`${entry.gatewayMacId}/${entry.id}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.TI)}</TableCell>
                      <TableCell>{row.event}</TableCell>
                      <TableCell>{row.how}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.who}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.detail}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{close}</Button>
      </DialogActions>
    </Dialog>
  );
}
