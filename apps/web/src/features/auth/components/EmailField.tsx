import { TextField } from '@mui/material';
import { EMAIL_MAX_LENGTH } from '@portal/contract';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { CountedTextField } from '../../../components/CountedTextField.tsx';

interface EmailFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  autoComplete: 'username' | 'email';
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Whether the helper line counts the characters (n/max) beside the rule message, as on sign-up. */
  counted?: boolean;
}

/** The 'Email' input of the sign-in, forgot-password and sign-up forms, showing the field's rule message. */
export function EmailField<T extends FieldValues>({ control, name, counted, ...props }: EmailFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) =>
        counted ? (
          <CountedTextField
            {...field}
            {...props}
            inputRef={ref}
            label="Email"
            type="email"
            max={EMAIL_MAX_LENGTH}
            message={fieldState.error?.message}
          />
        ) : (
          <TextField
            {...field}
            {...props}
            inputRef={ref}
            label="Email"
            type="email"
            fullWidth
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
          />
        )
      }
    />
  );
}
