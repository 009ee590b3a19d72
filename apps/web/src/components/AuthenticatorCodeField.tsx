import { TextField } from '@mui/material';
import { AUTHENTICATOR_CODE_LENGTH } from '@portal/contract';
import { useT } from '../lib/i18n/index.ts';
import { sanitizeAuthenticatorCode } from './authenticator-code.ts';

interface AuthenticatorCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The 6-digit code of an authenticator app; typing anything but digits does nothing. */
export function AuthenticatorCodeField({
  value,
  onChange,
  disabled,
  autoFocus,
}: AuthenticatorCodeFieldProps) {
  const t = useT('components');
  return (
    <TextField
      label={t('authenticationCode')}
      value={value}
      onChange={(event) => onChange(sanitizeAuthenticatorCode(event.target.value))}
      disabled={disabled}
      autoFocus={autoFocus}
      fullWidth
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: AUTHENTICATOR_CODE_LENGTH,
        },
      }}
    />
  );
}
