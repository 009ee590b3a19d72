import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { email, forgotPasswordMessages } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
    <Stack component="form" aria-label="Forgot password" spacing={2} noValidate onSubmit={submit}>
      <Typography variant="h5" component="h1">
        Forgot password?
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Enter your email and we will send you a link to reset your password.
      </Typography>
      <EmailField control={control} name="email" autoComplete="username" autoFocus disabled={sent} />
      {sent && <Alert severity="success">{forgotPasswordMessages.sent}</Alert>}
      {errorText && <Alert severity="error">{errorText}</Alert>}
      <Button type="submit" variant="contained" fullWidth disabled={sent} loading={forgotPassword.isPending}>
        Send reset link
      </Button>
      <BackToSignInLink />
    </Stack>
  );
}
