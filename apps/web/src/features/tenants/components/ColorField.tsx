import { Box, InputAdornment, TextField } from '@mui/material';
import { HEX_COLOR } from '@portal/contract';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';

interface ColorFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

/** A colour as #rrggbb text, with the browser's colour picker beside it. */
export function ColorField({ label, value, onChange, onBlur, error, disabled }: ColorFieldProps) {
  const t = useT('tenants');
  const messageText = useMessageText();
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.trim())}
      onBlur={onBlur}
      error={error !== undefined}
      helperText={error === undefined ? undefined : messageText(error)}
      disabled={disabled}
      fullWidth
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={t('branding.pick', { label })}
                value={HEX_COLOR.test(value) ? value.toLowerCase() : '#000000'}
                disabled={disabled}
                onChange={(event) => onChange(event.target.value)}
                sx={{ width: 32, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
