import { effectivePermissions, type PortalUser, TENANT_KIND } from '@portal/contract';
import type { Session } from '../../lib/session.ts';

/** The signed-in user, as the row rules of spec 002 section 6 see them. */
export interface PortalUserViewer {
  id: string;
  scopeId: string;
  isRootUser: boolean;
  /** Whether the viewer is an owner of their tenant. */
  owner: boolean;
  permissions: readonly string[];
}

export type PortalUserRowFacts = Pick<
  PortalUser,
  'id' | 'scopeId' | 'owner' | 'secureAuthentication' | 'socialLogin'
>;

export interface PortalUserRowAccess {
  edit: boolean;
  delete: boolean;
  twoFactor: { visible: boolean; enabled: boolean };
}

const holds = (viewer: PortalUserViewer, permission: string) =>
  effectivePermissions(viewer.permissions).has(permission);

/** The floating add button needs PORTAL_USER_WRITE. */
export function canAddPortalUser(viewer: PortalUserViewer): boolean {
  return holds(viewer, 'PORTAL_USER_WRITE');
}

/** Deleting users needs PORTAL_USER_DELETE (each row has its own rules besides). */
export function canDeletePortalUsers(viewer: PortalUserViewer): boolean {
  return holds(viewer, 'PORTAL_USER_DELETE');
}

/**
 * Spec 002 section 6. Edit: PORTAL_USER_WRITE, not oneself and not an owner, except that a root user may edit
 * anyone of another scope. Delete: PORTAL_USER_DELETE, not oneself and not an owner. Two-factor: shown on
 * one's own row, to owners and to root users holding IOT_DEVICE_SCOPE_MIGRATE (never for social-login users,
 * who have no 2FA); switchable on one's own row, and by owners and migrators where 2FA is on (to turn it off).
 */
export function portalUserRowAccess(viewer: PortalUserViewer, row: PortalUserRowFacts): PortalUserRowAccess {
  const self = row.id === viewer.id;
  const protectedRow = self || row.owner;
  const rootOfOtherScope = viewer.isRootUser && !self && row.scopeId !== viewer.scopeId;
  const canManageTwoFactor = viewer.owner || (viewer.isRootUser && holds(viewer, 'IOT_DEVICE_SCOPE_MIGRATE'));
  const twoFactorVisible = !row.socialLogin && (self || canManageTwoFactor);
  return {
    edit: holds(viewer, 'PORTAL_USER_WRITE') && (!protectedRow || rootOfOtherScope),
    delete: canDeletePortalUsers(viewer) && !protectedRow,
    twoFactor: {
      visible: twoFactorVisible,
      enabled: twoFactorVisible && (self || (canManageTwoFactor && row.secureAuthentication)),
    },
  };
}

/**
 * Whether the listed scope is the root (admin) tenant: the viewed tenant when it is the one listed, or a root
 * user's own scope.
 */
export function isRootTenantScope(
  session: Pick<Session, 'tenantId' | 'tenantKind' | 'isRootUser' | 'user'>,
  scopeId: string,
): boolean {
  if (scopeId === session.tenantId) return session.tenantKind === TENANT_KIND.root;
  return session.isRootUser && scopeId === session.user?.scopeId;
}
