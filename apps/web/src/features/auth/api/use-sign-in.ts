import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { randomId } from '../../../lib/random-id.ts';
import { deviceFingerprint } from '../device-fingerprint.ts';
import { goHome, openSession } from '../open-session.ts';
import type { SignInFormValues } from '../sign-in-rules.ts';
import { login } from './login.ts';

export type SignInOutcome =
  | { step: 'signedIn' }
  /** The account has two-factor authentication: a 6-digit authenticator code must follow. */
  | { step: 'authenticatorCode'; email: string; twoFactorKey: string };

/**
 * Spec 000 section 4 'Login': send the credentials with the device fingerprint; when authenticated, fetch
 * the user details, open the session and go home (root: customers list, others: their dashboard).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (credentials: SignInFormValues): Promise<SignInOutcome> => {
      const email = credentials.email.trim();
      const twoFactorKey = randomId();
      const { result } = await login(
        { ...credentials, email, fingerprint: deviceFingerprint() },
        twoFactorKey,
      );
      if (result === 'secureAuthentication') return { step: 'authenticatorCode', email, twoFactorKey };
      await openSession(queryClient);
      return { step: 'signedIn' };
    },
    onSuccess: (outcome) => {
      if (outcome.step === 'signedIn') goHome(navigate);
    },
  });
}
