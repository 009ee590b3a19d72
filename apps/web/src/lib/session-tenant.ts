import type { Scope } from '@portal/contract';
import type { SessionTenant } from './session.ts';

/** What the session keeps of a scope (sessionStore.openTenant): name, kind, colours and logo. */
export function sessionTenantOf(scope: Scope): SessionTenant {
  return {
    id: scope.id,
    name: scope.name,
    kind: scope.kind,
    primaryThemeColor: scope.primaryThemeColor,
    secondaryThemeColor: scope.secondaryThemeColor,
    logoUrl: scope.logoUrl,
  };
}
