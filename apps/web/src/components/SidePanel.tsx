import { Drawer } from '@mui/material';
import type { ReactNode } from 'react';

/** A panel sliding in from the right, named by its title element, above the shell's top bar. */
export function SidePanel({
  open,
  onClose,
  titleId,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // The shell's top bar sits over the side navigation drawer; a side panel goes above it.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: width ? { width: { xs: '100%', sm: width } } : undefined,
        },
      }}
    >
      {children}
    </Drawer>
  );
}
