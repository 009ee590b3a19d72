import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import {
  type AlertReceiverCandidate,
  alertMessages,
  BATTERY_INTERVAL_PRESETS,
  CUSTOM_DAYS_MAX,
  LOCK_ALERT_TYPES,
  type LockAlert,
  type LockAlertType,
  RFID_SCHEDULE_PRESETS,
  RFID_THRESHOLD,
  RFID_UPDATE_DAYS_MAX,
} from '@portal/contract';
import { useId, useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  intervalLabel,
  type LockAlertForm,
  lockBodyFrom,
  lockFormErrors,
  lockFormFrom,
  saveFailureText,
} from '../alerts-view.ts';
import { useSaveLockAlert } from '../api/alerts-api.ts';

interface LockAlertDialogProps {
  scopeId: string;
  alert: LockAlert | null;
  usersFixed: boolean;
  viewerId: string;
  users: readonly AlertReceiverCandidate[];
  onClose: () => void;
}

const noDigits = (key: string) => ['e', 'E', '+', '-', '.'].includes(key);

/**
 * Create or edit a lock alert (spec 002 sections 3-5): Battery Low (level 0-100 %, repeat 1/6/12/24 hours or
 * 1-60 custom days), Unlock, Multiple Shared Lockers Access (threshold the fixed 2, a schedule of 1/6/12 hours or
 * custom days: 1-60 on create, 1-30 on update); at least one receiver.
 */
export function LockAlertDialog({
  scopeId,
  alert,
  usersFixed,
  viewerId,
  users,
  onClose,
}: LockAlertDialogProps) {
  const t = useT('alerts');
  const messageText = useMessageText();
  const titleId = useId();
  const notify = useNotify();
  const save = useSaveLockAlert(scopeId);
  const [form, setForm] = useState<LockAlertForm>(() => lockFormFrom(alert, viewerId));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState('');
  const set = (patch: Partial<LockAlertForm>) => setForm((current) => ({ ...current, ...patch }));
  const errors = lockFormErrors(form, alert !== null);
  const shown = touched ? errors : {};
  const known = new Map(users.map((user) => [user.id, user]));
  for (const receiver of alert?.receiverUsers ?? [])
    if (!known.has(receiver.userId))
      known.set(receiver.userId, {
        id: receiver.userId,
        name: receiver.name,
        email: receiver.email,
        phoneNumber: null,
      });
  const options = [...known.values()];
  const presets: readonly number[] =
    form.alertType === 'RFID' ? RFID_SCHEDULE_PRESETS : BATTERY_INTERVAL_PRESETS;
  const maxDays = alert && form.alertType === 'RFID' ? RFID_UPDATE_DAYS_MAX : CUSTOM_DAYS_MAX;

  const submit = () => {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    setServerError('');
    save.mutate(
      { id: alert?.alertId ?? null, body: lockBodyFrom(form, scopeId, options) },
      {
        onSuccess: (saved) => {
          notify({ variant: 'success', text: saved.message });
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
      <DialogTitle id={titleId}>{alert ? t('form.editLockTitle') : t('form.createLockTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {serverError && <Alert severity="error">{messageText(serverError)}</Alert>}
          <FormControl disabled={alert !== null}>
            <InputLabel id={`${titleId}-type`}>{t('form.alertType')}</InputLabel>
            <Select
              labelId={`${titleId}-type`}
              label={t('form.alertType')}
              value={form.alertType}
              onChange={(event) =>
                set({ alertType: event.target.value as LockAlertType, interval: String(3_600_000) })
              }
            >
              {LOCK_ALERT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`lockTypes.${type}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {form.alertType === 'BATTERY_LOW' && (
            <TextField
              label={t('form.batteryThreshold')}
              type="number"
              required
              value={form.batteryLevel}
              onKeyDown={(event) => {
                if (noDigits(event.key)) event.preventDefault();
              }}
              onChange={(event) => set({ batteryLevel: event.target.value })}
              error={!!shown.batteryLevel}
              helperText={
                shown.batteryLevel ? messageText(shown.batteryLevel) : t('form.range', { min: 0, max: 100 })
              }
            />
          )}
          {form.alertType === 'RFID' && (
            <TextField label={t('form.rfidThreshold')} value={RFID_THRESHOLD} disabled />
          )}
          {form.alertType !== 'UNLOCK' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormControl sx={{ minWidth: 200 }}>
                <InputLabel id={`${titleId}-interval`}>
                  {form.alertType === 'RFID' ? t('form.schedule') : t('form.repeatEvery')}
                </InputLabel>
                <Select
                  labelId={`${titleId}-interval`}
                  label={form.alertType === 'RFID' ? t('form.schedule') : t('form.repeatEvery')}
                  value={form.interval}
                  onChange={(event) => set({ interval: event.target.value })}
                >
                  {presets.map((ms) => (
                    <MenuItem key={ms} value={String(ms)}>
                      {intervalLabel(t, ms)}
                    </MenuItem>
                  ))}
                  <MenuItem value="custom">{t('form.customDays')}</MenuItem>
                </Select>
              </FormControl>
              {form.interval === 'custom' && (
                <TextField
                  label={t('form.days')}
                  type="number"
                  value={form.customDays}
                  onKeyDown={(event) => {
                    if (noDigits(event.key)) event.preventDefault();
                  }}
                  onChange={(event) => set({ customDays: event.target.value })}
                  error={!!shown.interval}
                  helperText={
                    shown.interval ? messageText(shown.interval) : t('form.range', { min: 1, max: maxDays })
                  }
                />
              )}
            </Stack>
          )}
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
                label={t('form.receivers')}
                error={!!shown.users}
                helperText={messageText(shown.users ?? (usersFixed ? alertMessages.generalUsersFixed : ''))}
              />
            )}
          />
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
