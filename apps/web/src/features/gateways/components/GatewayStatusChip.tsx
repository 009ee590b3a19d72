import { Chip } from '@mui/material';
import type { GatewaySummary } from '@portal/contract';

/** Online in green, offline in grey. */
export function GatewayStatusChip({ status }: { status: GatewaySummary['deviceStatus'] }) {
  const online = status === 'online';
  return (
    <Chip
      size="small"
      label={online ? 'Online' : 'Offline'}
      color={online ? 'success' : 'default'}
      variant={online ? 'filled' : 'outlined'}
    />
  );
}
