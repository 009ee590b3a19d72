import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import type { AgentConfigGroup, AgentConfigField as Field } from '@portal/contract';
import {
  type FormValues,
  fieldId,
  frequencyOptions,
  isBlockedNumberKey,
  isDigits,
} from '../agent-config-form.ts';

interface AgentConfigFieldProps {
  group: AgentConfigGroup;
  field: Field;
  values: FormValues;
  error: string | undefined;
  /** A secret set on the server: shown as set, replaced only when typed anew. */
  secretSet: boolean;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
}

/** One setting of the form, drawn for its kind (number, frequency, text, secret, e-mail, select, switch). */
export function AgentConfigField({
  group,
  field,
  values,
  error,
  secretSet,
  disabled,
  onChange,
}: AgentConfigFieldProps) {
  const value = values[group][field.key];
  const id = `agent-config-${fieldId(group, field.key)}`;
  if (field.kind === 'switch')
    return (
      <FormControlLabel
        control={
          <Switch
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            disabled={disabled}
          />
        }
        label={field.label}
      />
    );
  const common = {
    id,
    label: field.label,
    value: String(value),
    size: 'small' as const,
    fullWidth: true,
    disabled,
    error: error !== undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  if (field.kind === 'frequency') {
    const options = frequencyOptions(values, field);
    const current = Number(value);
    const all = options.includes(current) || !isDigits(String(value)) ? options : [current, ...options];
    return (
      <TextField
        {...common}
        select
        helperText={error ?? `A multiple of the poll frequency, up to 900 s`}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
      >
        {all.map((option) => (
          <MenuItem key={option} value={String(option)}>
            {option}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.kind === 'select')
    return (
      <TextField {...common} select helperText={error ?? ' '}>
        {(field.options ?? []).map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
    );
  if (field.kind === 'number') {
    const range = field.range;
    return (
      <TextField
        {...common}
        type="number"
        helperText={
          error ?? (range ? `${range.min.toLocaleString('en')} to ${range.max.toLocaleString('en')}` : ' ')
        }
        onKeyDown={(event) => {
          if (isBlockedNumberKey(event.key)) event.preventDefault();
        }}
        onPaste={(event) => {
          if (!isDigits(event.clipboardData.getData('text'))) event.preventDefault();
        }}
        slotProps={{ htmlInput: { min: range?.min, max: range?.max, step: 1, inputMode: 'numeric' } }}
      />
    );
  }
  if (field.kind === 'secret')
    return (
      <TextField
        {...common}
        type="password"
        autoComplete="new-password"
        placeholder={secretSet ? '••••••••' : ''}
        slotProps={{ inputLabel: { shrink: secretSet || value !== '' } }}
        helperText={error ?? (secretSet ? 'Set: type a new one to replace it' : 'Not set')}
      />
    );
  return <TextField {...common} type={field.kind === 'email' ? 'email' : 'text'} helperText={error ?? ' '} />;
}
