import { Box, TextField, type TextFieldProps } from '@mui/material';
import { lengthCounter } from '../../../components/counted-text.ts';

type LimitedTextFieldProps = Omit<TextFieldProps, 'helperText' | 'error'> & {
  value: string;
  max: number;
  /** The problem to show; the field shows as invalid while there is one. */
  message?: string;
};

/**
 * A text field showing n/max and its problem. Unlike CountedTextField it lets the user type past the limit,
 * so the rule's message shows (spec 001 section 5 rules are shown in the form, not silently enforced).
 */
export function LimitedTextField({ value, max, message, ...props }: LimitedTextFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      fullWidth
      error={message !== undefined}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <span>{message}</span>
          <span>{lengthCounter(value, max)}</span>
        </Box>
      }
    />
  );
}
