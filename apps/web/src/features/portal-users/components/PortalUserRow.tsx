import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Switch, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { type PortalUser, portalUserDisplayName, twoFactorMessages } from '@portal/contract';
import { EmailText } from '../../../components/EmailText.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import type { PortalUserRowAccess } from '../portal-user-access.ts';
import { emailText } from '../portal-users-list.ts';

interface PortalUserRowProps {
  user: PortalUser;
  access: PortalUserRowAccess;
  /** The e-mail under the name instead of in a column of its own (narrow screens). */
  compact?: boolean;
  onEdit: (user: PortalUser) => void;
  onDelete: (user: PortalUser) => void;
  onTwoFactorToggle: (user: PortalUser) => void;
}

/** The Two FA cell: a switch where the rules show one, otherwise the state as text. */
function TwoFactorCell({
  user,
  access,
  onToggle,
}: {
  user: PortalUser;
  access: PortalUserRowAccess;
  onToggle: () => void;
}) {
  const t = useT('portal-users');
  const messageText = useMessageText();
  const on = user.secureAuthentication;
  if (!access.twoFactor.visible)
    return <Typography variant="body2">{on ? t('table.on') : t('table.off')}</Typography>;
  return (
    <Tooltip title={messageText(on ? twoFactorMessages.enabledTooltip : twoFactorMessages.disabledTooltip)}>
      <span>
        <Switch
          checked={on}
          disabled={!access.twoFactor.enabled}
          onChange={onToggle}
          slotProps={{
            input: { 'aria-label': t('table.twoFactorFor', { name: portalUserDisplayName(user) }) },
          }}
        />
      </span>
    </Tooltip>
  );
}

/** One user; the row is named after the user so it can be found by name. */
export function PortalUserRow({
  user,
  access,
  compact = false,
  onEdit,
  onDelete,
  onTwoFactorToggle,
}: PortalUserRowProps) {
  const t = useT('portal-users');
  const messageText = useMessageText();
  const name = portalUserDisplayName(user);
  return (
    <TableRow hover aria-label={name}>
      {/* On a phone the name's column takes the room the others leave, the e-mail on one line under the name. */}
      <TableCell component="th" scope="row" sx={compact ? { width: '100%', maxWidth: 0 } : undefined}>
        {name}
        {compact && (
          <Typography variant="body2" color="text.secondary" component="div">
            <EmailText email={messageText(emailText(user.email))} oneLine />
          </Typography>
        )}
      </TableCell>
      {!compact && <TableCell>{messageText(emailText(user.email))}</TableCell>}
      <TableCell>
        <TwoFactorCell user={user} access={access} onToggle={() => onTwoFactorToggle(user)} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {access.edit && (
          <IconButton aria-label={t('table.edit', { name })} onClick={() => onEdit(user)}>
            <EditOutlined />
          </IconButton>
        )}
        {access.delete && (
          <IconButton aria-label={t('table.delete', { name })} onClick={() => onDelete(user)}>
            <DeleteOutlined />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}
