import { MenuItem, TextField } from '@mui/material';
import { useT } from '../../../lib/i18n/index.ts';
import type { CustomerOption } from './customer-options.ts';

interface CustomerSelectProps {
  options: CustomerOption[];
  value: string;
  onChange: (scopeId: string) => void;
  disabled?: boolean;
  label?: string;
}

/** The Select Customer dropdown of spec 001 section 2 (options without the free-tier customer). */
export function CustomerSelect({ options, value, onChange, disabled, label }: CustomerSelectProps) {
  const t = useT('gateways');
  // Until the options arrive the current value has no item to show: keep the field empty meanwhile.
  const known = options.some((option) => option.scopeId === value);
  return (
    <TextField
      select
      label={label ?? t('info.selectCustomer')}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option.scopeId} value={option.scopeId}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
