import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  ALERT_HOOK_FORMATS,
  ALERT_HOOKS_MAX,
  type AlertHookFormat,
  type AlertReceiverCandidate,
  type AlertRouting,
  alertRoutingMessages,
  ESCALATION_MINUTES,
  REMINDER_MINUTES,
} from '@portal/contract';
import { useId, useState } from 'react';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useAlertRouting, useSaveAlertRouting } from '../api/routing-api.ts';
import {
  canAddHook,
  hasRoutingErrors,
  type RoutingForm,
  routingBodyFrom,
  routingFormErrors,
  routingFormFrom,
} from '../routing-view.ts';

interface RoutingDialogProps {
  /** The sensor alert's id or the lock alert's alertId. */
  ruleId: string;
  ruleName: string;
  /** ALERTS_WRITE: without it everything is shown read-only. */
  canWrite: boolean;
  /** The scope's receiver candidates (GET /api/alert-receivers). */
  users: readonly AlertReceiverCandidate[];
  onClose: () => void;
}

const rangeOf = (range: { min: number; max: number }) => ({
  min: formatNumber(range.min),
  max: formatNumber(range.max),
});

const blockSigns = (event: React.KeyboardEvent) => {
  if (['e', 'E', '+', '-', '.', ','].includes(event.key)) event.preventDefault();
};

/**
 * 'Escalation & channels' of one rule (docs/alerts.md 'Escalation and channels'): a reminder while firing and
 * not acknowledged, an escalation to more receivers after so many minutes unacknowledged, and up to five hooks
 * (webhook, Slack, Teams). The contract's rules are the form's; the server's refusal shows in the dialog.
 */
export function RoutingDialog(props: RoutingDialogProps) {
  const t = useT('alerts');
  const messageText = useMessageText();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const routing = useAlertRouting(props.ruleId);
  return (
    <Dialog
      open
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('routing.title', { name: props.ruleName })}
      </DialogTitle>
      {routing.data ? (
        <RoutingFormView {...props} routing={routing.data} />
      ) : (
        <>
          <DialogContent>
            {routing.isPending && <ProgressStatus text={t('routing.action')} />}
            {routing.isError && <Alert severity="error">{messageText(routing.error.message)}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('routing.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function RoutingFormView({
  ruleId,
  canWrite,
  users,
  onClose,
  routing,
}: RoutingDialogProps & { routing: AlertRouting }) {
  const t = useT('alerts');
  const messageText = useMessageText();
  const notify = useNotify();
  const save = useSaveAlertRouting(ruleId);
  const [form, setForm] = useState<RoutingForm>(() => routingFormFrom(routing));
  const [serverError, setServerError] = useState('');
  const set = (patch: Partial<RoutingForm>) => setForm((current) => ({ ...current, ...patch }));
  const setHook = (index: number, patch: Partial<RoutingForm['hooks'][number]>) =>
    set({ hooks: form.hooks.map((hook, i) => (i === index ? { ...hook, ...patch } : hook)) });
  const errors = routingFormErrors(form);
  const disabled = !canWrite || save.isPending;

  // The receivers already chosen stay choosable even when the candidates' list no longer has them.
  const known = new Map(users.map((user) => [user.id, { id: user.id, name: user.name, email: user.email }]));
  for (const receiver of routing.escalationReceivers)
    if (!known.has(receiver.userId))
      known.set(receiver.userId, { id: receiver.userId, name: receiver.name, email: receiver.email });
  const options = [...known.values()];

  const submit = () => {
    if (hasRoutingErrors(errors)) return;
    setServerError('');
    save.mutate(routingBodyFrom(form), {
      onSuccess: () => {
        notify({ variant: 'success', text: alertRoutingMessages.saved });
        onClose();
      },
      onError: (error) => setServerError(error.message),
    });
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {!canWrite && (
            <Alert severity="info" variant="outlined" role="note">
              {t('routing.readOnly')}
            </Alert>
          )}
          {serverError && (
            <Alert severity="error" role="alert">
              {messageText(serverError)}
            </Alert>
          )}
          <Stack spacing={1}>
            <FormControlLabel
              control={
                <Switch
                  checked={form.reminderOn}
                  disabled={disabled}
                  onChange={(_event, on) => set({ reminderOn: on })}
                />
              }
              label={t('routing.reminder')}
            />
            {form.reminderOn && (
              <TextField
                label={t('routing.reminderMinutes')}
                type="number"
                size="small"
                value={form.reminderMinutes}
                disabled={disabled}
                onKeyDown={blockSigns}
                onChange={(event) => set({ reminderMinutes: event.target.value })}
                error={!!errors.fields.reminderMinutes}
                helperText={
                  errors.fields.reminderMinutes
                    ? messageText(errors.fields.reminderMinutes)
                    : t('routing.range', rangeOf(REMINDER_MINUTES))
                }
                slotProps={{ htmlInput: { min: REMINDER_MINUTES.min, max: REMINDER_MINUTES.max } }}
              />
            )}
          </Stack>
          <Stack spacing={1}>
            <FormControlLabel
              control={
                <Switch
                  checked={form.escalationOn}
                  disabled={disabled}
                  onChange={(_event, on) => set({ escalationOn: on })}
                />
              }
              label={t('routing.escalation')}
            />
            {form.escalationOn && (
              <>
                <TextField
                  label={t('routing.escalationMinutes')}
                  type="number"
                  size="small"
                  value={form.escalationMinutes}
                  disabled={disabled}
                  onKeyDown={blockSigns}
                  onChange={(event) => set({ escalationMinutes: event.target.value })}
                  error={!!errors.fields.escalationMinutes}
                  helperText={
                    errors.fields.escalationMinutes
                      ? messageText(errors.fields.escalationMinutes)
                      : t('routing.range', rangeOf(ESCALATION_MINUTES))
                  }
                  slotProps={{ htmlInput: { min: ESCALATION_MINUTES.min, max: ESCALATION_MINUTES.max } }}
                />
                <Autocomplete
                  multiple
                  options={options}
                  disabled={disabled}
                  value={options.filter((user) => form.receiverIds.includes(user.id))}
                  onChange={(_event, selected) => set({ receiverIds: selected.map((user) => user.id) })}
                  getOptionLabel={(user) => `${user.name} (${user.email})`}
                  isOptionEqualToValue={(option, value) => option.id === value.id}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('routing.receivers')}
                      error={!!errors.fields.escalationReceivers}
                      helperText={messageText(errors.fields.escalationReceivers ?? '')}
                    />
                  )}
                />
              </>
            )}
          </Stack>
          <Stack spacing={1} component="section" aria-label={t('routing.hooks')}>
            <Typography variant="subtitle1" component="h3">
              {t('routing.hooks')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('routing.hooksHint', { max: ALERT_HOOKS_MAX })}
            </Typography>
            {form.hooks.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('routing.noHooks')}
              </Typography>
            )}
            {form.hooks.map((hook, index) => (
              <Stack
                // Hooks have no ids; a row is its place in the list, as the server stores them.
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and removed by place
                key={index}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  select
                  size="small"
                  label={t('routing.format')}
                  value={hook.format}
                  disabled={disabled}
                  onChange={(event) => setHook(index, { format: event.target.value as AlertHookFormat })}
                  sx={{ minWidth: 180 }}
                >
                  {ALERT_HOOK_FORMATS.map((format) => (
                    <MenuItem key={format} value={format}>
                      {t(`routing.formats.${format}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'flex-start' }}>
                  <TextField
                    size="small"
                    label={t('routing.url')}
                    value={hook.url}
                    disabled={disabled}
                    onChange={(event) => setHook(index, { url: event.target.value })}
                    error={!!errors.hookUrls[index]}
                    helperText={messageText(errors.hookUrls[index] ?? '')}
                    slotProps={{ htmlInput: { inputMode: 'url', maxLength: 2000 } }}
                    sx={{ flex: 1 }}
                  />
                  {canWrite && (
                    <IconButton
                      aria-label={t('routing.removeHook', { index: index + 1 })}
                      disabled={disabled}
                      onClick={() => set({ hooks: form.hooks.filter((_hook, i) => i !== index) })}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  )}
                </Stack>
              </Stack>
            ))}
            {errors.fields.hooks && <FormHelperText error>{messageText(errors.fields.hooks)}</FormHelperText>}
            {canWrite && (
              <div>
                <Button
                  startIcon={<AddOutlined />}
                  disabled={disabled || !canAddHook(form)}
                  onClick={() => set({ hooks: [...form.hooks, { format: 'webhook', url: '' }] })}
                >
                  {t('routing.addHook')}
                </Button>
              </div>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {canWrite ? t('routing.cancel') : t('routing.close')}
        </Button>
        {canWrite && (
          <Button
            variant="contained"
            onClick={submit}
            loading={save.isPending}
            disabled={hasRoutingErrors(errors)}
          >
            {t('routing.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
