import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Chip } from '@mui/material';
import type { LockDevice } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { lockStatusText, NO_VALUE } from '../lock-display.ts';

/** LOCKED or open, as the lock last reported it; the icon says it too (text colours read at 4.5:1). */
export function LockStatusChip({ status }: { status: LockDevice['status'] }) {
  useT('locks');
  const text = lockStatusText(status);
  if (text === NO_VALUE) return <>{NO_VALUE}</>;
  const locked = status === 'LOCKED';
  return (
    <Chip
      size="small"
      label={text}
      icon={locked ? <LockOutlined /> : <LockOpenOutlined />}
      color={locked ? 'success' : 'default'}
      variant="outlined"
      sx={{ fontWeight: 600 }}
    />
  );
}
