import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import { Box, Button } from '@mui/material';
import type { LockDevice } from '@portal/contract';
import { formatNumber, useT } from '../../../lib/i18n/index.ts';

interface LockUserCountProps {
  lock: LockDevice;
  name: string;
  /** Opens the users of the lock; absent (no IOT_USER_READ): the count alone, not a button. */
  onShowUsers?: (lock: LockDevice) => void;
  /** '3 users' (the cards) rather than '3' (the table's Users column). */
  spelledOut?: boolean;
}

/** How many lock users a lock has: a button to them for a user who may read lock users, plain text otherwise. */
export function LockUserCount({ lock, name, onShowUsers, spelledOut = false }: LockUserCountProps) {
  const t = useT('locks');
  const count = formatNumber(lock.userCount);
  const text = spelledOut ? t('userCount.users', { count: lock.userCount }) : count;
  const label = t('userCount.label', { name, users: count });
  if (onShowUsers)
    return (
      <Button
        size="small"
        startIcon={<PeopleOutlined />}
        aria-label={label}
        onClick={() => onShowUsers(lock)}
      >
        {text}
      </Button>
    );
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 0.5,
        typography: 'body2',
        verticalAlign: 'middle',
      }}
    >
      <PeopleOutlined fontSize="small" color="action" />
      {text}
    </Box>
  );
}
