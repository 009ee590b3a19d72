import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { IconButton } from '@mui/material';
import type { LockUser } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { lockUserName } from '../lock-users-list.ts';

export interface LockUserActionHandlers {
  onOpen: (user: LockUser) => void;
  onDelete: (user: LockUser) => void;
}

/** Edit and delete with IOT_USER_WRITE; without it, a view button (details and assigned locks, read-only). */
export function LockUserActions({
  user,
  canWrite,
  onOpen,
  onDelete,
}: LockUserActionHandlers & { user: LockUser; canWrite: boolean }) {
  const t = useT('lock-users');
  const name = lockUserName(user);
  return (
    <>
      <IconButton
        aria-label={t(canWrite ? 'table.edit' : 'table.view', { name })}
        onClick={() => onOpen(user)}
      >
        {canWrite ? <EditOutlined /> : <VisibilityOutlined />}
      </IconButton>
      {canWrite && (
        <IconButton aria-label={t('table.delete', { name })} onClick={() => onDelete(user)}>
          <DeleteOutlined />
        </IconButton>
      )}
    </>
  );
}
