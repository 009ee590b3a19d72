import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { removeAccountMessages } from '@portal/contract';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useRemoveAccount } from '../api/remove-account.ts';
import { useSignOutAfter } from '../use-sign-out-after.ts';

/** Spec 000 section 9: signed out 3 s after the account is removed. */
const LOGOUT_AFTER_MS = 3000;

interface RemoveAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Spec 000 section 4 'Remove account': confirm, then the account is deleted and the user signed out. */
export function RemoveAccountDialog({ open, onClose }: RemoveAccountDialogProps) {
  const { user } = useSession();
  const remove = useRemoveAccount();
  const notify = useNotify();
  const removed = remove.isSuccess;
  const t = useT('identity');
  const common = useT('common');
  const messageText = useMessageText();

  useSignOutAfter(removed, LOGOUT_AFTER_MS);

  const confirm = () => {
    if (!user) return;
    remove.mutate(
      { userId: user.id, scopeId: user.scopeId },
      {
        // Success is said once, in the dialog, until /logout 3 s later.
        onError: () => notify({ variant: 'error', text: removeAccountMessages.failed }),
      },
    );
  };
  const cancel = () => {
    remove.reset();
    onClose();
  };
  const busy = remove.isPending || removed;

  return (
    <Dialog open={open} onClose={busy ? undefined : cancel} maxWidth="xs" fullWidth>
      <DialogTitle>{t('removeAccount.title')}</DialogTitle>
      <DialogContent>
        {removed ? (
          <Alert severity="success">{messageText(removeAccountMessages.removed)}</Alert>
        ) : (
          <DialogContentText>{t('removeAccount.question')}</DialogContentText>
        )}
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {messageText(removeAccountMessages.dialogFailed)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} disabled={busy}>
          {common('cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={confirm}
          disabled={removed}
          loading={remove.isPending}
        >
          {t('removeAccount.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
