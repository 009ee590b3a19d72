import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { email, forgotPasswordMessages } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useTransientMessage } from '../../../lib/use-transient-message.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { forgotPasswordErrorText } from '../sign-in-rules.ts';
import { useReloadToSignIn } from '../use-reload-to-sign-in.ts';
import { BackToSignInLink } from './BackToSignInLink.tsx';
import { EmailField } from './EmailField.tsx';

/** Spec 000 section 9: the page reloads 3 s after a sent request; a failure shows for 1.5 s. */
const RELOAD_MS = 3000;
const ERROR_MS = 1500;

const forgotPasswordForm = z.object({ email });

export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword();
  const t = useT('auth');
  const messageText = useMessageText();
  const [errorText, showError] = useTransientMessage(ERROR_MS);
  const sent = forgotPassword.isSuccess;
  useReloadToSignIn(sent ? RELOAD_MS : null);
  const { control, handleSubmit } = useForm<
    z.input<typeof forgotPasswordForm>,
    unknown,
    z.output<typeof forgotPasswordForm>
  >({
    resolver: zodResolver(forgotPasswordForm),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit((values) =>
    forgotPassword.mutate(values.email, { onError: (error) => showError(forgotPasswordErrorText(error)) }),
  );

  return (
    <Stack component="form" aria-label={t('forgot.form')} spacing={2} noValidate onSubmit={submit}>
      <Typography variant="h5" component="h1">
        {t('forgot.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('forgot.intro')}
      </Typography>
      <EmailField control={control} name="email" autoComplete="username" autoFocus disabled={sent} />
      {sent && <Alert severity="success">{messageText(forgotPasswordMessages.sent)}</Alert>}
      {errorText && <Alert severity="error">{messageText(errorText)}</Alert>}
      <Button type="submit" variant="contained" fullWidth disabled={sent} loading={forgotPassword.isPending}>
        {t('forgot.submit')}
      </Button>
      <BackToSignInLink />
    </Stack>
  );
}
