import { type Scope, scopesLiveMessage } from '@portal/contract';
import type { Session, SessionTenant } from '../lib/session.ts';
import { sessionTenantOf } from '../lib/session-tenant.ts';

/** Spec 000 section 4 'Live updates': theme colours are re-applied 1 s after a scope change arrives. */
export const THEME_REAPPLY_DELAY_MS = 1000;

/** The changed scope when a live message on the scopes channel updates the tenant being viewed; else null. */
export function viewedTenantUpdate(message: unknown, viewedTenantId: string): Scope | null {
  if (!viewedTenantId) return null;
  const parsed = scopesLiveMessage.safeParse(message);
  if (!parsed.success || parsed.data.type !== 'scopeUpdated') return null;
  return parsed.data.scope.id === viewedTenantId ? parsed.data.scope : null;
}

export interface TenantUpdateSteps {
  /** Applied at once: the new name, logo and kind, the colours still as they are. */
  now: SessionTenant;
  /** Applied THEME_REAPPLY_DELAY_MS later: the new colours as well. */
  later: SessionTenant;
}

/** The two session updates a scope change of the viewed tenant makes. */
export function tenantUpdateSteps(
  scope: Scope,
  current: Pick<Session, 'primaryThemeColor' | 'secondaryThemeColor'>,
): TenantUpdateSteps {
  const later = sessionTenantOf(scope);
  return {
    now: {
      ...later,
      primaryThemeColor: current.primaryThemeColor,
      secondaryThemeColor: current.secondaryThemeColor,
    },
    later,
  };
}

/** The delayed colour step applies only while the same tenant is still viewed by a signed-in user. */
export function appliesLater(session: Pick<Session, 'userLoggedIn' | 'tenantId'>, scopeId: string): boolean {
  return session.userLoggedIn && session.tenantId === scopeId;
}

/** The document's icon: the tenant's favicon, or the page's default (none) where the defaults apply. */
export const DEFAULT_FAVICON_HREF = 'data:,';

export function faviconHref(favIconUrl: string | null | undefined, defaultBranding: boolean): string {
  const url = favIconUrl?.trim();
  return !defaultBranding && url ? url : DEFAULT_FAVICON_HREF;
}
