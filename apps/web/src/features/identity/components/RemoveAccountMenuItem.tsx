import { ListItemIcon, MenuItem, type MenuItemProps } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { RemoveAccountDialog } from './RemoveAccountDialog.tsx';

/** The account menu's 'Remove your account' entry and its confirmation. */
interface RemoveAccountMenuItemProps extends MenuItemProps {
  icon: ReactNode;
  label: string;
}

export function RemoveAccountMenuItem({ icon, label, ...menuItemProps }: RemoveAccountMenuItemProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <MenuItem {...menuItemProps} onClick={() => setOpen(true)}>
        <ListItemIcon>{icon}</ListItemIcon>
        {label}
      </MenuItem>
      <RemoveAccountDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
