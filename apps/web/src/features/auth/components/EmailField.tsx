import { Box } from '@mui/material';
import { EMAIL_MAX_LENGTH } from '@portal/contract';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { lengthCounter } from '../../../components/counted-text.ts';
import { OutlinedField } from '../../../components/OutlinedField.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';

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

/**
 * The 'Email' input of the sign-in, forgot-password and sign-up forms, showing the field's rule message (and,
 * counted, n/max beside it like CountedTextField). An OutlinedField: the login page loads no TextField.
 */
export function EmailField<T extends FieldValues>({ control, name, counted, ...props }: EmailFieldProps<T>) {
  const t = useT('auth');
  const messageText = useMessageText();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <OutlinedField
          {...field}
          {...props}
          inputRef={ref}
          label={t('email')}
          type="email"
          fullWidth
          error={fieldState.invalid}
          helperText={
            counted ? (
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{fieldState.error && messageText(fieldState.error.message ?? '')}</span>
                <span>{lengthCounter(String(field.value ?? ''), EMAIL_MAX_LENGTH)}</span>
              </Box>
            ) : (
              fieldState.error?.message
            )
          }
          maxLength={EMAIL_MAX_LENGTH}
        />
      )}
    />
  );
}
