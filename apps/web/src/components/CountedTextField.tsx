import { Box, TextField, type TextFieldProps } from '@mui/material';
import { useMessageText } from '../lib/i18n/index.ts';
import { lengthCounter } from './counted-text.ts';

type CountedTextFieldProps = Omit<TextFieldProps, 'helperText' | 'error'> & {
  value: string;
  max: number;
  /** The problem to show; the field shows as invalid while there is one. */
  message?: string;
  /** Let the user type past `max`, so that the rule's message shows instead of a silent stop. */
  allowOverflow?: boolean;
};

/** A text field of at most `max` characters, its helper line showing the problem and n/max. */
export function CountedTextField({
  value,
  max,
  message,
  allowOverflow = false,
  slotProps,
  ...props
}: CountedTextFieldProps) {
  const maxLength = allowOverflow ? undefined : max;
  // A rule's message from the contract in the language shown.
  const messageText = useMessageText();
  return (
    <TextField
      {...props}
      value={value}
      fullWidth
      error={message !== undefined}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <span>{message && messageText(message)}</span>
          <span>{lengthCounter(value, max)}</span>
        </Box>
      }
      slotProps={{ ...slotProps, htmlInput: { maxLength, ...(slotProps?.htmlInput as object) } }}
    />
  );
}
