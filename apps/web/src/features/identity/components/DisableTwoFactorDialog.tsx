import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { twoFactorMessages } from '@portal/contract';
import { useSnackbar } from 'notistack';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useSetTwoFactorStatus } from '../use-two-factor-status.ts';

interface DisableTwoFactorDialogProps {
  open: boolean;
  email: string;
  onClose: () => void;
}

/** Spec 000 section 4 'Disable': Yes turns 2FA off; cancel (or a failure) leaves it on. */
export function DisableTwoFactorDialog({ open, email, onClose }: DisableTwoFactorDialogProps) {
  const disable = useDisableTwoFactor();
  const setTwoFactorStatus = useSetTwoFactorStatus();
  const { enqueueSnackbar } = useSnackbar();

  const confirm = () =>
    disable.mutate(email, {
      onSuccess: () => {
        setTwoFactorStatus(false);
        enqueueSnackbar(twoFactorMessages.disabled, { variant: 'success' });
      },
      onError: () => enqueueSnackbar(twoFactorMessages.disableFailed, { variant: 'error' }),
      onSettled: onClose,
    });

  return (
    <Dialog open={open} onClose={disable.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Disable Two-Factor Authentication</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Do you want to disable two-factor authentication? Signing in will then need only your password.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={disable.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} loading={disable.isPending}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
