import { MenuItem, TextField } from '@mui/material';
import { useT } from '../../../lib/i18n/index.ts';
import type { PickerCustomer } from './CustomerPicker.tsx';

/** The one customer a firmware dialog works on (the rollout control, the maintenance window). */
export function CustomerSelect({
  customers,
  value,
  onChange,
}: {
  customers: PickerCustomer[];
  value: string;
  onChange: (scopeId: string) => void;
}) {
  const t = useT('firmware');
  return (
    <TextField
      select
      label={t('customers.customer')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 240, mb: 2, mt: 1 }}
    >
      {customers.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
