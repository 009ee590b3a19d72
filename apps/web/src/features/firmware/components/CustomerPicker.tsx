import AddCircleOutline from '@mui/icons-material/AddCircleOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import {
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { FileStore } from '@portal/contract';
import { useState } from 'react';
import { SearchField } from '../../../components/SearchField.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { filterCustomers } from '../firmware-rules.ts';
import { versionLabel } from './VersionSelect.tsx';

export interface PickerCustomer {
  id: string;
  name: string;
}

interface CustomerPickerProps {
  customers: PickerCustomer[];
  selected: string[];
  onChange: (ids: string[]) => void;
  /** Each customer's versions of this kind, latest first. */
  versions: Record<string, FileStore[]>;
  typeLabel: string;
}

/**
 * The right side of the firmware pages (spec 001 section 2): search, SELECT ALL / UNSELECT ALL, an add or
 * remove icon per customer with its current versions, the selected customers as removable chips and the
 * SELECTIVE UPDATE label.
 */
export function CustomerPicker({ customers, selected, onChange, versions, typeLabel }: CustomerPickerProps) {
  const t = useT('firmware');
  const [search, setSearch] = useState('');
  const shown = filterCustomers(customers, search);
  const chosen = new Set(selected);
  const toggle = (id: string) =>
    onChange(chosen.has(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const names = new Map(customers.map((c) => [c.id, c.name]));
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, minWidth: 0 }}
      component="section"
      aria-label={t('customers.label')}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <SearchField value={search} onChange={setSearch} width={260} />
        <Button onClick={() => onChange(customers.map((c) => c.id))}>{t('customers.selectAll')}</Button>
        <Button onClick={() => onChange([])}>{t('customers.unselectAll')}</Button>
      </Stack>
      {selected.length > 0 && (
        <Box sx={{ mb: 1 }}>
          <Typography variant="overline" color="primary" component="p">
            {t('customers.selectiveUpdate')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label={t('customers.selected')}>
            {selected.map((id) => (
              <Chip key={id} label={names.get(id) ?? id} onDelete={() => toggle(id)} size="small" />
            ))}
          </Box>
        </Box>
      )}
      <List dense sx={{ maxHeight: 480, overflow: 'auto' }} aria-label={t('customers.list')}>
        {shown.map((customer) => {
          const own = versions[customer.id] ?? [];
          const isChosen = chosen.has(customer.id);
          return (
            <ListItem
              key={customer.id}
              divider
              secondaryAction={
                <Tooltip title={isChosen ? t('customers.remove') : t('customers.add')}>
                  <IconButton
                    edge="end"
                    aria-label={t(isChosen ? 'customers.removeName' : 'customers.addName', {
                      name: customer.name,
                    })}
                    onClick={() => toggle(customer.id)}
                    color={isChosen ? 'error' : 'primary'}
                  >
                    {isChosen ? <RemoveCircleOutline /> : <AddCircleOutline />}
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemText
                primary={customer.name}
                secondary={
                  own.length === 0
                    ? `${typeLabel}: -`
                    : `${typeLabel}: ${own
                        .slice(0, 3)
                        .map((v) => versionLabel(v))
                        .join(', ')}${own.length > 3 ? ` (+${own.length - 3})` : ''}`
                }
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
        {shown.length === 0 && (
          <ListItem>
            <ListItemText secondary={t('customers.none')} />
          </ListItem>
        )}
      </List>
    </Paper>
  );
}
