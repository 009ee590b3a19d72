import {
  type LoginResponse,
  loginResponse,
  type MessageResponse,
  messageResponse,
  type SocialConfig,
  socialAuthorizeResponse,
  socialConfig,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export type SocialMode = 'signIn' | 'signUp';

/** What the provider handed back through the portal's callback, for the SPA to post. */
export interface SocialReturn {
  code: string;
  state: string;
}

/** GET /api/social/config: whether a social identity provider is configured, and its name. */
export function getSocialConfig(): Promise<SocialConfig> {
  return apiRequest('/api/social/config', { schema: socialConfig, endSessionOnLoss: false });
}

export const socialConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['social-config'],
    queryFn: getSocialConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSocialConfig() {
  return useQuery(socialConfigQueryOptions());
}

/** GET /api/social/authorize: the provider's sign-in URL; the server binds the request to this browser. */
export async function getSocialAuthorizeUrl(mode: SocialMode): Promise<string> {
  const { url } = await apiRequest(`/api/social/authorize?mode=${mode}`, {
    schema: socialAuthorizeResponse,
    endSessionOnLoss: false,
  });
  return url;
}

/** POST /api/signInWithGoogle: opens a session for the user the provider vouches for. */
export function signInWithGoogle(body: SocialReturn): Promise<LoginResponse> {
  return apiRequest('/api/signInWithGoogle', {
    method: 'POST',
    body,
    schema: loginResponse,
    endSessionOnLoss: false,
  });
}

/** POST /api/signUpWithGoogle: creates the free-tier user (the server picks the scope and permissions). */
export function signUpWithGoogle(body: SocialReturn): Promise<MessageResponse> {
  return apiRequest('/api/signUpWithGoogle', {
    method: 'POST',
    body,
    schema: messageResponse,
    endSessionOnLoss: false,
  });
}
