import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import {
  ALERT_NAME_MAX_LENGTH,
  type AlertReceiverCandidate,
  alertMessages,
  SENSOR_ALERT_TYPE_INFO,
  type SensorAlert,
  type SensorAlertType,
  thresholdHint,
  WAITING_TIME_MAX,
  WAITING_TIME_PRESETS,
} from '@portal/contract';
import { useId, useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  blockedThresholdKey,
  menuTypes,
  type SensorAlertForm,
  saveFailureText,
  sensorBodyFrom,
  sensorFormErrors,
  sensorFormFrom,
} from '../alerts-view.ts';
import { useSaveSensorAlert } from '../api/alerts-api.ts';

interface SensorAlertDialogProps {
  scopeId: string;
  /** null: create. */
  alert: SensorAlert | null;
  support: boolean;
  /** A general user (free tier) keeps itself as the only receiver. */
  usersFixed: boolean;
  viewerId: string;
  users: readonly AlertReceiverCandidate[];
  onClose: () => void;
}

/**
 * Create or edit a sensor/system alert (spec 002 section 5): type, name (40), threshold type and value within
 * the type's bounds, waiting time (10, 15, 20 s or custom 0-2,678,400), users and Email/SMS; the support tenant's
 * form has no users and no Email/SMS choice (its users subscribe themselves from the table).
 */
export function SensorAlertDialog({
  scopeId,
  alert,
  support,
  usersFixed,
  viewerId,
  users,
  onClose,
}: SensorAlertDialogProps) {
  const t = useT('alerts');
  const messageText = useMessageText();
  const titleId = useId();
  const notify = useNotify();
  const save = useSaveSensorAlert(scopeId);
  const [form, setForm] = useState<SensorAlertForm>(() => sensorFormFrom(alert, viewerId));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState('');
  const set = (patch: Partial<SensorAlertForm>) => setForm((current) => ({ ...current, ...patch }));
  const errors = sensorFormErrors(form, { support, users });
  const shown = touched ? errors : {};
  const info = form.alertType ? SENSOR_ALERT_TYPE_INFO[form.alertType] : null;
  const metric = info?.key != null;
  const known = new Map(users.map((user) => [user.id, user]));
  for (const receiver of alert?.receivers ?? [])
    if (!known.has(receiver.userId))
      known.set(receiver.userId, {
        id: receiver.userId,
        name: receiver.name,
        email: receiver.email ?? '',
        phoneNumber: receiver.phoneNumber,
      });
  const options = [...known.values()];

  const submit = () => {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    setServerError('');
    save.mutate(
      { id: alert?.id ?? null, body: sensorBodyFrom(form, scopeId, support) },
      {
        onSuccess: (saved) => {
          notify({ variant: 'success', text: saved.message });
          if (saved.publishMessage)
            notify({
              variant: saved.publishMessage === alertMessages.published ? 'success' : 'error',
              text: saved.publishMessage,
            });
          onClose();
        },
        onError: (error) => setServerError(saveFailureText(error, alert !== null)),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{alert ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {serverError && <Alert severity="error">{messageText(serverError)}</Alert>}
          <FormControl error={!!shown.alertType} required>
            <InputLabel id={`${titleId}-type`}>{t('form.alertType')}</InputLabel>
            <Select
              labelId={`${titleId}-type`}
              label={t('form.alertType')}
              value={form.alertType}
              onChange={(event) => set({ alertType: event.target.value as SensorAlertType, threshold: '' })}
            >
              {menuTypes(alert?.alertType).map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`types.${type}`)}
                </MenuItem>
              ))}
            </Select>
            {shown.alertType && <FormHelperText>{messageText(shown.alertType)}</FormHelperText>}
          </FormControl>
          <TextField
            label={t('form.alertName')}
            required
            value={form.alertName}
            onChange={(event) => set({ alertName: event.target.value.replace(/^\s+/, '') })}
            error={!!shown.alertName}
            helperText={
              shown.alertName
                ? messageText(shown.alertName)
                : t('form.nameCount', { length: form.alertName.length, max: ALERT_NAME_MAX_LENGTH })
            }
            slotProps={{ htmlInput: { maxLength: ALERT_NAME_MAX_LENGTH } }}
          />
          {metric && info && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormControl sx={{ minWidth: 160 }}>
                <InputLabel id={`${titleId}-tt`}>{t('form.thresholdType')}</InputLabel>
                <Select
                  labelId={`${titleId}-tt`}
                  label={t('form.thresholdType')}
                  value={form.thresholdType}
                  onChange={(event) =>
                    set({ thresholdType: event.target.value as SensorAlertForm['thresholdType'] })
                  }
                >
                  <MenuItem value="greater_than">{t('form.high')}</MenuItem>
                  <MenuItem value="less_than">{t('form.low')}</MenuItem>
                </Select>
              </FormControl>
              <TextField
                label={t('form.thresholdUnit', { unit: info.unit })}
                required
                type="number"
                value={form.threshold}
                onKeyDown={(event) => {
                  if (blockedThresholdKey(event.key, form.alertType)) event.preventDefault();
                }}
                onChange={(event) => set({ threshold: event.target.value })}
                error={!!shown.threshold}
                helperText={messageText(shown.threshold ?? thresholdHint(info.min ?? 0, info.max ?? 0))}
                sx={{ flex: 1 }}
              />
            </Stack>
          )}
          <FormControl error={!!shown.waiting}>
            <FormLabel id={`${titleId}-wait`}>{t('form.waitingTime')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${titleId}-wait`}
              value={form.waitingChoice}
              onChange={(event) => set({ waitingChoice: event.target.value })}
            >
              {WAITING_TIME_PRESETS.map((seconds) => (
                <FormControlLabel
                  key={seconds}
                  value={String(seconds)}
                  control={<Radio />}
                  label={t('form.waitingSeconds', { seconds })}
                />
              ))}
              <FormControlLabel value="custom" control={<Radio />} label={t('form.custom')} />
            </RadioGroup>
            {form.waitingChoice === 'custom' && (
              <TextField
                label={t('form.customWaiting')}
                type="number"
                value={form.customWaiting}
                onKeyDown={(event) => {
                  if (['e', 'E', '+', '-', '.'].includes(event.key)) event.preventDefault();
                }}
                onChange={(event) => set({ customWaiting: event.target.value })}
                error={!!shown.waiting}
                helperText={
                  shown.waiting
                    ? messageText(shown.waiting)
                    : t('form.range', { min: 0, max: WAITING_TIME_MAX })
                }
                size="small"
              />
            )}
          </FormControl>
          {!support && (
            <>
              <Autocomplete
                multiple
                options={options}
                disabled={usersFixed}
                value={options.filter((user) => form.userIds.includes(user.id))}
                onChange={(_event, selected) => set({ userIds: selected.map((user) => user.id) })}
                getOptionLabel={(user) => `${user.name} (${user.email})`}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('form.users')}
                    error={!!shown.users}
                    helperText={messageText(
                      shown.users ?? (usersFixed ? alertMessages.generalUsersFixed : ''),
                    )}
                  />
                )}
              />
              <FormControl error={!!shown.channel}>
                <Stack direction="row">
                  <FormControlLabel
                    control={
                      <Checkbox checked={form.emailAlert} onChange={(_e, on) => set({ emailAlert: on })} />
                    }
                    label={t('channel.email')}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox checked={form.smsAlert} onChange={(_e, on) => set({ smsAlert: on })} />
                    }
                    label={t('channel.sms')}
                  />
                </Stack>
                {shown.channel && <FormHelperText>{messageText(shown.channel)}</FormHelperText>}
              </FormControl>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('form.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {alert ? t('form.update') : t('form.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
