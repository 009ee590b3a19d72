import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { passwordMessages } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-error.ts';
import { homePathFor, LOGIN_PATH } from '../../../lib/home-path.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useChangePassword } from '../api/change-password.ts';
import {
  type ChangePasswordFormValues,
  changePasswordFailureText,
  changePasswordFormSchema,
} from '../password-rules.ts';
import { useSignOutAfter } from '../use-sign-out-after.ts';
import { PasswordField } from './PasswordField.tsx';

/** Spec 000 section 9: signed out 2 s after the password changed. */
const SIGN_OUT_AFTER_MS = 2000;

/** Spec 000 sections 2 and 4: old, new and confirmed password; a confirm dialog precedes the change. */
export function ChangePasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const changePassword = useChangePassword();
  const t = useT('identity');
  const common = useT('common');
  const [confirming, setConfirming] = useState<ChangePasswordFormValues | null>(null);
  const changed = changePassword.isSuccess;
  const { control, handleSubmit, setError } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  useSignOutAfter(changed, SIGN_OUT_AFTER_MS);

  const change = () => {
    if (!confirming) return;
    const { oldPassword, newPassword } = confirming;
    setConfirming(null);
    changePassword.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => notify({ variant: 'success', text: passwordMessages.changed }),
        onError: (error) => {
          if (error instanceof ApiError && error.message === passwordMessages.oldIncorrect)
            setError('oldPassword', { message: passwordMessages.oldIncorrect });
          notify({ variant: 'error', text: changePasswordFailureText(error) });
        },
      },
    );
  };
  const busy = changePassword.isPending || changed;

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 480 }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {t('changePassword.title')}
      </Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(setConfirming)}>
        <PasswordField
          control={control}
          name="oldPassword"
          label={t('changePassword.old')}
          autoComplete="current-password"
          disabled={busy}
        />
        <PasswordField
          control={control}
          name="newPassword"
          label={t('changePassword.new')}
          autoComplete="new-password"
          disabled={busy}
        />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('changePassword.confirm')}
          autoComplete="new-password"
          disabled={busy}
        />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(homePathFor(session) ?? LOGIN_PATH)} disabled={busy}>
            {common('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={changed} loading={changePassword.isPending}>
            {t('changePassword.submit')}
          </Button>
        </Stack>
      </Stack>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('changePassword.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('changePassword.question')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{common('cancel')}</Button>
          <Button variant="contained" onClick={change}>
            {common('yes')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
