import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import {
  lockUserPasswordMessages,
  passwordMessages,
  type ResetPasswordBody,
  resetLinkMessages,
  resetPasswordBody,
} from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { AuthPageFrame } from '../../auth/index.ts';
import { useResetLockUserPassword } from '../api/lock-user-password.ts';
import { canSetLockUserPassword, lockUserLinkCode, lockUserResetErrorText } from '../lock-user-password.ts';

/**
 * The page of a lock user's e-mailed link (lock-user/reset-password/{code}), shown without a session: the lock
 * user (not a portal user) chooses the lock app's password. No sign-in link: lock users do not sign in here.
 */
export function LockUserResetPasswordPage() {
  const { pathname } = useLocation();
  return <LockUserPasswordForm key={pathname} pathname={pathname} />;
}

function LockUserPasswordForm({ pathname }: { pathname: string }) {
  const t = useT('lock-users');
  const messageText = useMessageText();
  const activationCode = lockUserLinkCode(pathname);
  const setPassword = useResetLockUserPassword();
  const done = setPassword.isSuccess;
  const { control, handleSubmit, watch } = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBody),
    mode: 'onTouched',
    defaultValues: { password: '', confirm_password: '', activationCode },
  });
  const valid = canSetLockUserPassword(watch());
  const submit = handleSubmit((body) => setPassword.mutate(body));

  const field = (name: 'password' | 'confirm_password', label: string, hint?: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...rest }, fieldState }) => (
        <TextField
          {...rest}
          inputRef={ref}
          type="password"
          label={label}
          autoComplete="new-password"
          fullWidth
          required
          disabled={done}
          error={fieldState.error !== undefined}
          helperText={messageText(fieldState.error?.message ?? hint ?? '') || undefined}
        />
      )}
    />
  );

  return (
    <AuthPageFrame component="section" aria-labelledby="page-title">
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {messageText(lockUserPasswordMessages.pageTitle)}
      </Typography>
      {activationCode ? (
        <Stack component="form" spacing={2} noValidate onSubmit={submit}>
          {!done && (
            <Typography color="text.secondary">{messageText(lockUserPasswordMessages.pageIntro)}</Typography>
          )}
          {field('password', t('password.newPassword'), passwordMessages.rule)}
          {field('confirm_password', t('password.confirmPassword'))}
          {done && <Alert severity="success">{messageText(setPassword.data.message)}</Alert>}
          {setPassword.isError && (
            <Alert severity="error">{messageText(lockUserResetErrorText(setPassword.error))}</Alert>
          )}
          {!done && (
            <Button
              type="submit"
              variant="contained"
              fullWidth
              disabled={!valid}
              loading={setPassword.isPending}
            >
              {t('password.submit')}
            </Button>
          )}
        </Stack>
      ) : (
        <Alert severity="error">{messageText(resetLinkMessages.lockUserInvalid)}</Alert>
      )}
    </AuthPageFrame>
  );
}
