import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access-context.ts';
import { visibleAccountMenuEntries } from './account-menu.ts';

const labels = (overrides: Partial<AccessContext>) =>
  visibleAccountMenuEntries({
    isRootUser: false,
    permissions: [],
    tenantKind: 'customer',
    user: { socialLogin: false },
    ...overrides,
  }).map((entry) => entry.label);

describe('account menu entries', () => {
  it('always offers Logout, and Change Password to users who do not sign in socially', () => {
    expect(labels({})).toEqual(['Change Password', 'Logout']);
    expect(labels({ user: { socialLogin: true } })).toEqual(['Logout']);
  });

  it('offers firmware, OS and portal configuration to a root user holding IOT_DEVICE_SCOPE_MIGRATE', () => {
    const root = labels({ isRootUser: true, tenantKind: 'root', permissions: ['IOT_DEVICE_SCOPE_MIGRATE'] });
    expect(root).toEqual([
      'Change Password',
      'Update Gateway Firmware',
      'Customer Firmware App',
      'Update Gateway OS',
      'Portal Configuration',
      'Logout',
    ]);
    expect(labels({ permissions: ['IOT_DEVICE_SCOPE_MIGRATE'] })).not.toContain('Portal Configuration');
    expect(labels({ isRootUser: true })).not.toContain('Update Gateway Firmware');
  });

  it('offers Theme Configuration with SCOPE_UPDATE (or SCOPE_WRITE), not to the free tier', () => {
    expect(labels({ permissions: ['SCOPE_UPDATE'] })).toContain('Theme Configuration');
    expect(labels({ permissions: ['SCOPE_WRITE'] })).toContain('Theme Configuration');
    expect(labels({ permissions: ['SCOPE_UPDATE'], tenantKind: 'free_tier' })).not.toContain(
      'Theme Configuration',
    );
  });
});
