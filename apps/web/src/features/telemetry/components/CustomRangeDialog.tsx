import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { CUSTOM_RANGE_EARLIEST_DAY } from '@portal/contract';
import { useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { customRangeErrors, type DayRange, dayOf, withFrom, withTo } from '../custom-range.ts';

interface CustomRangeDialogProps {
  open: boolean;
  /** The custom range shown now, if any: the fields start from it. */
  initial: DayRange | null;
  onApply: (range: DayRange) => void;
  /** Closed without applying: the selector goes back to the previous interval. */
  onClose: () => void;
}

/** From and To date pickers with the 'Apply Interval' tick, enabled only for a valid range. */
export function CustomRangeDialog({ open, initial, onApply, onClose }: CustomRangeDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="custom-range-title">
      {open && <CustomRangeForm initial={initial} onApply={onApply} onClose={onClose} />}
    </Dialog>
  );
}

function CustomRangeForm({ initial, onApply, onClose }: Omit<CustomRangeDialogProps, 'open'>) {
  const t = useT('telemetry');
  const common = useT('common');
  const messageText = useMessageText();
  const [range, setRange] = useState<DayRange>(initial ?? { from: '', to: '' });
  const today = dayOf(Date.now());
  const errors = customRangeErrors(range, today);
  const valid = Object.keys(errors).length === 0;
  // Untouched (empty) fields disable Apply without calling for attention.
  const shown = (field: 'from' | 'to') => {
    const error = range[field] ? errors[field] : undefined;
    return error && messageText(error);
  };
  return (
    <>
      <DialogTitle id="custom-range-title" sx={{ pr: 6 }}>
        {t('intervals.custom')}
        <IconButton
          aria-label={common('close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1, alignItems: 'flex-start' }}>
          <TextField
            label={t('customRange.from')}
            type="date"
            value={range.from}
            onChange={(event) => setRange((r) => withFrom(r, event.target.value))}
            error={Boolean(shown('from'))}
            helperText={shown('from') ?? ' '}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: CUSTOM_RANGE_EARLIEST_DAY, max: today },
            }}
          />
          <TextField
            label={t('customRange.to')}
            type="date"
            value={range.to}
            onChange={(event) => setRange((r) => withTo(r, event.target.value))}
            error={Boolean(shown('to'))}
            helperText={shown('to') ?? ' '}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: range.from || CUSTOM_RANGE_EARLIEST_DAY, max: today },
            }}
          />
          <Tooltip title={t('customRange.apply')}>
            <span>
              <IconButton
                aria-label={t('customRange.apply')}
                color="primary"
                disabled={!valid}
                onClick={() => onApply(range)}
                sx={{ mt: 1 }}
              >
                <CheckIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        {errors.range && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {messageText(errors.range)}
          </Alert>
        )}
      </DialogContent>
    </>
  );
}
