import { LOGIN_PATH, LOGOUT_PATH } from './home-path.ts';

/** Why the login page opened, said above the form (our wording: the spec gives none). */
export const SIGN_IN_REASONS = {
  idle: 'You were signed out after 15 minutes without activity. Sign in to continue where you were.',
  ended: 'Your session has ended. Sign in again to continue.',
  elsewhere: 'You signed out in another tab. Sign in again to continue.',
} as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

/**
 * A page to return to after signing in: an app path ('/cli/gateways?scopeId=...'), never the sign-in or
 * sign-out pages themselves, nor anything that could leave the app ('//host', a scheme).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const path = value.split('?')[0] ?? '';
  if ([LOGIN_PATH, LOGOUT_PATH].some((page) => path === page || path.startsWith(`${page}/`))) return null;
  return value;
}

export function signInReason(value: string | null | undefined): SignInReason | null {
  return value !== null && value !== undefined && Object.hasOwn(SIGN_IN_REASONS, value)
    ? (value as SignInReason)
    : null;
}

/** `/login` or `/logout` carrying the page to come back to and the reason, e.g. `/login?reason=idle&next=...`. */
export function authPathWith(
  page: typeof LOGIN_PATH | typeof LOGOUT_PATH,
  options: { next?: string | null; reason?: SignInReason | null },
): string {
  const query = new URLSearchParams();
  if (options.reason) query.set('reason', options.reason);
  const next = safeReturnPath(options.next);
  if (next) query.set('next', next);
  const text = query.toString();
  return text ? `${page}?${text}` : page;
}
