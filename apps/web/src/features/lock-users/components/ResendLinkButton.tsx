import { Button } from '@mui/material';
import { type LockUser, lockUserPasswordMessages } from '@portal/contract';
import { ApiError } from '../../../lib/api-error.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useResendActivationLink } from '../api/lock-user-password.ts';

/**
 * 'Resend activation link' (IOT_USER_WRITE): mails the lock user a single-use link to choose the lock app's
 * password (an activation while it has none, a reset once it has one; the server decides and says which).
 */
export function ResendLinkButton({ user }: { user: LockUser }) {
  const t = useT('lock-users');
  const messageText = useMessageText();
  const notify = useNotify();
  const resend = useResendActivationLink(user.scopeId);
  return (
    <Button
      variant="outlined"
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(user.email, {
          onSuccess: (sent) => notify({ variant: 'success', text: sent.message }),
          onError: (error) =>
            notify({
              variant: 'error',
              text:
                error instanceof ApiError && error.message.trim()
                  ? `${messageText(lockUserPasswordMessages.sendFailed)} ${messageText(error.message)}`
                  : lockUserPasswordMessages.sendFailed,
            }),
        })
      }
    >
      {t('resendLink')}
    </Button>
  );
}
