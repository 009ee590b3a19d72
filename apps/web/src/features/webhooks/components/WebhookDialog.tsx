import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Switch,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  WEBHOOK_BATCH_EVENTS_MAX,
  WEBHOOK_BATCH_EVENTS_MIN,
  WEBHOOK_BATCH_WAIT_MS_MAX,
  WEBHOOK_BATCH_WAIT_MS_MIN,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
  type Webhook,
  type WebhookWithSecret,
} from '@portal/contract';
import { useId, useState } from 'react';
import { messageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import {
  batchEventsOk,
  batchWaitOk,
  canSave,
  createBody,
  draftOf,
  EVENT_GROUPS,
  groupState,
  toggledGroup,
  toggledType,
  updateBody,
  type WebhookDraft,
} from '../webhook-form.ts';

/**
 * Add (no `webhook`) or edit a webhook: name, URL and the event types, a checklist grouped as the contract
 * groups them, each group's box ticking all of its types, and batched delivery (several events a request, up to
 * a count or a wait). Creating answers the secret (onCreated).
 */
export function WebhookDialog({
  webhook,
  onClose,
  onCreated,
}: {
  webhook?: Webhook;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const t = useT('webhooks');
  const common = useT('common');
  const titleId = useId();
  const session = useSession();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [draft, setDraft] = useState<WebhookDraft>(() => draftOf(webhook));
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  const submit = () => {
    if (webhook) update.mutate({ id: webhook.id, body: updateBody(draft) }, { onSuccess: onClose });
    else create.mutate(createBody(draft, session.tenantId), { onSuccess: onCreated });
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{webhook ? t('dialog.editTitle') : t('dialog.createTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('dialog.name')}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: WEBHOOK_NAME_MAX } }}
          fullWidth
          required
          autoFocus
          margin="dense"
        />
        <TextField
          label={t('dialog.url')}
          value={draft.url}
          onChange={(event) => setDraft({ ...draft, url: event.target.value })}
          helperText={t('dialog.urlHint')}
          slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX, inputMode: 'url' } }}
          type="url"
          fullWidth
          required
          margin="dense"
        />
        <FormControl component="fieldset" sx={{ mt: 2, width: '100%' }}>
          <FormLabel component="legend">{t('dialog.events')}</FormLabel>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              columnGap: 2,
              rowGap: 1,
            }}
          >
            {EVENT_GROUPS.map(({ group, types }) => {
              const state = groupState(draft.eventTypes, types);
              return (
                <Box key={group} role="group" aria-label={t(`groups.${group}` as 'groups.Locks')}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={state === 'all'}
                        indeterminate={state === 'some'}
                        onChange={() =>
                          setDraft({ ...draft, eventTypes: toggledGroup(draft.eventTypes, types) })
                        }
                      />
                    }
                    label={t(`groups.${group}` as 'groups.Locks')}
                    slotProps={{ typography: { sx: { fontWeight: 500 } } }}
                  />
                  <FormGroup sx={{ pl: 3 }}>
                    {types.map((type) => (
                      <FormControlLabel
                        key={type}
                        control={
                          <Checkbox
                            size="small"
                            checked={draft.eventTypes.includes(type)}
                            onChange={() =>
                              setDraft({ ...draft, eventTypes: toggledType(draft.eventTypes, type) })
                            }
                          />
                        }
                        label={t(`types.${type}`)}
                        slotProps={{ typography: { variant: 'body2' } }}
                      />
                    ))}
                  </FormGroup>
                </Box>
              );
            })}
          </Box>
        </FormControl>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={
            <Switch
              checked={draft.batched}
              onChange={(event) => setDraft({ ...draft, batched: event.target.checked })}
            />
          }
          label={t('dialog.batch')}
        />
        <Box sx={{ color: 'text.secondary', typography: 'body2' }}>{t('dialog.batchHint')}</Box>
        {draft.batched && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextField
              label={t('dialog.batchEvents')}
              value={draft.batchMaxEvents}
              onChange={(event) => setDraft({ ...draft, batchMaxEvents: event.target.value })}
              error={!batchEventsOk(draft)}
              helperText={t('dialog.between', {
                min: WEBHOOK_BATCH_EVENTS_MIN,
                max: WEBHOOK_BATCH_EVENTS_MAX,
              })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
              margin="dense"
            />
            <TextField
              label={t('dialog.batchWait')}
              value={draft.batchMaxWaitMs}
              onChange={(event) => setDraft({ ...draft, batchMaxWaitMs: event.target.value })}
              error={!batchWaitOk(draft)}
              helperText={t('dialog.between', {
                min: WEBHOOK_BATCH_WAIT_MS_MIN,
                max: WEBHOOK_BATCH_WAIT_MS_MAX,
              })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
              margin="dense"
            />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {messageText(error.message)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {common('cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!canSave(draft)} loading={pending}>
          {webhook ? t('dialog.save') : t('dialog.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
