import { Alert, Button, Stack, Typography } from '@mui/material';
import { AUTHENTICATOR_CODE_LENGTH } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { AuthenticatorCodeField } from '../../../components/AuthenticatorCodeField.tsx';
import { isCompleteAuthenticatorCode } from '../../../components/authenticator-code.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useTransientMessage } from '../../../lib/use-transient-message.ts';
import { useVerifyTwoStep } from '../api/verify-two-step.ts';
import { authenticatorCodeErrorText, trustPeriodFor } from '../sign-in-rules.ts';
import { BackToSignInLink } from './BackToSignInLink.tsx';
import type { AuthenticatorCodeRequest } from './SignInForm.tsx';

/** Spec 000 section 4: a wrong code shows its message for 3 s. */
const CODE_ERROR_MS = 3000;

interface AuthenticatorCodeFormProps {
  request: AuthenticatorCodeRequest;
  onBack: () => void;
}

/** Authenticator-code mode after a 'secureAuthentication' answer: the second step of the same sign-in. */
export function AuthenticatorCodeForm({ request, onBack }: AuthenticatorCodeFormProps) {
  const [code, setCode] = useState('');
  const [errorText, showError] = useTransientMessage(CODE_ERROR_MS);
  const verify = useVerifyTwoStep();
  const t = useT('auth');
  const messageText = useMessageText();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteAuthenticatorCode(code)) return;
    verify.mutate(
      {
        email: request.email,
        code,
        twoFactorKey: request.twoFactorKey,
        trustPeriod: trustPeriodFor(request.trustDevice),
      },
      {
        onError: (error) => {
          setCode('');
          showError(authenticatorCodeErrorText(error));
        },
      },
    );
  };

  return (
    <Stack component="form" aria-label={t('code.form')} spacing={2} noValidate onSubmit={submit}>
      <Typography variant="h5" component="h1">
        {t('code.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('code.intro', { digits: AUTHENTICATOR_CODE_LENGTH, email: request.email })}
      </Typography>
      <AuthenticatorCodeField value={code} onChange={setCode} autoFocus />
      {errorText && <Alert severity="error">{messageText(errorText)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        fullWidth
        disabled={!isCompleteAuthenticatorCode(code)}
        loading={verify.isPending}
      >
        {t('code.submit')}
      </Button>
      <BackToSignInLink onClick={onBack} />
    </Stack>
  );
}
