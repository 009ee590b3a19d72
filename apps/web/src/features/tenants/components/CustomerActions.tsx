import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import { customerMessages, type Scope } from '@portal/contract';
import { useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import type { CustomerRowAccess } from '../customers-list.ts';

export interface CustomerActionHandlers {
  onEdit: (scope: Scope) => void;
  onDelete: (scope: Scope) => void;
  /** Root only: the customer's quotas (docs/quotas.md). */
  onQuotas?: (scope: Scope) => void;
}

interface CustomerActionsProps extends CustomerActionHandlers {
  scope: Scope;
  access: CustomerRowAccess;
}

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** The Edit column of the wide table: quotas (root), edit and delete icons. */
export function CustomerActionIcons({ scope, access, onEdit, onDelete, onQuotas }: CustomerActionsProps) {
  const t = useT('tenants');
  const messageText = useMessageText();
  const beingDeleted = messageText(customerMessages.beingDeleted);
  return (
    <Stack direction="row" spacing={0.5} onClick={stop} sx={{ justifyContent: 'flex-end' }}>
      {onQuotas && (
        <Tooltip title={t('quotas.action')}>
          <IconButton
            aria-label={t('quotas.actionName', { name: scope.name })}
            onClick={() => onQuotas(scope)}
          >
            <SpeedOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {access.edit.visible && (
        <Tooltip title={access.edit.enabled ? t('actions.edit') : beingDeleted}>
          <span>
            <IconButton
              aria-label={t('actions.editName', { name: scope.name })}
              disabled={!access.edit.enabled}
              onClick={() => onEdit(scope)}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {access.delete.visible && (
        <Tooltip title={access.delete.enabled ? t('actions.delete') : beingDeleted}>
          <span>
            <IconButton
              aria-label={t('actions.deleteName', { name: scope.name })}
              disabled={!access.delete.enabled}
              onClick={() => onDelete(scope)}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Stack>
  );
}

/**
 * The menu of a narrow row or a card: Quotas (root), Edit and Delete (disabled while the customer is being
 * deleted).
 */
export function CustomerActionMenu({ scope, access, onEdit, onDelete, onQuotas }: CustomerActionsProps) {
  const t = useT('tenants');
  const messageText = useMessageText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!access.edit.visible && !access.delete.visible && !onQuotas) return null;
  const choose = (action: (scope: Scope) => void) => {
    setAnchor(null);
    action(scope);
  };
  return (
    <>
      <IconButton
        aria-label={t('actions.menu', { name: scope.name })}
        aria-haspopup="menu"
        onClick={(event) => {
          stop(event);
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVert />
      </IconButton>
      {/* Events inside the menu (a portal) still bubble to the row in React: they stop here. */}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} onClick={stop}>
        {onQuotas && (
          <MenuItem onClick={() => choose(onQuotas)}>
            <ListItemIcon>
              <SpeedOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('quotas.action')}</ListItemText>
          </MenuItem>
        )}
        {access.edit.visible && (
          <MenuItem disabled={!access.edit.enabled} onClick={() => choose(onEdit)}>
            <ListItemIcon>
              <EditOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('actions.edit')}</ListItemText>
          </MenuItem>
        )}
        {access.delete.visible && (
          <MenuItem disabled={!access.delete.enabled} onClick={() => choose(onDelete)}>
            <ListItemIcon>
              <DeleteOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={t('actions.delete')}
              secondary={access.delete.enabled ? undefined : messageText(customerMessages.beingDeleted)}
            />
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
