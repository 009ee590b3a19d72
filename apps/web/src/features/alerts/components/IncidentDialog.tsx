import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { AlertIncident, AlertNotification } from '@portal/contract';
import { type Detail, DetailList } from '../../../components/DetailList.tsx';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { formatDateTime, formatTime } from '../../../lib/date-time.ts';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useIncidentNotifications } from '../api/incidents-api.ts';
import { digestDueText, subjectText } from '../incidents-view.ts';
import { incidentTypeText, StatusChip } from './IncidentParts.tsx';

const DELIVERY_COLOURS = { pending: 'warning', sent: 'success', failed: 'error' } as const;

/** The digest's due time: today's time only, another day's with its date. */
const dueTime = (ms: number) =>
  new Date(ms).toDateString() === new Date().toDateString() ? formatTime(ms) : formatDateTime(ms);
const isWaiting = (notification: AlertNotification) => digestDueText(notification, dueTime) !== null;

/**
 * An incident's details and its notifications (GET /api/alert-incidents/{id}/notifications): each with its
 * event, channel, recipient, delivery status, attempts and last error. Full screen on phones.
 */
export function IncidentDialog({ incident, onClose }: { incident: AlertIncident; onClose: () => void }) {
  const t = useT('alerts');
  const messageText = useMessageText();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const notifications = useIncidentNotifications(incident.id);
  const titleId = `incident-${incident.id}-title`;

  const facts: Detail<AlertIncident>[] = [
    { label: t('incidents.table.type'), text: (item) => incidentTypeText(t, item) },
    { label: t('incidents.table.subject'), text: subjectText },
    { label: t('incidents.dialog.started'), text: (item) => formatDateTime(item.startedAt) },
    {
      label: t('incidents.table.acknowledged'),
      text: (item) =>
        item.acknowledgedAt === null
          ? '—'
          : t('incidents.acknowledgedBy', {
              name: item.acknowledgedBy ?? '—',
              time: formatDateTime(item.acknowledgedAt),
            }),
    },
    {
      label: t('incidents.table.escalated'),
      text: (item) => (item.escalatedAt === null ? '—' : formatDateTime(item.escalatedAt)),
    },
  ];

  const detailsOf = (waiting: boolean): Detail<AlertNotification>[] => [
    { label: t('incidents.dialog.channel'), text: (n) => t(`incidents.channels.${n.channel}`) },
    { label: t('incidents.dialog.recipient'), text: (n) => n.recipient },
    { label: t('incidents.dialog.attempts'), text: (n) => formatNumber(n.attempts) },
    // A firing waiting in a digest was gathered then; its line above says when it goes out.
    {
      label: t(waiting ? 'incidents.dialog.gathered' : 'incidents.dialog.created'),
      text: (n) => formatDateTime(n.createdAt),
    },
    { label: t('incidents.dialog.sent'), text: (n) => (n.sentAt === null ? '—' : formatDateTime(n.sentAt)) },
    ...(notifications.data?.some((n) => n.lastError)
      ? [{ label: t('incidents.dialog.lastError'), text: (n: AlertNotification) => n.lastError ?? '—' }]
      : []),
  ];

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('incidents.dialog.title', { name: incident.ruleName })}
      </DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
          <StatusChip incident={incident} />
        </Stack>
        <DetailList details={facts} item={incident} />
        {incident.suppressedCount > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('incidents.suppressed', { count: incident.suppressedCount })}
          </Typography>
        )}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
          {t('incidents.dialog.notifications')}
        </Typography>
        {notifications.isPending && <ProgressStatus text={t('incidents.dialog.notifications')} />}
        {notifications.isError && <Alert severity="error">{messageText(notifications.error.message)}</Alert>}
        {notifications.data?.length === 0 && (
          <Typography color="text.secondary">{t('incidents.dialog.none')}</Typography>
        )}
        {notifications.data && notifications.data.length > 0 && (
          <Stack
            component="ul"
            aria-label={t('incidents.dialog.notifications')}
            spacing={1}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {notifications.data.map((notification) => (
              <Paper
                component="li"
                // A notification has no id: one event goes once to one recipient on one channel.
                key={`${notification.createdAt}-${notification.event}-${notification.channel}-${notification.recipient}`}
                variant="outlined"
                sx={{ p: 1.5 }}
              >
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
                  <Typography variant="subtitle2" component="span">
                    {t(`incidents.events.${notification.event}`)}
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={DELIVERY_COLOURS[notification.status]}
                    label={t(`incidents.delivery.${notification.status}`)}
                  />
                </Stack>
                {isWaiting(notification) && (
                  <Typography variant="body2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
                    {messageText(digestDueText(notification, dueTime) ?? '')}
                  </Typography>
                )}
                <DetailList details={detailsOf(isWaiting(notification))} item={notification} />
              </Paper>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('incidents.dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
