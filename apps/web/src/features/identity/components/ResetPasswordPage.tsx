import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import {
  passwordMessages,
  type ResetPasswordBody,
  resetLinkMessages,
  resetPasswordBody,
} from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LOGIN_PATH } from '../../../lib/home-path.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { AuthPageFrame } from '../../auth/index.ts';
import { useResetPassword } from '../api/reset-password.ts';
import {
  activationCodeFromPath,
  canSubmitPassword,
  passwordLinkPage,
  resetPasswordErrorText,
} from '../password-rules.ts';
import { PasswordField } from './PasswordField.tsx';

/**
 * The page of an e-mailed link, shown without a session, outside the shell and branded like the login page:
 * 'Set Your Password' for a new user's first password (portal-user/reset-password/{code}), 'Reset Password'
 * for a forgotten one. The button is enabled only when both fields meet the server's rule.
 */
export function ResetPasswordPage() {
  // Another link opened in the same tab starts afresh (its code, no earlier outcome).
  const { pathname } = useLocation();
  return <PasswordLinkForm key={pathname} pathname={pathname} />;
}

function PasswordLinkForm({ pathname }: { pathname: string }) {
  const activationCode = activationCodeFromPath(pathname);
  const page = passwordLinkPage(pathname);
  const t = useT('identity');
  const messageText = useMessageText();
  const resetPassword = useResetPassword();
  const done = resetPassword.isSuccess;
  const { control, handleSubmit, watch } = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBody),
    mode: 'onTouched',
    defaultValues: { password: '', confirm_password: '', activationCode },
  });
  const valid = canSubmitPassword(watch());

  const submit = handleSubmit((body) => resetPassword.mutate(body));

  return (
    <AuthPageFrame component="section" aria-labelledby="page-title">
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {t(`passwordLink.${page}.title`)}
      </Typography>
      {activationCode ? (
        <Stack component="form" spacing={2} noValidate onSubmit={submit}>
          {!done && <Typography color="text.secondary">{t(`passwordLink.${page}.intro`)}</Typography>}
          <PasswordField
            control={control}
            name="password"
            label={t('changePassword.new')}
            autoComplete="new-password"
            disabled={done}
            hint={passwordMessages.rule}
          />
          <PasswordField
            control={control}
            name="confirm_password"
            label={t('changePassword.confirm')}
            autoComplete="new-password"
            disabled={done}
          />
          {done && <Alert severity="success">{messageText(resetPassword.data.message)}</Alert>}
          {resetPassword.isError && (
            <Alert severity="error">{messageText(resetPasswordErrorText(resetPassword.error))}</Alert>
          )}
          {!done && (
            <Button
              type="submit"
              variant="contained"
              fullWidth
              disabled={!valid}
              loading={resetPassword.isPending}
            >
              {t(`passwordLink.${page}.submit`)}
            </Button>
          )}
        </Stack>
      ) : (
        <Alert severity="error">{messageText(resetLinkMessages.invalid)}</Alert>
      )}
      <Link component={RouterLink} to={LOGIN_PATH} sx={{ display: 'inline-block', mt: 2 }}>
        {done ? t('passwordLink.signIn') : t('passwordLink.backToSignIn')}
      </Link>
    </AuthPageFrame>
  );
}
