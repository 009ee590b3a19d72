import Check from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem, type MenuItemProps, Typography } from '@mui/material';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { userDetailsQueryOptions } from '../../api/get-user-details.ts';
import { saveUserLanguage } from '../../api/save-user-language.ts';
import { changeLanguage, useCurrentLanguage } from '../../lib/i18n/index.ts';

const SUBMENU_ID = 'language-menu';

interface LanguageMenuItemProps extends MenuItemProps {
  icon: ReactNode;
  label: string;
}

/**
 * The account menu's Language entry (ours, docs/i18n.md): it shows the language and opens a small menu of the
 * portal's languages, each by its own name. A choice shows at once, is kept on this device and on the user
 * (PUT /api/user-details/language), so the user's other devices and the portal's mails follow it.
 */
export function LanguageMenuItem({ icon, label, ...menuItemProps }: LanguageMenuItemProps) {
  const current = useCurrentLanguage();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;

  const choose = async (language: Language) => {
    setAnchor(null);
    await changeLanguage(language);
    await saveUserLanguage(language);
    await queryClient.invalidateQueries(userDetailsQueryOptions());
  };

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
          {LANGUAGE_NAMES[current]}
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
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            role="menuitemradio"
            aria-checked={language === current}
            selected={language === current}
            onClick={() => void choose(language)}
          >
            <ListItemIcon>{language === current && <Check fontSize="small" />}</ListItemIcon>
            {LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
