import { Box, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AppVersion } from '../../components/AppVersion.tsx';
import { RemoveAccountMenuItem, TwoFactorMenuItem } from '../../features/identity/index.ts';
import { useT } from '../../lib/i18n/index.ts';
import { useSession } from '../../lib/session.ts';
import {
  type AccountMenuActionId,
  type AccountMenuEntry,
  visibleAccountMenuEntries,
} from '../account-menu.ts';
import { AppearanceMenuItem } from './AppearanceMenuItem.tsx';
import { ACCOUNT_MENU_ICONS } from './account-menu-icons.tsx';
import { LanguageMenuItem } from './LanguageMenuItem.tsx';

/**
 * The entries that act in place: the 2FA switch and 'Remove your account' open dialogs, Language and Appearance
 * a menu.
 */
const ACTION_ITEMS: Record<AccountMenuActionId, ComponentType<{ icon: ReactNode; label: string }>> = {
  twoFactor: TwoFactorMenuItem,
  removeAccount: RemoveAccountMenuItem,
  language: LanguageMenuItem,
  appearance: AppearanceMenuItem,
};

/** Full name and email at the top of the menu; MUI's menu keyboard focus skips it. */
function SignedInUser({ fullName, email }: { fullName: string; email: string }) {
  return (
    <Box sx={{ px: 2, py: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>{fullName}</Typography>
      <Typography variant="body2" color="text.secondary">
        {email}
      </Typography>
    </Box>
  );
}
SignedInUser.muiSkipListHighlight = true;

interface AccountMenuPopupProps {
  id: string;
  /** The account button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The account menu (AccountMenu.tsx loads it when first opened): who is signed in, the entries, the version. */
export function AccountMenuPopup({ id, anchor, onClose }: AccountMenuPopupProps) {
  const session = useSession();
  const t = useT('app');
  const fullName = [session.user?.firstName, session.user?.lastName].filter(Boolean).join(' ');

  const menuItem = (entry: AccountMenuEntry) => {
    const icon = ACCOUNT_MENU_ICONS[entry.id];
    const label = t(`accountMenu.${entry.id}`);
    if (entry.path === null) {
      const ActionItem = ACTION_ITEMS[entry.id];
      return <ActionItem key={entry.id} icon={icon} label={label} />;
    }
    return (
      <MenuItem key={entry.id} component={RouterLink} to={entry.path} onClick={onClose}>
        <ListItemIcon>{icon}</ListItemIcon>
        {label}
      </MenuItem>
    );
  };

  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <SignedInUser fullName={fullName} email={session.user?.email ?? ''} />
      <Divider />
      {visibleAccountMenuEntries(session).map(menuItem)}
      <Box sx={{ px: 2, pt: 1 }}>
        <AppVersion />
      </Box>
    </Menu>
  );
}
