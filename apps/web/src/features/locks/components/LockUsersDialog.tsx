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
  const titleId = useId();
  const users = useLockDeviceUsers(scopeId, lock.macId);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Users of {lockName(lock)}</DialogTitle>
      <DialogContent>
        <LockAccessSummary lock={lock} />
        {users.isPending && <CircularProgress aria-label="Loading the lock's users" size={24} />}
        {users.isError && <Alert severity="error">{users.error.message}</Alert>}
        {users.data?.length === 0 && (
          <Typography color="text.secondary">
            No lock user has access to this lock. Select it in the list and choose Add User.
          </Typography>
        )}
        {users.data && users.data.length > 0 && (
          <List dense aria-label={`Users of ${lockName(lock)}`}>
            {users.data.map((user) => (
              <ListItem key={user.id} disableGutters>
                <ListItemText
                  primary={user.mergedName || user.email}
                  secondary={`${user.email} · ${user.access.role}${user.access.passcode ? ` · passcode ${user.access.passcode}` : ''}${user.access.cardCSN ? ` · card ${user.access.cardCSN}` : ''}`}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
