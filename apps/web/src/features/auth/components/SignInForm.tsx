import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, FormControlLabel, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { PasswordInput } from '../../../components/PasswordInput.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useTransientMessage } from '../../../lib/use-transient-message.ts';
import { useSignIn } from '../api/use-sign-in.ts';
import {
  type SignInFormValues,
  signInErrorText,
  signInFormSchema,
  signInIssueMessage,
} from '../sign-in-rules.ts';
import { EmailField } from './EmailField.tsx';
import { SocialSignInButton } from './SocialSignInButton.tsx';

/** Spec 000 section 4: a failed sign-in shows its message for 3 s. */
const SIGN_IN_ERROR_MS = 3000;

export interface AuthenticatorCodeRequest {
  email: string;
  twoFactorKey: string;
  trustDevice: boolean;
}

export function SignInForm({
  onCodeRequired,
}: {
  onCodeRequired: (request: AuthenticatorCodeRequest) => void;
}) {
  const [trustDevice, setTrustDevice] = useState(false);
  const [errorText, showError] = useTransientMessage(SIGN_IN_ERROR_MS);
  const signIn = useSignIn();
  const t = useT('auth');
  const messageText = useMessageText();
  const { control, handleSubmit } = useForm<SignInFormValues>({
    resolver: zodResolver(signInFormSchema, { error: signInIssueMessage }),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome.step === 'authenticatorCode') onCodeRequired({ ...outcome, trustDevice });
      },
      onError: (error) => showError(signInErrorText(error)),
    }),
  );

  return (
    <Stack component="form" aria-label={t('signIn.form')} spacing={2} noValidate onSubmit={submit}>
      <Typography variant="h5" component="h1">
        {t('signIn.title')}
      </Typography>
      <EmailField control={control} name="email" autoComplete="username" autoFocus />
      <Controller
        name="password"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <PasswordInput
            {...field}
            inputRef={ref}
            label={t('password')}
            autoComplete="current-password"
            fullWidth
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <FormControlLabel
          control={
            <Checkbox checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} />
          }
          label={t('signIn.trustDevice')}
        />
        <Link component={RouterLink} to="/login?mode=forgot-password">
          {t('signIn.forgot')}
        </Link>
      </Stack>
      {errorText && <Alert severity="error">{messageText(errorText)}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
        {t('signIn.submit')}
      </Button>
      <SocialSignInButton mode="signIn" />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('signIn.noAccount')}{' '}
        <Link component={RouterLink} to="/login?mode=sign-up">
          {t('signIn.signUp')}
        </Link>
      </Typography>
    </Stack>
  );
}
