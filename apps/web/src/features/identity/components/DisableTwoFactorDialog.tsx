import { twoFactorMessages } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { proofErrorText } from '../two-factor-rules.ts';
import { useSetTwoFactorStatus } from '../use-two-factor-status.ts';
import { TwoFactorProofDialog } from './TwoFactorProofDialog.tsx';

interface DisableTwoFactorDialogProps {
  open: boolean;
  email: string;
  onClose: () => void;
}

/**
 * Spec 000 section 4 'Disable': Yes turns 2FA off; cancel (or a failure) leaves it on. Yes needs a current
 * code or the password; a wrong one (or too many tries) is shown in the dialog, which stays open.
 */
export function DisableTwoFactorDialog({ open, email, onClose }: DisableTwoFactorDialogProps) {
  const disable = useDisableTwoFactor();
  const setTwoFactorStatus = useSetTwoFactorStatus();
  const notify = useNotify();
  const t = useT('identity');
  const close = () => {
    disable.reset();
    onClose();
  };

  return (
    <TwoFactorProofDialog
      open={open}
      title={t('twoFactor.disableTitle')}
      text={t('twoFactor.disableText')}
      codeAvailable
      pending={disable.isPending}
      errorText={proofErrorText(disable.error)}
      onCancel={close}
      onConfirm={(proof) =>
        disable.mutate(
          { email, proof },
          {
            onSuccess: () => {
              setTwoFactorStatus(false);
              notify({ variant: 'success', text: twoFactorMessages.disabled });
              close();
            },
            onError: (error) => {
              if (proofErrorText(error)) return;
              notify({ variant: 'error', text: twoFactorMessages.disableFailed });
              close();
            },
          },
        )
      }
    />
  );
}
