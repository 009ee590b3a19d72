import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { IconButton } from '@mui/material';
import type { LockUser } from '@portal/contract';
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
  const name = lockUserName(user);
  return (
    <>
      <IconButton aria-label={`${canWrite ? 'Edit' : 'View'} ${name}`} onClick={() => onOpen(user)}>
        {canWrite ? <EditOutlined /> : <VisibilityOutlined />}
      </IconButton>
      {canWrite && (
        <IconButton aria-label={`Delete ${name}`} onClick={() => onDelete(user)}>
          <DeleteOutlined />
        </IconButton>
      )}
    </>
  );
}
