import Check from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem, type MenuItemProps, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';

export interface ChoiceMenuItemProps<C extends string> extends Omit<MenuItemProps, 'onChange'> {
  icon: ReactNode;
  label: string;
  /** The id of the small menu it opens (aria-controls). */
  menuId: string;
  choices: readonly C[];
  current: C;
  nameOf: (choice: C) => string;
  /** The `lang` of each choice's entry, where a choice is named in its own language. */
  langOf?: (choice: C) => string;
  onChoose: (choice: C) => void;
}

/**
 * An account menu entry that shows the current choice and opens a small menu of the choices (radio entries,
 * the current one checked): Appearance and Language.
 */
export function ChoiceMenuItem<C extends string>({
  icon,
  label,
  menuId,
  choices,
  current,
  nameOf,
  langOf,
  onChoose,
  ...menuItemProps
}: ChoiceMenuItemProps<C>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;

  return (
    <>
      <MenuItem
        {...menuItemProps}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 2 }}>
          {nameOf(current)}
        </Typography>
      </MenuItem>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': label } }}
      >
        {choices.map((choice) => (
          <MenuItem
            key={choice}
            lang={langOf?.(choice)}
            role="menuitemradio"
            aria-checked={choice === current}
            selected={choice === current}
            onClick={() => {
              setAnchor(null);
              onChoose(choice);
            }}
          >
            <ListItemIcon>{choice === current && <Check fontSize="small" />}</ListItemIcon>
            {nameOf(choice)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
