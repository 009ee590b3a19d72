import MoreVert from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { type GatewayAction, MORE_ACTIONS } from '../gateway-actions.ts';

/** The 'More actions' button of a card or a list row; the menu exists only while open. */
export function GatewayActionsMenu({ onChoose }: { onChoose: (action: GatewayAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        disableRipple
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      {anchor && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)}>
          {MORE_ACTIONS.map(({ action, label }) => (
            <MenuItem
              key={action}
              onClick={() => {
                setAnchor(null);
                onChoose(action);
              }}
            >
              {label}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
