import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import type { GraphCondition } from '@portal/contract';
import { useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { thresholdFrom } from '../graph-view.ts';

type Op = GraphCondition['op'] | 'none';

/**
 * The threshold chip's editor: only the gateways whose highest reading is above (lowest is below) a value, or
 * none; the value within the server's bounds (GRAPH_THRESHOLD_LIMIT), its message under the field.
 */
export function ThresholdDialog(props: {
  open: boolean;
  initial: GraphCondition | null;
  unit: string;
  onClose: () => void;
  onApply: (condition: GraphCondition | null) => void;
}) {
  const { open, initial, unit, onClose, onApply } = props;
  const t = useT('graph-generator');
  const messageText = useMessageText();
  const [op, setOp] = useState<Op>(initial?.op ?? 'none');
  const [text, setText] = useState(initial ? String(initial.value) : '');
  const [touched, setTouched] = useState(false);
  const result = op === 'none' ? null : thresholdFrom(op, text);
  const error = result && 'error' in result ? result.error : null;
  const apply = () => {
    setTouched(true);
    if (result === null) onApply(null);
    else if ('condition' in result) onApply(result.condition);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="graph-threshold-title"
      slotProps={{
        transition: {
          onEnter: () => {
            setOp(initial?.op ?? 'none');
            setText(initial ? String(initial.value) : '');
            setTouched(false);
          },
        },
      }}
    >
      <DialogTitle id="graph-threshold-title">{t('thresholdDialog.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            select
            label={t('thresholdDialog.onlyGateways')}
            value={op}
            onChange={(e) => setOp(e.target.value as Op)}
          >
            <MenuItem value="none">{t('thresholdDialog.all')}</MenuItem>
            <MenuItem value=">">{t('thresholdDialog.above')}</MenuItem>
            <MenuItem value="<">{t('thresholdDialog.below')}</MenuItem>
            {/* "at least" and "at most" (issue 32): the signs read the same in every language. */}
            <MenuItem value=">=">≥</MenuItem>
            <MenuItem value="<=">≤</MenuItem>
          </TextField>
          {op !== 'none' && (
            <TextField
              label={unit ? t('thresholdDialog.valueWithUnit', { unit }) : t('thresholdDialog.value')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onBlur={() => setTouched(true)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={touched && error !== null}
              helperText={touched && error !== null ? messageText(error) : null}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={apply}>
          {t('apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
