import Check from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem, type MenuItemProps, Typography } from '@mui/material';
import { useColorScheme } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';

type Mode = 'system' | 'light' | 'dark';

const MODES: readonly { mode: Mode; label: string }[] = [
  { mode: 'system', label: 'System' },
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
];

const SUBMENU_ID = 'appearance-menu';

interface AppearanceMenuItemProps extends MenuItemProps {
  icon: ReactNode;
  label: string;
}

/**
 * The account menu's Appearance entry (ours, docs/ui.md 'Light and dark'): it shows the choice and opens a
 * small menu of System (the operating system's light or dark), Light and Dark. MUI keeps the choice in this
 * browser's localStorage and follows the system while it is System.
 */
export function AppearanceMenuItem({ icon, label, ...menuItemProps }: AppearanceMenuItemProps) {
  const { mode = 'system', setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const current = MODES.find((each) => each.mode === mode) ?? MODES[0]!;

  return (
    <>
      <MenuItem
        {...menuItemProps}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? SUBMENU_ID : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 2 }}>
          {current.label}
        </Typography>
      </MenuItem>
      <Menu
        id={SUBMENU_ID}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': label } }}
      >
        {MODES.map((each) => (
          <MenuItem
            key={each.mode}
            role="menuitemradio"
            aria-checked={each.mode === current.mode}
            selected={each.mode === current.mode}
            onClick={() => {
              setMode(each.mode);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{each.mode === current.mode && <Check fontSize="small" />}</ListItemIcon>
            {each.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
