import { MenuItem, TextField } from '@mui/material';
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
  return (
    <TextField
      select
      label="Customer"
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
