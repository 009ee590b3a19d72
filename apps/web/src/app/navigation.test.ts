import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access-context.ts';
import { canSeeNavItem, visibleNavItems } from './navigation.ts';

const context = (overrides: Partial<AccessContext> = {}): AccessContext => ({
  isRootUser: false,
  permissions: [],
  tenantKind: 'customer',
  user: { socialLogin: false },
  ...overrides,
});
const labels = (overrides: Partial<AccessContext>) =>
  visibleNavItems(context(overrides)).map((item) => item.label);

describe('side navigation visibility', () => {
  it('always shows Dashboard and Gateways', () => {
    expect(labels({})).toEqual(['Dashboard', 'Gateways']);
  });

  it('shows Users only with PORTAL_USER_READ', () => {
    expect(labels({ permissions: ['PORTAL_USER_READ'] })).toContain('Users');
    expect(labels({ permissions: ['PORTAL_USER_WRITE'] })).not.toContain('Users');
  });

  it('shows Alerts and Agent Config only with ALERTS_READ', () => {
    expect(labels({ permissions: ['ALERTS_READ'] })).toEqual([
      'Dashboard',
      'Gateways',
      'Alerts',
      'Agent Config',
    ]);
    expect(labels({ permissions: ['ALERTS_WRITE'] })).toEqual(['Dashboard', 'Gateways']);
  });

  it('shows Feedback to root users and to the support tenant only', () => {
    expect(labels({ isRootUser: true, tenantKind: 'root' })).toContain('Feedback');
    expect(labels({ tenantKind: 'support' })).toContain('Feedback');
    expect(labels({ permissions: ['PORTAL_USER_READ', 'ALERTS_READ'] })).not.toContain('Feedback');
  });

  it('gives the support tenant Alerts as its only permission-based admin item', () => {
    const support = labels({ tenantKind: 'support', permissions: ['PORTAL_USER_READ', 'ALERTS_READ'] });
    expect(support).toEqual(['Dashboard', 'Gateways', 'Alerts', 'Feedback']);
  });

  it('gives the free tier no admin items', () => {
    expect(labels({ tenantKind: 'free_tier', permissions: ['PORTAL_USER_READ', 'ALERTS_READ'] })).toEqual([
      'Dashboard',
      'Gateways',
    ]);
  });

  it("shows UserDashboard and Global Dashboard only for the provider's own tenant", () => {
    expect(labels({ tenantKind: 'provider' })).toEqual([
      'Dashboard',
      'Gateways',
      'UserDashboard',
      'Global Dashboard',
    ]);
    expect(labels({ tenantKind: 'enterprise' })).not.toContain('UserDashboard');
    expect(labels({ tenantKind: 'enterprise' })).not.toContain('Global Dashboard');
  });

  it('lists a full admin menu in a fixed order', () => {
    const admin = labels({
      isRootUser: true,
      tenantKind: 'root',
      permissions: ['PORTAL_USER_READ', 'ALERTS_READ'],
    });
    expect(admin).toEqual(['Dashboard', 'Gateways', 'Users', 'Alerts', 'Agent Config', 'Feedback']);
  });

  it('answers per item with the same rules', () => {
    expect(canSeeNavItem('portalUsers', context({ permissions: ['PORTAL_USER_READ'] }))).toBe(true);
    expect(
      canSeeNavItem('portalUsers', context({ tenantKind: 'free_tier', permissions: ['PORTAL_USER_READ'] })),
    ).toBe(false);
  });
});
