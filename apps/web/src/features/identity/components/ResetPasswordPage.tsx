import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { type ResetPasswordBody, resetLinkMessages, resetPasswordBody } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LOGIN_PATH } from '../../../lib/home-path.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { activationCodeFromPath, resetPasswordErrorText } from '../password-rules.ts';
import { PasswordField } from './PasswordField.tsx';

/** Reset-password form from an emailed link (reset or first password); shown without a session, outside the shell. */
export function ResetPasswordPage() {
  const activationCode = activationCodeFromPath(useLocation().pathname);
  const resetPassword = useResetPassword();
  const done = resetPassword.isSuccess;
  const { control, handleSubmit } = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBody),
    mode: 'onTouched',
    defaultValues: { password: '', confirm_password: '', activationCode },
  });

  const submit = handleSubmit((body) => resetPassword.mutate(body));

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Paper component="section" aria-labelledby="page-title" sx={{ p: 4, width: '100%', maxWidth: 440 }}>
        <Typography id="page-title" variant="h5" component="h1" gutterBottom>
          Reset Password
        </Typography>
        {activationCode ? (
          <Stack component="form" spacing={2} noValidate onSubmit={submit}>
            <PasswordField
              control={control}
              name="password"
              label="New Password"
              autoComplete="new-password"
              disabled={done}
            />
            <PasswordField
              control={control}
              name="confirm_password"
              label="Confirm Password"
              autoComplete="new-password"
              disabled={done}
            />
            {done && <Alert severity="success">{resetPassword.data.message}</Alert>}
            {resetPassword.isError && (
              <Alert severity="error">{resetPasswordErrorText(resetPassword.error)}</Alert>
            )}
            {!done && (
              <Button type="submit" variant="contained" fullWidth loading={resetPassword.isPending}>
                Reset Password
              </Button>
            )}
          </Stack>
        ) : (
          <Alert severity="error">{resetLinkMessages.invalid}</Alert>
        )}
        <Link component={RouterLink} to={LOGIN_PATH} sx={{ display: 'inline-block', mt: 2 }}>
          {done ? 'Sign in' : 'Back to sign in'}
        </Link>
      </Paper>
    </Box>
  );
}
