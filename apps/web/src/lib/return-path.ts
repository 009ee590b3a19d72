import { LOGIN_PATH, LOGOUT_PATH } from './home-path.ts';

/**
 * Why the login page opened, said above the form (our wording: the spec gives none): `signInReasons.{reason}`
 * in the 'lib' catalogue (lib/locales).
 */
const SIGN_IN_REASONS = ['idle', 'ended', 'elsewhere'] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

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
  return SIGN_IN_REASONS.find((reason) => reason === value) ?? null;
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
