import {
  Alert,
  Autocomplete,
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
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { MaintenanceWindow } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  maintenanceWindowKey,
  setMaintenanceWindow,
  useMaintenanceWindow,
} from '../api/maintenance-window.ts';
import {
  describeWindow,
  END_HOURS,
  formValuesOf,
  START_HOURS,
  WEEKDAYS,
  WINDOW_FORM_TEXTS,
  type WindowFormValues,
  windowFormProblems,
  windowOf,
} from '../maintenance-window-form.ts';
import type { PickerCustomer } from './CustomerPicker.tsx';
import { CustomerSelect } from './CustomerSelect.tsx';

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The zones the browser knows, UTC among them. */
function timeZones(extra: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, ...(extra ? [extra] : [])])];
}

/**
 * A customer's maintenance window (docs/rollouts.md): the days and hours, in the customer's time zone, inside
 * which its rollouts start updates. Viewed and edited by root on the firmware pages; the form holds the
 * server's rules and shows the server's answer when it refuses.
 */
export function MaintenanceWindowDialog({
  customers,
  initialScopeId,
  onClose,
}: {
  customers: PickerCustomer[];
  initialScopeId?: string;
  onClose: () => void;
}) {
  const t = useT('firmware');
  const messageText = useMessageText();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [scopeId, setScopeId] = useState(initialScopeId ?? customers[0]?.id ?? '');
  const stored = useMaintenanceWindow(scopeId);
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="window-title"
    >
      <DialogTitle id="window-title">{t('window.title')}</DialogTitle>
      <DialogContent>
        <CustomerSelect customers={customers} value={scopeId} onChange={setScopeId} />
        {scopeId === '' ? (
          <Typography color="text.secondary">{t('window.noCustomer')}</Typography>
        ) : stored.isPending ? (
          <Typography color="text.secondary">{t('window.loading')}</Typography>
        ) : stored.isError ? (
          <Alert severity="error">
            {stored.error instanceof ApiError ? messageText(stored.error.message) : t('window.readFailed')}
          </Alert>
        ) : (
          <WindowForm
            key={`${scopeId}:${JSON.stringify(stored.data)}`}
            scopeId={scopeId}
            stored={stored.data}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('window.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function WindowForm({ scopeId, stored }: { scopeId: string; stored: MaintenanceWindow | null }) {
  const t = useT('firmware');
  const messageText = useMessageText();
  /** The form's own rules in the catalogue's words; the contract's through its catalogue. */
  const problemText = (problem: string) =>
    problem === WINDOW_FORM_TEXTS.noDay
      ? t('window.noDay')
      : problem === WINDOW_FORM_TEXTS.noZone
        ? t('window.noZone')
        : messageText(problem);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<WindowFormValues>(() => formValuesOf(stored));
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(values.timeZone), [values.timeZone]);
  const problems = windowFormProblems(values);
  const valid = Object.keys(problems).length === 0;
  const change = (next: Partial<WindowFormValues>) => {
    setServerError(null);
    setValues((current) => ({ ...current, ...next }));
  };
  const save = async (window: MaintenanceWindow | null) => {
    setBusy(true);
    setServerError(null);
    try {
      const saved = await setMaintenanceWindow(scopeId, window);
      queryClient.setQueryData(maintenanceWindowKey(scopeId), saved);
      notify({
        variant: 'success',
        text: window ? t('window.saved') : t('window.removed'),
      });
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('window.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>
        {t('window.current')}
        <span data-testid="current-window">{describeWindow(stored)}</span>
      </Typography>
      <Autocomplete
        options={zones}
        value={values.timeZone || null}
        onChange={(_event, zone) => change({ timeZone: zone ?? '' })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('window.timeZone')}
            error={problems.timeZone !== undefined}
            helperText={problems.timeZone ? problemText(problems.timeZone) : t('window.timeZoneHint')}
          />
        )}
      />
      <FormControl error={problems.days !== undefined} component="fieldset">
        <FormLabel component="legend">{t('window.days')}</FormLabel>
        <FormGroup row>
          {WEEKDAYS.map((label, day) => (
            <FormControlLabel
              key={label}
              label={t(`window.weekdays.${label}`)}
              control={
                <Checkbox
                  checked={values.days.includes(day)}
                  onChange={(event) =>
                    change({
                      days: event.target.checked
                        ? [...values.days, day].sort((a, b) => a - b)
                        : values.days.filter((d) => d !== day),
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {problems.days && <FormHelperText>{problemText(problems.days)}</FormHelperText>}
      </FormControl>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          label={t('window.startHour')}
          value={values.startHour}
          onChange={(event) => change({ startHour: Number(event.target.value) })}
          sx={{ minWidth: 140 }}
        >
          {START_HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {hourLabel(h)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('window.endHour')}
          value={values.endHour}
          onChange={(event) => change({ endHour: Number(event.target.value) })}
          error={problems.hours !== undefined}
          helperText={problems.hours ? problemText(problems.hours) : t('window.endHint')}
          sx={{ minWidth: 140 }}
        >
          {END_HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {hourLabel(h)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {serverError && <Alert severity="error">{messageText(serverError)}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void save(windowOf(values))}>
          {t('window.save')}
        </Button>
        <Button variant="outlined" disabled={!stored || busy} onClick={() => void save(null)}>
          {t('window.remove')}
        </Button>
      </Stack>
    </Stack>
  );
}
