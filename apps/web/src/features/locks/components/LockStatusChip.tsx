import { Chip } from '@mui/material';
import type { LockDevice } from '@portal/contract';
import { lockStatusText, NO_VALUE } from '../lock-display.ts';

/** LOCKED or open, as the lock last reported it. */
export function LockStatusChip({ status }: { status: LockDevice['status'] }) {
  const text = lockStatusText(status);
  if (text === NO_VALUE) return <>{NO_VALUE}</>;
  return (
    <Chip
      size="small"
      label={text}
      color={status === 'LOCKED' ? 'success' : 'warning'}
      variant="outlined"
      sx={{ fontWeight: 600 }}
    />
  );
}
