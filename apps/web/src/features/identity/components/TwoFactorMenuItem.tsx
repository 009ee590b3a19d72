import {
  Box,
  ListItemIcon,
  ListItemText,
  MenuItem,
  type MenuItemProps,
  Switch,
  Tooltip,
} from '@mui/material';
import { twoFactorMessages } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { useMessageText } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { type TwoFactorDialog, twoFactorSwitchChecked } from '../two-factor-rules.ts';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog.tsx';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog.tsx';

interface TwoFactorMenuItemProps extends MenuItemProps {
  icon: ReactNode;
  label: string;
}

/**
 * The account menu's Enable/Disable 2FA switch (spec 000 sections 2 and 4). The whole menu item is the switch
 * (role switch); the drawn Switch is decoration. The menu stays open under the dialogs so the switch is seen
 * to turn, or to go back on cancel.
 */
export function TwoFactorMenuItem({ icon, label, ...menuItemProps }: TwoFactorMenuItemProps) {
  const { user } = useSession();
  const [dialog, setDialog] = useState<TwoFactorDialog>(null);
  const messageText = useMessageText();
  const enabled = user?.secureAuthentication ?? false;
  const checked = twoFactorSwitchChecked(enabled, dialog);
  const closeDialog = () => setDialog(null);

  return (
    <>
      <Tooltip
        title={messageText(enabled ? twoFactorMessages.enabledTooltip : twoFactorMessages.disabledTooltip)}
        placement="left"
        describeChild
      >
        <MenuItem
          {...menuItemProps}
          role="switch"
          aria-checked={checked}
          onClick={() => setDialog(enabled ? 'disable' : 'enable')}
        >
          <ListItemIcon>{icon}</ListItemIcon>
          <ListItemText>{label}</ListItemText>
          <Box component="span" aria-hidden="true" sx={{ pointerEvents: 'none', ml: 1 }}>
            <Switch checked={checked} size="small" slotProps={{ input: { tabIndex: -1, readOnly: true } }} />
          </Box>
        </MenuItem>
      </Tooltip>
      <TwoFactorSetupDialog open={dialog === 'enable'} email={user?.email ?? ''} onClose={closeDialog} />
      <DisableTwoFactorDialog open={dialog === 'disable'} email={user?.email ?? ''} onClose={closeDialog} />
    </>
  );
}
