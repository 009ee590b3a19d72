import Done from '@mui/icons-material/Done';
import { IconButton, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { IDLE_STATE } from '@portal/contract';
import { useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import type { LiveState } from '../live-gateway-state.ts';
import {
  canApply,
  checkRssi,
  checkScanFrequency,
  DEFAULT_SCAN_THRESHOLD,
  pollIntervalMinutes,
  SCAN_THRESHOLDS,
} from '../scan-settings.ts';
import { useGatewayCommand } from '../use-gateway-command.ts';

interface SettingFieldProps {
  label: string;
  applyLabel: string;
  current: number | undefined;
  editable: boolean;
  check: (text: string) => { value: number } | { error: string };
  /** The contract's rule texts in the language shown. */
  messageText: (text: string) => string;
  onApply: (value: number, done: () => void) => void;
}

/** A number the user may change while the gateway idles; the tick applies it when it is valid and new. */
function SettingField({
  label,
  applyLabel,
  current,
  editable,
  check,
  messageText,
  onApply,
}: SettingFieldProps) {
  // null: not edited, the gateway's current value shows (and follows live updates).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (current === undefined ? '' : String(current));
  const checked = check(text);
  const error = draft !== null && 'error' in checked ? checked.error : undefined;
  const applicable = editable && draft !== null && canApply(checked, current);
  return (
    <TextField
      label={label}
      type="number"
      size="small"
      value={text}
      disabled={!editable}
      error={error !== undefined}
      helperText={error !== undefined ? messageText(error) : ' '}
      onChange={(event) => setDraft(event.target.value)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={applyLabel}
                edge="end"
                disabled={!applicable}
                onClick={() => 'value' in checked && onApply(checked.value, () => setDraft(null))}
              >
                <Done />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

interface ScanSettingsProps {
  macId: string;
  online: boolean;
  canWrite: boolean;
  /** TOP_LEVEL_SCOPE_READ: the scan threshold choice is shown. */
  showThreshold: boolean;
  liveState: LiveState | null;
}

/**
 * Scan frequency (minutes, 1-10800) and RSSI (-1000..0), editable only in IdleState (spec 001 sections 4 and 5),
 * and the scan threshold. The server has no call that takes the threshold, so it stays a setting of the dialog.
 */
export function ScanSettings({ macId, online, canWrite, showThreshold, liveState }: ScanSettingsProps) {
  const t = useT('gateway-commands');
  const messageText = useMessageText();
  const command = useGatewayCommand(macId, online);
  const [threshold, setThreshold] = useState(DEFAULT_SCAN_THRESHOLD);
  const editable = online && canWrite && liveState?.currentState === IDLE_STATE && !command.pending;

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
      <SettingField
        label={t('scan.frequency')}
        applyLabel={t('scan.applyFrequency')}
        current={pollIntervalMinutes(liveState?.pollInterval)}
        editable={editable}
        check={checkScanFrequency}
        messageText={messageText}
        onApply={(value, done) => command.run({ command: 'POLLING-INTERVAL', pollingInterval: value }, done)}
      />
      <SettingField
        label={t('scan.rssi')}
        applyLabel={t('scan.applyRssi')}
        current={liveState?.rssiValue}
        editable={editable}
        check={checkRssi}
        messageText={messageText}
        onApply={(value, done) => command.run({ command: 'RSSI-VALUE', rssiValue: value }, done)}
      />
      {showThreshold && (
        <TextField
          select
          label={t('scan.threshold')}
          size="small"
          value={threshold}
          onChange={(event) => setThreshold(Number(event.target.value))}
          helperText=" "
          sx={{ minWidth: 140 }}
        >
          {SCAN_THRESHOLDS.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
