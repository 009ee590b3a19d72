import { TENANT_KIND } from '@portal/contract';
import type { Session } from './session-store.ts';

export const ROOT_HOME_PATH = '/admin/tenants';
export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/logout';

/** A shell view of the tenant being viewed, e.g. `/cli/dashboard?scopeId=...`. */
export function scopedPath(path: string, tenantId: string): string {
  return `${path}?scopeId=${encodeURIComponent(tenantId)}`;
}

type HomeSession = Pick<Session, 'userLoggedIn' | 'isRootUser' | 'tenantId' | 'tenantKind'>;

/**
 * Where a signed-in user belongs: root to the customers list, a free-tier user to Gateways (spec 000
 * section 2: "A FreeTier tenant defaults to Gateways"), others to their dashboard; null when signed out.
 */
export function homePathFor(session: HomeSession): string | null {
  if (!session.userLoggedIn) return null;
  if (session.isRootUser) return ROOT_HOME_PATH;
  const home = session.tenantKind === TENANT_KIND.freeTier ? '/cli/gateways' : '/cli/dashboard';
  return scopedPath(home, session.tenantId);
}

/** The entry routes (empty, /home): home, or the login page without a session. */
export function entryPathFor(session: HomeSession): string {
  return homePathFor(session) ?? LOGIN_PATH;
}

/** Unknown routes: home, or /logout without a session. */
export function unknownRoutePathFor(session: HomeSession): string {
  return homePathFor(session) ?? LOGOUT_PATH;
}

/** Spec 000 section 2: any path containing `reset-password/` shows the reset form, without a session. */
export function isResetPasswordPath(pathname: string): boolean {
  return pathname.includes('reset-password/');
}
