import { Chip } from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';

/** Online in green, offline in grey. */
export function GatewayStatusChip({ status }: { status: GatewaySummary['deviceStatus'] }) {
  const t = useT('gateways');
  const online = status === 'online';
  return (
    <Chip
      size="small"
      label={online ? t('card.online') : t('card.offline')}
      color={online ? 'success' : 'default'}
      variant={online ? 'filled' : 'outlined'}
    />
  );
}
