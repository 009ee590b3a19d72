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
          helperText={fieldState.error?.message ?? hint}
        />
      )}
    />
  );

  return (
    <AuthPageFrame component="section" aria-labelledby="page-title">
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {lockUserPasswordMessages.pageTitle}
      </Typography>
      {activationCode ? (
        <Stack component="form" spacing={2} noValidate onSubmit={submit}>
          {!done && <Typography color="text.secondary">{lockUserPasswordMessages.pageIntro}</Typography>}
          {field('password', 'New Password', passwordMessages.rule)}
          {field('confirm_password', 'Confirm Password')}
          {done && <Alert severity="success">{setPassword.data.message}</Alert>}
          {setPassword.isError && <Alert severity="error">{lockUserResetErrorText(setPassword.error)}</Alert>}
          {!done && (
            <Button
              type="submit"
              variant="contained"
              fullWidth
              disabled={!valid}
              loading={setPassword.isPending}
            >
              Set Password
            </Button>
          )}
        </Stack>
      ) : (
        <Alert severity="error">{resetLinkMessages.lockUserInvalid}</Alert>
      )}
    </AuthPageFrame>
  );
}
