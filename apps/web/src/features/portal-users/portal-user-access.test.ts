import { describe, expect, it } from 'vitest';
import {
  canAddPortalUser,
  isRootTenantScope,
  type PortalUserViewer,
  portalUserRowAccess,
} from './portal-user-access.ts';
import { portalUserFixture } from './test-users.ts';

const viewer = (overrides: Partial<PortalUserViewer> = {}): PortalUserViewer => ({
  id: 'me',
  scopeId: 'scope-1',
  isRootUser: false,
  owner: false,
  permissions: ['PORTAL_USER_READ', 'PORTAL_USER_WRITE', 'PORTAL_USER_DELETE'],
  ...overrides,
});
const other = portalUserFixture({ id: 'other' });
const self = portalUserFixture({ id: 'me' });
const owner = portalUserFixture({ id: 'owner', owner: true });

describe('add button', () => {
  it('needs PORTAL_USER_WRITE', () => {
    expect(canAddPortalUser(viewer())).toBe(true);
    expect(canAddPortalUser(viewer({ permissions: ['PORTAL_USER_READ', 'PORTAL_USER_DELETE'] }))).toBe(false);
  });
});

describe('edit icon', () => {
  it('shows for another user with PORTAL_USER_WRITE', () => {
    expect(portalUserRowAccess(viewer(), other).edit).toBe(true);
  });

  it('hides without PORTAL_USER_WRITE', () => {
    expect(portalUserRowAccess(viewer({ permissions: ['PORTAL_USER_DELETE'] }), other).edit).toBe(false);
  });

  it('hides on one’s own row and on an owner’s row', () => {
    expect(portalUserRowAccess(viewer(), self).edit).toBe(false);
    expect(portalUserRowAccess(viewer(), owner).edit).toBe(false);
  });

  it('shows on an owner of another scope for a root user, not of the root user’s own scope', () => {
    const root = viewer({ isRootUser: true, scopeId: 'root-scope' });
    expect(portalUserRowAccess(root, { ...owner, scopeId: 'scope-1' }).edit).toBe(true);
    expect(portalUserRowAccess(root, { ...owner, scopeId: 'root-scope' }).edit).toBe(false);
    expect(portalUserRowAccess(viewer({ scopeId: 'elsewhere' }), owner).edit).toBe(false);
  });

  it('still needs PORTAL_USER_WRITE for a root user', () => {
    const root = viewer({ isRootUser: true, scopeId: 'root-scope', permissions: ['PORTAL_USER_READ'] });
    expect(portalUserRowAccess(root, owner).edit).toBe(false);
  });
});

describe('delete icon', () => {
  it('shows for another user with PORTAL_USER_DELETE', () => {
    expect(portalUserRowAccess(viewer(), other).delete).toBe(true);
  });

  it('hides without PORTAL_USER_DELETE', () => {
    expect(portalUserRowAccess(viewer({ permissions: ['PORTAL_USER_WRITE'] }), other).delete).toBe(false);
  });

  it('hides on one’s own row and on an owner’s row, also for a root user', () => {
    const root = viewer({ isRootUser: true, scopeId: 'root-scope' });
    expect(portalUserRowAccess(viewer(), self).delete).toBe(false);
    expect(portalUserRowAccess(viewer(), owner).delete).toBe(false);
    expect(portalUserRowAccess(root, owner).delete).toBe(false);
  });
});

describe('two-factor toggle', () => {
  const migrator = viewer({ isRootUser: true, permissions: ['IOT_DEVICE_SCOPE_MIGRATE'] });

  it('is shown and switchable on one’s own row, whether 2FA is on or off', () => {
    expect(portalUserRowAccess(viewer(), self).twoFactor).toEqual({ visible: true, enabled: true });
    expect(portalUserRowAccess(viewer(), { ...self, secureAuthentication: true }).twoFactor).toEqual({
      visible: true,
      enabled: true,
    });
  });

  it('is hidden on another user’s row for someone neither owner nor migrator', () => {
    expect(portalUserRowAccess(viewer(), { ...other, secureAuthentication: true }).twoFactor.visible).toBe(
      false,
    );
  });

  it('is shown to an owner, switchable only where 2FA is on', () => {
    const ownerViewer = viewer({ owner: true });
    expect(portalUserRowAccess(ownerViewer, { ...other, secureAuthentication: true }).twoFactor).toEqual({
      visible: true,
      enabled: true,
    });
    expect(portalUserRowAccess(ownerViewer, other).twoFactor).toEqual({ visible: true, enabled: false });
  });

  it('is shown to a root user holding IOT_DEVICE_SCOPE_MIGRATE, switchable only where 2FA is on', () => {
    expect(portalUserRowAccess(migrator, { ...other, secureAuthentication: true }).twoFactor).toEqual({
      visible: true,
      enabled: true,
    });
    expect(portalUserRowAccess(migrator, other).twoFactor).toEqual({ visible: true, enabled: false });
  });

  it('is hidden for a root user without IOT_DEVICE_SCOPE_MIGRATE and for a non-root migrator', () => {
    const row = { ...other, secureAuthentication: true };
    expect(portalUserRowAccess(viewer({ isRootUser: true }), row).twoFactor.visible).toBe(false);
    expect(
      portalUserRowAccess(viewer({ permissions: ['IOT_DEVICE_SCOPE_MIGRATE'] }), row).twoFactor.visible,
    ).toBe(false);
  });

  it('is hidden for social-login users, even on their own row', () => {
    expect(portalUserRowAccess(viewer(), { ...self, socialLogin: true }).twoFactor.visible).toBe(false);
    expect(
      portalUserRowAccess(migrator, { ...other, socialLogin: true, secureAuthentication: true }).twoFactor,
    ).toEqual({ visible: false, enabled: false });
  });
});

describe('isRootTenantScope', () => {
  const session = {
    tenantId: 'root-scope',
    tenantKind: 'root',
    isRootUser: true,
    user: { ...portalUserFixture({ scopeId: 'root-scope' }) },
  };

  it('is the viewed tenant’s kind when that tenant is listed', () => {
    expect(isRootTenantScope(session, 'root-scope')).toBe(true);
    expect(isRootTenantScope({ ...session, tenantId: 'scope-1', tenantKind: 'customer' }, 'scope-1')).toBe(
      false,
    );
  });

  it('is a root user’s own scope when another scope is viewed', () => {
    expect(isRootTenantScope({ ...session, tenantId: 'scope-1', tenantKind: 'customer' }, 'root-scope')).toBe(
      true,
    );
    expect(isRootTenantScope(session, 'scope-2')).toBe(false);
    expect(
      isRootTenantScope(
        { ...session, isRootUser: false, tenantId: 'scope-1', tenantKind: 'customer' },
        'root-scope',
      ),
    ).toBe(false);
  });
});
