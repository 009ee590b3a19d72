import { Alert, LinearProgress, Stack } from '@mui/material';
import { Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { homePathFor } from '../../../lib/home-path.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { safeReturnPath, signInReason } from '../../../lib/return-path.ts';
import { useSession } from '../../../lib/session.ts';
import { type SocialCallback, useSocialCallback } from '../use-social-callback.ts';
import { AuthPageFrame } from './AuthPageFrame.tsx';
import { type AuthenticatorCodeRequest, SignInForm } from './SignInForm.tsx';

// The sign-in form comes with the page; the others (the sign-up form brings the phone number library) when
// asked for.
const ForgotPasswordForm = lazyPage(() => import('./ForgotPasswordForm.tsx'), 'ForgotPasswordForm');
const SignUpForm = lazyPage(() => import('./SignUpForm.tsx'), 'SignUpForm');
const AuthenticatorCodeForm = lazyPage(() => import('./AuthenticatorCodeForm.tsx'), 'AuthenticatorCodeForm');

function LoginModeForm() {
  const [searchParams] = useSearchParams();
  const [codeRequest, setCodeRequest] = useState<AuthenticatorCodeRequest | null>(null);
  const mode = searchParams.get('mode');
  if (mode === 'forgot-password') return <ForgotPasswordForm />;
  if (mode === 'sign-up') return <SignUpForm />;
  if (codeRequest) return <AuthenticatorCodeForm request={codeRequest} onBack={() => setCodeRequest(null)} />;
  return <SignInForm onCodeRequired={setCodeRequest} />;
}

/** The outcome of a return from the social identity provider, above the form. */
function SocialOutcome({ status, message }: SocialCallback) {
  const t = useT('auth');
  const messageText = useMessageText();
  if (status === 'pending') return <LinearProgress aria-label={t('socialPending')} />;
  if (status === 'created' && message) return <Alert severity="success">{messageText(message)}</Alert>;
  if (status === 'failed' && message) return <Alert severity="error">{messageText(message)}</Alert>;
  return null;
}

/** Spec 000 section 2 'Login screen': sign-in, forgot password (?mode=forgot-password), sign-up (?mode=sign-up). */
export function LoginPage() {
  const session = useSession();
  const socialCallback = useSocialCallback();
  const t = useT('common');
  const libText = useT('lib');
  const [searchParams] = useSearchParams();
  const reason = signInReason(searchParams.get('reason'));
  const home = homePathFor(session);
  if (home) return <Navigate to={safeReturnPath(searchParams.get('next')) ?? home} replace />;

  return (
    <AuthPageFrame>
      <Stack spacing={2}>
        {reason && <Alert severity="info">{libText(`signInReasons.${reason}`)}</Alert>}
        <SocialOutcome {...socialCallback} />
        <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
          <LoginModeForm />
        </Suspense>
      </Stack>
    </AuthPageFrame>
  );
}
