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
import { thresholdFrom } from '../graph-view.ts';

type Op = '>' | '<' | 'none';

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
      <DialogTitle id="graph-threshold-title">Threshold</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField select label="Only gateways" value={op} onChange={(e) => setOp(e.target.value as Op)}>
            <MenuItem value="none">All gateways (no threshold)</MenuItem>
            <MenuItem value=">">Above (highest reading)</MenuItem>
            <MenuItem value="<">Below (lowest reading)</MenuItem>
          </TextField>
          {op !== 'none' && (
            <TextField
              label={`Value${unit ? ` (${unit})` : ''}`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onBlur={() => setTouched(true)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={touched && error !== null}
              helperText={touched ? error : null}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={apply}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
