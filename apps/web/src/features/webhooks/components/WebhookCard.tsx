import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { Webhook } from '@portal/contract';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { DeliveryLog } from './DeliveryLog.tsx';

export interface WebhookActions {
  onTest: (hook: Webhook) => void;
  onEdit: (hook: Webhook) => void;
  onRotate: (hook: Webhook) => void;
  onDelete: (hook: Webhook) => void;
  onEnabled: (hook: Webhook, enabled: boolean) => void;
  /** The webhook whose test event is on its way, if any. */
  testing: string | null;
}

/** One webhook: its URL, state and event types, the disabled notice, its actions and its delivery log. */
export function WebhookCard({ hook, actions }: { hook: Webhook; actions: WebhookActions }) {
  const t = useT('webhooks');
  const [showLog, setShowLog] = useState(false);
  const logId = `deliveries-${hook.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} aria-label={hook.name}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {hook.name}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {hook.url}
          </Typography>
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={hook.enabled}
              onChange={(event) => actions.onEnabled(hook, event.target.checked)}
              slotProps={{ input: { 'aria-label': t('enabledOf', { name: hook.name }) } }}
            />
          }
          label={hook.enabled ? t('enabled') : t('disabled')}
          sx={{ mr: 0 }}
        />
      </Stack>
      {hook.disabledAt && (
        <Alert severity={hook.disabledReason === 'failing' ? 'error' : 'info'} sx={{ mt: 1 }}>
          {t(hook.disabledReason === 'failing' ? 'noticeFailing' : 'noticeManual', {
            when: formatDateTime(Date.parse(hook.disabledAt)),
          })}
        </Alert>
      )}
      {hook.enabled && hook.consecutiveFailures > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('failures', { count: hook.consecutiveFailures })}
        </Alert>
      )}
      {hook.previousSecretUntil && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('overlap', { when: formatDateTime(Date.parse(hook.previousSecretUntil)) })}
        </Typography>
      )}
      {hook.batch && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('batchOf', { events: hook.batch.maxEvents, ms: hook.batch.maxWaitMs })}
        </Typography>
      )}
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}
        aria-label={t('eventTypes')}
        role="list"
      >
        {hook.eventTypes.map((type) => (
          <Chip key={type} role="listitem" label={t(`types.${type}`)} size="small" variant="outlined" />
        ))}
      </Box>
      <Stack
        direction="row"
        role="group"
        aria-label={t('actions.label', { name: hook.name })}
        sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}
      >
        <Button
          size="small"
          variant="outlined"
          onClick={() => actions.onTest(hook)}
          disabled={!hook.enabled}
          loading={actions.testing === hook.id}
        >
          {t('actions.test')}
        </Button>
        <Button
          size="small"
          onClick={() => setShowLog(!showLog)}
          aria-expanded={showLog}
          aria-controls={logId}
        >
          {showLog ? t('actions.hideDeliveries') : t('actions.deliveries')}
        </Button>
        <Button size="small" onClick={() => actions.onEdit(hook)}>
          {t('actions.edit')}
        </Button>
        <Button size="small" onClick={() => actions.onRotate(hook)}>
          {t('actions.rotate')}
        </Button>
        <Button size="small" color="error" onClick={() => actions.onDelete(hook)}>
          {t('actions.delete')}
        </Button>
      </Stack>
      <Collapse in={showLog} unmountOnExit>
        <Box id={logId} sx={{ mt: 1.5 }}>
          <DeliveryLog webhookId={hook.id} name={hook.name} />
        </Box>
      </Collapse>
    </Paper>
  );
}
