import MoreVert from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { effectivePermissions, rotateCredentialMessages } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { type GatewayAction, moreActionsFor } from '../gateway-actions.ts';

/** The 'More actions' button of a card or a list row; the menu exists only while open. */
export function GatewayActionsMenu({ onChoose }: { onChoose: (action: GatewayAction) => void }) {
  const t = useT('gateways');
  const messageText = useMessageText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { permissions } = useSession();
  const actions = useMemo(() => moreActionsFor(effectivePermissions(permissions)), [permissions]);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('actions.more')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        disableRipple
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      {anchor && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)}>
          {actions.map((action) => (
            <MenuItem
              key={action}
              onClick={() => {
                setAnchor(null);
                onChoose(action);
              }}
            >
              {action === 'rotateCredential'
                ? messageText(rotateCredentialMessages.action)
                : t(`actions.${action}`)}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
