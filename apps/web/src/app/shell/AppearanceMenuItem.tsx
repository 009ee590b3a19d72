import Check from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem, type MenuItemProps, Typography } from '@mui/material';
import { useColorScheme } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';
import { useT } from '../../lib/i18n/index.ts';

type Mode = 'system' | 'light' | 'dark';

/** Named in the 'app' catalogue as `appearance.{mode}`. */
const MODES: readonly Mode[] = ['system', 'light', 'dark'];

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
  const t = useT('app');
  const current = MODES.find((each) => each === mode) ?? 'system';

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
          {t(`appearance.${current}`)}
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
            key={each}
            role="menuitemradio"
            aria-checked={each === current}
            selected={each === current}
            onClick={() => {
              setMode(each);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{each === current && <Check fontSize="small" />}</ListItemIcon>
            {t(`appearance.${each}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
