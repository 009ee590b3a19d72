import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import {
  type ChangeEventHandler,
  type FocusEventHandler,
  forwardRef,
  type ReactNode,
  type Ref,
  useId,
} from 'react';
import { useMessageText } from '../lib/i18n/index.ts';

export interface OutlinedFieldProps {
  label: string;
  name?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
}

/**
 * An outlined text input with its label and helper line, drawn like MUI's TextField. TextField itself imports
 * Select (and with it Menu, Popover and the other input variants) for its `select` mode, about 12 KB gzipped
 * that the login page would load for nothing; the fields of the first-paint screens use this one instead.
 */
export const OutlinedField = forwardRef<HTMLDivElement, OutlinedFieldProps>(function OutlinedField(
  { label, helperText, error, required, disabled, fullWidth, maxLength, inputRef, endAdornment, ...input },
  ref,
) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  // A rule's message from the contract ('Email is required.') in the language shown.
  const messageText = useMessageText();
  return (
    <FormControl
      ref={ref}
      variant="outlined"
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputRef={inputRef}
        endAdornment={endAdornment}
        inputProps={{ maxLength }}
        aria-describedby={helperId}
      />
      {helperText ? (
        <FormHelperText id={helperId}>
          {typeof helperText === 'string' ? messageText(helperText) : helperText}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
});
