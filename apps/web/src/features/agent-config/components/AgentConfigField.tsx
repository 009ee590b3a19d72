import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import type { AgentConfigGroup, AgentConfigField as Field } from '@portal/contract';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
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
  const t = useT('agent-config');
  const messageText = useMessageText();
  const label = t(`fields.${group}.${field.key}`, { defaultValue: field.label });
  const helper = (text: string) => (error === undefined ? text : messageText(error));
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
        label={label}
      />
    );
  const common = {
    id,
    label,
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
        helperText={helper(t('field.frequencyHint'))}
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
      <TextField {...common} select helperText={helper(' ')}>
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
        helperText={helper(
          range ? t('field.range', { min: formatNumber(range.min), max: formatNumber(range.max) }) : ' ',
        )}
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
        helperText={helper(secretSet ? t('field.secretSet') : t('field.secretNotSet'))}
      />
    );
  return <TextField {...common} type={field.kind === 'email' ? 'email' : 'text'} helperText={helper(' ')} />;
}
