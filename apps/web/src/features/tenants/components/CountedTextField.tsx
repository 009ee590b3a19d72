import { Box, TextField, type TextFieldProps } from '@mui/material';

type CountedTextFieldProps = Omit<TextFieldProps, 'helperText'> & {
  value: string;
  max: number;
  message?: string;
};

/** A text field that cannot take more than `max` characters, its helper line showing the problem and n/max. */
export function CountedTextField({ value, max, message, slotProps, ...props }: CountedTextFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      fullWidth
      error={message !== undefined}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <span>{message}</span>
          <span>
            {value.length}/{max}
          </span>
        </Box>
      }
      slotProps={{ ...slotProps, htmlInput: { maxLength: max, ...(slotProps?.htmlInput as object) } }}
    />
  );
}
