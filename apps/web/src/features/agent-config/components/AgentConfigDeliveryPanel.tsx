import {
  Alert,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatNumber, useT } from '../../../lib/i18n/index.ts';
import { useAgentConfigDelivery } from '../api/get-agent-config-delivery.ts';

const STATE_COLOR = { current: 'success', older: 'warning', unconfirmed: 'default' } as const;

/** How many of the customer's gateways run the current version, an older one, or have not confirmed; and which. */
export function AgentConfigDeliveryPanel({ sid }: { sid: string }) {
  const t = useT('agent-config');
  const { data, isError } = useAgentConfigDelivery(sid);
  if (isError) return <Alert severity="error">{t('delivery.loadFailed')}</Alert>;
  if (!data) return null;
  const total = data.current + data.older + data.unconfirmed;
  return (
    <section aria-labelledby="agent-config-delivery">
      <Typography id="agent-config-delivery" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('delivery.title')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }} aria-label={t('delivery.label')}>
        <Chip
          color="success"
          label={t('delivery.current', { gateways: formatNumber(data.current), cfv: data.cfv })}
          data-testid="agent-config-current"
        />
        <Chip
          color="warning"
          label={t('delivery.older', { gateways: formatNumber(data.older) })}
          data-testid="agent-config-older"
        />
        <Chip
          label={t('delivery.unconfirmed', { gateways: formatNumber(data.unconfirmed) })}
          data-testid="agent-config-unconfirmed"
        />
      </Stack>
      {total === 0 ? (
        <Typography color="text.secondary">{t('delivery.none')}</Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader aria-label={t('delivery.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('delivery.gateway')}</TableCell>
                <TableCell>{t('delivery.version')}</TableCell>
                <TableCell>{t('delivery.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.gateways.map((gateway) => (
                <TableRow key={gateway.macId} data-testid={`agent-config-gateway-${gateway.macId}`}>
                  <TableCell>
                    <Typography variant="body2">{gateway.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {gateway.macId} · {t(gateway.connected ? 'delivery.online' : 'delivery.offline')}
                    </Typography>
                  </TableCell>
                  <TableCell>{gateway.appliedCfv ?? '-'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATE_COLOR[gateway.state]}
                      label={t(`delivery.states.${gateway.state}`)}
                    />
                    {gateway.rejected ? (
                      <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                        {t('delivery.refused', { reason: gateway.rejected })}
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}
