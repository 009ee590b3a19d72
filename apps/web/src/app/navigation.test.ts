import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access-context.ts';
import english from './locales/en.json';
import { canSeeNavItem, canUseGlobalSearch, visibleNavItems } from './navigation.ts';

const context = (overrides: Partial<AccessContext> = {}): AccessContext => ({
  isRootUser: false,
  permissions: [],
  tenantKind: 'customer',
  user: { socialLogin: false },
  ...overrides,
});
const labels = (overrides: Partial<AccessContext>) =>
  visibleNavItems(context(overrides)).map((item) => english.nav[item.id]);

const ADMIN_PERMISSIONS = ['PORTAL_USER_READ', 'ALERTS_READ'];
const TENANT_KINDS = ['root', 'provider', 'support', 'free_tier', 'enterprise', 'customer'];

describe('side navigation visibility', () => {
  it('always shows Dashboard and Gateways, whatever the tenant and permissions', () => {
    for (const tenantKind of TENANT_KINDS) {
      for (const isRootUser of [false, true]) {
        const shown = labels({ tenantKind, isRootUser, permissions: [] });
        expect(shown.slice(0, 2)).toEqual(['Dashboard', 'Gateways']);
      }
    }
    expect(labels({})).toEqual(['Dashboard', 'Gateways']);
  });

  it('shows Users only with PORTAL_USER_READ', () => {
    expect(labels({ permissions: ['PORTAL_USER_READ'] })).toContain('Users');
    expect(labels({ permissions: ['PORTAL_USER_WRITE', 'PORTAL_USER_DELETE'] })).not.toContain('Users');
  });

  it('shows Lock Users with IOT_USER_READ (not to support or the free tier) and Locks with IOT_DEVICE_READ', () => {
    expect(labels({ permissions: ['IOT_USER_READ'] })).toEqual(['Dashboard', 'Gateways', 'Lock Users']);
    expect(labels({ permissions: ['IOT_USER_WRITE'] })).not.toContain('Lock Users');
    expect(labels({ permissions: ['IOT_USER_READ'], tenantKind: 'support' })).not.toContain('Lock Users');
    expect(labels({ permissions: ['IOT_USER_READ'], tenantKind: 'free_tier' })).not.toContain('Lock Users');
    expect(labels({ permissions: ['IOT_DEVICE_READ'] })).toEqual(['Dashboard', 'Gateways', 'Locks']);
    expect(labels({ permissions: ['IOT_DEVICE_READ'], tenantKind: 'free_tier' })).not.toContain('Locks');
  });

  it('shows Alerts, Incidents and Agent Config only with ALERTS_READ', () => {
    expect(labels({ permissions: ['ALERTS_READ'] })).toEqual([
      'Dashboard',
      'Gateways',
      'Alerts',
      'Incidents',
      'Agent Config',
    ]);
    // Incidents is not in the free tier's (no admin items) or the support tenant's (Alerts only) menu.
    expect(labels({ permissions: ['ALERTS_READ'], tenantKind: 'free_tier' })).not.toContain('Incidents');
    expect(labels({ permissions: ['ALERTS_READ'], tenantKind: 'support' })).not.toContain('Incidents');
    expect(labels({ permissions: ['ALERTS_READ'], tenantKind: 'root', isRootUser: true })).toContain(
      'Incidents',
    );
    expect(labels({ permissions: ['ALERTS_WRITE'] })).toEqual(['Dashboard', 'Gateways']);
  });

  it('shows Feedback to root users and to the support tenant, to nobody else', () => {
    expect(labels({ isRootUser: true, tenantKind: 'root' })).toContain('Feedback');
    expect(labels({ isRootUser: true, tenantKind: 'customer' })).toContain('Feedback');
    expect(labels({ tenantKind: 'support' })).toContain('Feedback');
    for (const tenantKind of ['customer', 'provider', 'enterprise', 'root', 'free_tier']) {
      expect(labels({ tenantKind, permissions: ADMIN_PERMISSIONS })).not.toContain('Feedback');
    }
  });

  it('gives the support tenant Alerts as its only permission-based admin item', () => {
    const support = labels({ tenantKind: 'support', permissions: ADMIN_PERMISSIONS });
    expect(support).toEqual(['Dashboard', 'Gateways', 'Alerts', 'Feedback']);
    // Alerts still needs ALERTS_READ there.
    expect(labels({ tenantKind: 'support', permissions: ['PORTAL_USER_READ'] })).toEqual([
      'Dashboard',
      'Gateways',
      'Feedback',
    ]);
    // Another tenant with the same permissions gets Users and Agent Config as well.
    expect(labels({ tenantKind: 'customer', permissions: ADMIN_PERMISSIONS })).toEqual([
      'Dashboard',
      'Gateways',
      'Users',
      'Alerts',
      'Incidents',
      'Agent Config',
    ]);
  });

  it('gives the free tier no admin items, even with the permissions or for a root user viewing it', () => {
    expect(labels({ tenantKind: 'free_tier', permissions: ADMIN_PERMISSIONS })).toEqual([
      'Dashboard',
      'Gateways',
    ]);
    expect(labels({ tenantKind: 'free_tier', isRootUser: true, permissions: ADMIN_PERMISSIONS })).toEqual([
      'Dashboard',
      'Gateways',
    ]);
  });

  it("shows UserDashboard only for the provider's own tenant (provider, or the platform's root tenant), never for an Enterprise tenant", () => {
    expect(labels({ tenantKind: 'provider' })).toContain('UserDashboard');
    expect(labels({ tenantKind: 'root', isRootUser: true })).toContain('UserDashboard');
    expect(labels({ tenantKind: 'enterprise' })).not.toContain('UserDashboard');
    for (const tenantKind of ['support', 'free_tier', 'customer']) {
      expect(labels({ tenantKind, isRootUser: tenantKind === 'root' })).not.toContain('UserDashboard');
    }
  });

  it("shows Global Dashboard for the provider's own tenants (provider and Enterprise) only", () => {
    expect(labels({ tenantKind: 'provider' })).toEqual([
      'Dashboard',
      'Gateways',
      'UserDashboard',
      'Global Dashboard',
    ]);
    expect(labels({ tenantKind: 'enterprise' })).toEqual(['Dashboard', 'Gateways', 'Global Dashboard']);
    // The platform's own (root) tenant is the provider's in a portal that creates no provider tenant.
    expect(labels({ tenantKind: 'root', isRootUser: true })).toContain('Global Dashboard');
    for (const tenantKind of ['support', 'free_tier', 'customer']) {
      expect(labels({ tenantKind })).not.toContain('Global Dashboard');
    }
  });

  it('lists a full admin menu in a fixed order', () => {
    const admin = labels({ isRootUser: true, tenantKind: 'root', permissions: ADMIN_PERMISSIONS });
    expect(admin).toEqual([
      'Dashboard',
      'Gateways',
      'UserDashboard',
      'Global Dashboard',
      'Users',
      'Alerts',
      'Incidents',
      'Agent Config',
      'Feedback',
      'Activity',
    ]);
  });

  it('shows Activity to root and to customer administrators holding SCOPE_READ, not to support or the free tier', () => {
    expect(canSeeNavItem('activity', context({ tenantKind: 'customer', permissions: ['SCOPE_READ'] }))).toBe(
      true,
    );
    expect(
      canSeeNavItem('activity', context({ tenantKind: 'customer', permissions: ['PORTAL_USER_READ'] })),
    ).toBe(false);
    expect(canSeeNavItem('activity', context({ tenantKind: 'support', permissions: ['SCOPE_READ'] }))).toBe(
      false,
    );
    expect(canSeeNavItem('activity', context({ tenantKind: 'free_tier', permissions: ['SCOPE_READ'] }))).toBe(
      false,
    );
    expect(canSeeNavItem('activity', context({ tenantKind: 'customer', isRootUser: true }))).toBe(true);
  });

  it('shows API Keys only with API_KEY_WRITE, root too, never in the free tier', () => {
    expect(labels({ permissions: ['API_KEY_WRITE'] })).toEqual(['Dashboard', 'Gateways', 'API Keys']);
    expect(canSeeNavItem('apiKeys', context({ isRootUser: true, tenantKind: 'root' }))).toBe(false);
    expect(canSeeNavItem('apiKeys', context({ isRootUser: true, permissions: ['API_KEY_WRITE'] }))).toBe(
      true,
    );
    expect(
      canSeeNavItem('apiKeys', context({ tenantKind: 'free_tier', permissions: ['API_KEY_WRITE'] })),
    ).toBe(false);
  });

  it('shows Webhooks next to API Keys only with WEBHOOK_WRITE, never in the free tier', () => {
    expect(labels({ permissions: ['WEBHOOK_WRITE'] })).toEqual(['Dashboard', 'Gateways', 'Webhooks']);
    expect(labels({ permissions: ['API_KEY_WRITE', 'WEBHOOK_WRITE'] })).toEqual([
      'Dashboard',
      'Gateways',
      'API Keys',
      'Webhooks',
    ]);
    expect(canSeeNavItem('webhooks', context({ permissions: ['API_KEY_WRITE'] }))).toBe(false);
    expect(
      canSeeNavItem('webhooks', context({ tenantKind: 'free_tier', permissions: ['WEBHOOK_WRITE'] })),
    ).toBe(false);
  });

  it('answers per item with the same rules', () => {
    expect(canSeeNavItem('portalUsers', context({ permissions: ['PORTAL_USER_READ'] }))).toBe(true);
    expect(
      canSeeNavItem('portalUsers', context({ tenantKind: 'free_tier', permissions: ['PORTAL_USER_READ'] })),
    ).toBe(false);
    expect(canSeeNavItem('globalDashboard', context({ tenantKind: 'enterprise' }))).toBe(true);
    expect(canSeeNavItem('userDashboard', context({ tenantKind: 'enterprise' }))).toBe(false);
  });
});

describe('global search', () => {
  it('is offered with IOT_DEVICE_READ, to root users and to tenant users', () => {
    expect(canUseGlobalSearch(context({ permissions: ['IOT_DEVICE_READ'] }))).toBe(true);
    expect(
      canUseGlobalSearch(context({ isRootUser: true, tenantKind: 'root', permissions: ['IOT_DEVICE_READ'] })),
    ).toBe(true);
  });

  it('is not offered without IOT_DEVICE_READ, not even to a root user', () => {
    expect(canUseGlobalSearch(context({ permissions: ['GATEWAY_READ'] }))).toBe(false);
    expect(canUseGlobalSearch(context({ isRootUser: true, tenantKind: 'root' }))).toBe(false);
  });

  it("is not offered to the free tier's own users, but to a root user viewing the free tier", () => {
    expect(canUseGlobalSearch(context({ tenantKind: 'free_tier', permissions: ['IOT_DEVICE_READ'] }))).toBe(
      false,
    );
    expect(
      canUseGlobalSearch(
        context({ tenantKind: 'free_tier', isRootUser: true, permissions: ['IOT_DEVICE_READ'] }),
      ),
    ).toBe(true);
  });
});
