import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import { Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AppVersion } from '../../components/AppVersion.tsx';
import {
  RemoveAccountMenuItem,
  TwoFactorMenuItem,
  useLiveTwoFactorStatus,
} from '../../features/identity/index.ts';
import { useSession } from '../../lib/session.ts';
import { type AccountMenuEntry, visibleAccountMenuEntries } from '../account-menu.ts';
import { ACCOUNT_MENU_ICONS } from './account-menu-icons.tsx';

const MENU_ID = 'account-menu';

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

export function AccountMenu() {
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const open = anchor !== null;
  const fullName = [session.user?.firstName, session.user?.lastName].filter(Boolean).join(' ');
  useLiveTwoFactorStatus();

  const menuItem = (entry: AccountMenuEntry) => {
    const icon = ACCOUNT_MENU_ICONS[entry.id];
    // The 2FA switch and 'Remove your account' open their dialogs over the menu.
    if (entry.path === null) {
      const ActionItem = entry.id === 'twoFactor' ? TwoFactorMenuItem : RemoveAccountMenuItem;
      return <ActionItem key={entry.id} icon={icon} label={entry.label} />;
    }
    return (
      <MenuItem key={entry.id} component={RouterLink} to={entry.path} onClick={close}>
        <ListItemIcon>{icon}</ListItemIcon>
        {entry.label}
      </MenuItem>
    );
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Account menu"
        aria-haspopup="true"
        aria-controls={open ? MENU_ID : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleOutlined />
      </IconButton>
      <Menu id={MENU_ID} anchorEl={anchor} open={open} onClose={close}>
        <SignedInUser fullName={fullName} email={session.user?.email ?? ''} />
        <Divider />
        {visibleAccountMenuEntries(session).map(menuItem)}
        <Box sx={{ px: 2, pt: 1 }}>
          <AppVersion />
        </Box>
      </Menu>
    </>
  );
}
