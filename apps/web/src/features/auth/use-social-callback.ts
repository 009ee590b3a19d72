import { signUpMessages, socialMessages } from '@portal/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api-error.ts';
import { i18n } from '../../lib/i18n/index.ts';
import { browserStorage, type KeyValueStorage } from '../../lib/storage.ts';
import { type SocialMode, type SocialReturn, signInWithGoogle, signUpWithGoogle } from './api/social.ts';
import { goHome, openSession } from './open-session.ts';
import { useReloadToSignIn } from './use-reload-to-sign-in.ts';

/** Spec 000 section 4: the page reloads 4 s after a social sign-up. */
export const SOCIAL_SIGN_UP_RELOAD_MS = 4000;
const MODE_KEY = 'portal.socialMode';
/** Query parameters the portal's callback puts on the login route. */
const LANDING_KEYS = ['socialCode', 'state', 'socialError'];

const tabStorage = browserStorage('sessionStorage');

export const socialButtonLabel = (mode: SocialMode, providerName: string) =>
  i18n.t(`auth:social.${mode}`, { provider: providerName });

/** Kept in the tab while the browser is away at the provider: the callback alone does not tell. */
export function rememberSocialMode(mode: SocialMode, storage: KeyValueStorage = tabStorage): void {
  storage.setItem(MODE_KEY, mode);
}

export function takeSocialMode(storage: KeyValueStorage = tabStorage): SocialMode {
  const mode = storage.getItem(MODE_KEY);
  storage.removeItem(MODE_KEY);
  return mode === 'signUp' ? 'signUp' : 'signIn';
}

export type SocialLanding = { kind: 'code'; socialReturn: SocialReturn } | { kind: 'error' } | null;

/** What the portal's callback left on the login route: a code to post, a provider error, or nothing. */
export function socialLanding(params: URLSearchParams): SocialLanding {
  if (params.has('socialError')) return { kind: 'error' };
  const code = params.get('socialCode');
  const state = params.get('state');
  return code && state ? { kind: 'code', socialReturn: { code, state } } : null;
}

/** Spec 000 section 8: 404 means the person must sign up; 409 that the account exists. */
export function socialFailureText(mode: SocialMode, error: unknown): string {
  const status = error instanceof ApiError ? error.status : null;
  if (mode === 'signIn') return status === 404 ? socialMessages.notFound : socialMessages.failed;
  return status === 409 ? signUpMessages.exists : signUpMessages.failed;
}

/** Posts the code; a sign-in then loads the user details into the session, a sign-up gives its message. */
async function postSocialReturn(
  mode: SocialMode,
  socialReturn: SocialReturn,
  queryClient: QueryClient,
): Promise<string | null> {
  if (mode === 'signUp') return (await signUpWithGoogle(socialReturn)).message;
  await signInWithGoogle(socialReturn);
  await openSession(queryClient);
  return null;
}

export interface SocialCallback {
  /** 'signedIn' has already navigated home; 'created' reloads the page after 4 s. */
  status: 'idle' | 'pending' | 'signedIn' | 'created' | 'failed';
  mode: SocialMode | null;
  /** The text to show: 'User has been created successfully', or the failure's. */
  message: string | null;
}

/**
 * For the login page: when the provider's answer comes back (/login?socialCode=&state=, or ?socialError=1),
 * posts it to signInWithGoogle or signUpWithGoogle, in the mode chosen before leaving for the provider.
 */
export function useSocialCallback(): SocialCallback {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [callback, setCallback] = useState<SocialCallback>({ status: 'idle', mode: null, message: null });
  const handled = useRef(false);
  useReloadToSignIn(callback.status === 'created' ? SOCIAL_SIGN_UP_RELOAD_MS : null);

  useEffect(() => {
    const landing = socialLanding(searchParams);
    if (!landing || handled.current) return;
    handled.current = true;
    const mode = takeSocialMode();
    // A code is good once: a reload of this page must not post it again.
    setSearchParams(
      (params) => {
        for (const key of LANDING_KEYS) params.delete(key);
        return params;
      },
      { replace: true },
    );
    if (landing.kind === 'error') {
      setCallback({ status: 'failed', mode, message: socialFailureText(mode, null) });
      return;
    }
    setCallback({ status: 'pending', mode, message: null });
    postSocialReturn(mode, landing.socialReturn, queryClient).then(
      (message) => {
        setCallback({ status: mode === 'signIn' ? 'signedIn' : 'created', mode, message });
        if (mode === 'signIn') goHome(navigate);
      },
      (error: unknown) => setCallback({ status: 'failed', mode, message: socialFailureText(mode, error) }),
    );
  }, [searchParams, setSearchParams, queryClient, navigate]);

  return callback;
}
