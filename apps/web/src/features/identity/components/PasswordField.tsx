import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { PasswordInput } from '../../../components/PasswordInput.tsx';

interface PasswordFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
  /** Shown under the field while it has no error (the rule it must meet). */
  hint?: string;
}

/** A password input bound to a react-hook-form field, showing the field's rule message. */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  label,
  autoComplete,
  disabled,
  hint,
}: PasswordFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <PasswordInput
          {...field}
          inputRef={ref}
          label={label}
          autoComplete={autoComplete}
          required
          fullWidth
          disabled={disabled}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? hint}
        />
      )}
    />
  );
}
