import {
  Alert,
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  WEBHOOK_BATCH_TYPE,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@portal/contract';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';

const DELIVERY_COLOURS: Record<WebhookDeliveryStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  retrying: 'info',
  delivered: 'success',
  failed: 'error',
};

function StatusChip({ status }: { status: WebhookDeliveryStatus }) {
  const t = useT('webhooks');
  return <Chip label={t(`status.${status}`)} color={DELIVERY_COLOURS[status]} size="small" />;
}

function EventName({ delivery }: { delivery: WebhookDelivery }) {
  const t = useT('webhooks');
  const name =
    delivery.type === WEBHOOK_BATCH_TYPE
      ? t('batchEvent', { count: delivery.eventCount })
      : delivery.type === WEBHOOK_TEST_EVENT
        ? t('testEvent')
        : t(`types.${delivery.type as WebhookEventType}`);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{name}</Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
      >
        {delivery.type}
      </Typography>
    </Box>
  );
}

/** A webhook's newest deliveries (7 days): status, response code, attempts, time, error; cards on narrow screens. */
export function DeliveryLog({ webhookId, name }: { webhookId: string; name: string }) {
  const t = useT('webhooks');
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const deliveries = useWebhookDeliveries(webhookId);
  const label = t('deliveries.label', { name });
  if (deliveries.isPending) return <CenteredProgress />;
  if (deliveries.isError) return <Alert severity="error">{t('deliveries.failed')}</Alert>;
  const items = deliveries.data.items;
  const time = (d: WebhookDelivery) => formatDateTime(Date.parse(d.lastAttemptAt ?? d.createdAt));
  const next = (d: WebhookDelivery) =>
    d.nextAttemptAt ? t('deliveries.next', { when: formatDateTime(Date.parse(d.nextAttemptAt)) }) : null;
  if (narrow) {
    if (items.length === 0) return <Typography color="text.secondary">{t('deliveries.empty')}</Typography>;
    return (
      <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((d) => (
          <Box component="li" key={d.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <EventName delivery={d} />
              <StatusChip status={d.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {time(d)} · {t('deliveries.response')}: {d.responseCode ?? t('deliveries.none')} ·{' '}
              {t('deliveries.attempts')}: {d.attempts}
            </Typography>
            {d.error && (
              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                {d.error}
              </Typography>
            )}
            {next(d) && <Typography variant="caption">{next(d)}</Typography>}
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('deliveries.event')}</TableCell>
            <TableCell>{t('deliveries.status')}</TableCell>
            <TableCell>{t('deliveries.response')}</TableCell>
            <TableCell>{t('deliveries.attempts')}</TableCell>
            <TableCell>{t('deliveries.time')}</TableCell>
            <TableCell>{t('deliveries.error')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.length === 0 && <EmptyTableRow colSpan={6} text={t('deliveries.empty')} />}
          {items.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <EventName delivery={d} />
              </TableCell>
              <TableCell>
                <StatusChip status={d.status} />
              </TableCell>
              <TableCell>{d.responseCode ?? t('deliveries.none')}</TableCell>
              <TableCell>{d.attempts}</TableCell>
              <TableCell>
                {time(d)}
                {next(d) && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {next(d)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                {d.error ?? t('deliveries.none')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
