import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { type GraphInterval, PRESET_INTERVALS, type PresetKey } from '../intervals.ts';
import { CustomRangeDialog } from './CustomRangeDialog.tsx';

interface IntervalSelectorProps {
  value: GraphInterval;
  onChange: (interval: GraphInterval) => void;
}

/**
 * The 'Interval' select: the presets and Custom Range. Custom Range opens the date pickers; the select shows it
 * while they are open and goes back to the previous interval when they close without Apply.
 */
export function IntervalSelector({ value, onChange }: IntervalSelectorProps) {
  const t = useT('telemetry');
  const [pickingRange, setPickingRange] = useState(false);
  const shown = pickingRange ? 'custom' : value.key;
  return (
    <>
      <TextField
        select
        size="small"
        label={t('intervals.label')}
        value={shown}
        onChange={(event) => {
          const key = event.target.value;
          if (key !== 'custom') onChange({ key: key as PresetKey });
        }}
        sx={{ minWidth: 160 }}
      >
        {PRESET_INTERVALS.map((preset) => (
          <MenuItem key={preset.key} value={preset.key}>
            {t(`intervals.${preset.key}`)}
          </MenuItem>
        ))}
        {/* Opened on click, so choosing it again while a custom range is shown opens the pickers too. */}
        <MenuItem value="custom" onClick={() => setPickingRange(true)}>
          {t('intervals.custom')}
        </MenuItem>
      </TextField>
      <CustomRangeDialog
        open={pickingRange}
        initial={value.key === 'custom' ? { from: value.from, to: value.to } : null}
        onApply={(range) => {
          setPickingRange(false);
          onChange({ key: 'custom', ...range });
        }}
        onClose={() => setPickingRange(false)}
      />
    </>
  );
}
