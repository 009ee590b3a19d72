import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import type { LockDevice } from '@portal/contract';
import { useId } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useLockDeviceUsers } from '../api/get-lock-device-users.ts';
import { lockName } from '../lock-display.ts';
import { LockAccessSummary } from './LockAccessSummary.tsx';

/** The lock users with access to one lock (GET /api/iot-device-user/all), kept current by userMapping messages. */
export function LockUsersDialog({
  scopeId,
  lock,
  onClose,
}: {
  scopeId: string;
  lock: LockDevice;
  onClose: () => void;
}) {
  const t = useT('locks');
  const close = useT('common')('close');
  const messageText = useMessageText();
  const titleId = useId();
  const users = useLockDeviceUsers(scopeId, lock.macId);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('users.title', { name: lockName(lock) })}</DialogTitle>
      <DialogContent>
        <LockAccessSummary lock={lock} />
        {users.isPending && <CircularProgress aria-label={t('users.loading')} size={24} />}
        {users.isError && <Alert severity="error">{messageText(users.error.message)}</Alert>}
        {users.data?.length === 0 && <Typography color="text.secondary">{t('users.empty')}</Typography>}
        {users.data && users.data.length > 0 && (
          <List dense aria-label={t('users.title', { name: lockName(lock) })}>
            {users.data.map((user) => (
              <ListItem key={user.id} disableGutters>
                <ListItemText
                  primary={user.mergedName || user.email}
                  secondary={`${user.email} · ${user.access.role}${
                    user.access.passcode ? t('users.passcode', { passcode: user.access.passcode }) : ''
                  }${user.access.cardCSN ? t('users.card', { csn: user.access.cardCSN }) : ''}`}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{close}</Button>
      </DialogActions>
    </Dialog>
  );
}
