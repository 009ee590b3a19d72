import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access-context.ts';
import { visibleAccountMenuEntries } from './account-menu.ts';
import english from './locales/en.json';

const labels = (overrides: Partial<AccessContext>) =>
  visibleAccountMenuEntries({
    isRootUser: false,
    permissions: [],
    tenantKind: 'customer',
    user: { socialLogin: false },
    ...overrides,
  }).map((entry) => english.accountMenu[entry.id]);

const freeTier: Partial<AccessContext> = { tenantKind: 'free_tier' };

describe('account menu entries', () => {
  it('always offers Language, Appearance and Logout, and Change Password to users who do not sign in socially', () => {
    expect(labels({})).toEqual([
      'Change Password',
      'Two-Factor Authentication',
      'Language',
      'Appearance',
      'Logout',
    ]);
    expect(labels({ user: { socialLogin: true } })).toEqual(['Language', 'Appearance', 'Logout']);
  });

  it('offers the 2FA switch to password users outside the free tier', () => {
    expect(labels({})).toContain('Two-Factor Authentication');
    expect(labels({ user: { socialLogin: true } })).not.toContain('Two-Factor Authentication');
    expect(labels(freeTier)).not.toContain('Two-Factor Authentication');
    expect(labels({ user: null })).not.toContain('Two-Factor Authentication');
  });

  it('keeps the 2FA switch for a root user viewing the free-tier scope (the switch is about the user)', () => {
    expect(labels({ ...freeTier, isRootUser: true })).toContain('Two-Factor Authentication');
  });

  it("offers 'Remove your account' to free-tier users only, social or not", () => {
    expect(labels(freeTier)).toEqual([
      'Change Password',
      'Remove your account',
      'Language',
      'Appearance',
      'Logout',
    ]);
    expect(labels({ ...freeTier, user: { socialLogin: true } })).toEqual([
      'Remove your account',
      'Language',
      'Appearance',
      'Logout',
    ]);
    expect(labels({})).not.toContain('Remove your account');
    expect(labels({ tenantKind: 'support' })).not.toContain('Remove your account');
    expect(labels({ ...freeTier, isRootUser: true })).not.toContain('Remove your account');
  });

  it('offers firmware, OS and portal configuration to a root user holding IOT_DEVICE_SCOPE_MIGRATE', () => {
    const root = labels({ isRootUser: true, tenantKind: 'root', permissions: ['IOT_DEVICE_SCOPE_MIGRATE'] });
    expect(root).toEqual([
      'Change Password',
      'Two-Factor Authentication',
      'Update Gateway Firmware',
      'Customer Firmware App',
      'Update Gateway OS',
      'Portal Configuration',
      'E-mail Templates',
      'Language',
      'Appearance',
      'Logout',
    ]);
    expect(labels({ permissions: ['IOT_DEVICE_SCOPE_MIGRATE'] })).not.toContain('Portal Configuration');
    expect(labels({ permissions: ['IOT_DEVICE_SCOPE_MIGRATE'] })).not.toContain('E-mail Templates');
    expect(labels({ isRootUser: true })).not.toContain('Update Gateway Firmware');
  });

  it('offers Theme Configuration with SCOPE_UPDATE (or SCOPE_WRITE), not to the free tier', () => {
    expect(labels({ permissions: ['SCOPE_UPDATE'] })).toContain('Theme Configuration');
    expect(labels({ permissions: ['SCOPE_WRITE'] })).toContain('Theme Configuration');
    expect(labels({})).not.toContain('Theme Configuration');
    expect(labels({ permissions: ['SCOPE_UPDATE'], tenantKind: 'free_tier' })).not.toContain(
      'Theme Configuration',
    );
  });
});
