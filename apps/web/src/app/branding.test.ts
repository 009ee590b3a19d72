import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { brandingFor, DEFAULT_BRANDING, isThemeColor, PRODUCT_NAME } from './branding.ts';

const tenantSession = {
  userLoggedIn: true,
  isRootUser: false,
  tenantName: 'Acme',
  primaryThemeColor: '#123456',
  secondaryThemeColor: 'rgb(1, 2, 3)',
  logoUrl: '/files/acme.png',
};

describe('branding', () => {
  it("uses the tenant's colours, logo and name", () => {
    expect(brandingFor(tenantSession, '/cli/dashboard')).toEqual({
      primaryColor: '#123456',
      secondaryColor: 'rgb(1, 2, 3)',
      logoUrl: '/files/acme.png',
      name: 'Acme',
    });
  });

  it("names the product in the top bar when the tenant's name shows nothing", () => {
    for (const tenantName of ['', '   ', '\u200b'])
      expect(brandingFor({ ...tenantSession, tenantName }, '/cli/dashboard').name).toBe(PRODUCT_NAME);
  });

  it('uses the defaults (#4190c7 / #ffffff) when signed out', () => {
    expect(brandingFor({ ...tenantSession, userLoggedIn: false }, '/login')).toEqual(DEFAULT_BRANDING);
    expect(DEFAULT_BRANDING.primaryColor).toBe('#4190c7');
    expect(DEFAULT_BRANDING.secondaryColor).toBe('#ffffff');
  });

  it("uses the defaults on a root user's firmware, configuration and change-password pages", () => {
    const root = { ...tenantSession, isRootUser: true };
    for (const path of [
      '/upgrade-firmware',
      '/customer-firmware',
      '/update-OS',
      '/portal-config',
      '/theme-config',
    ]) {
      expect(brandingFor(root, path)).toEqual(DEFAULT_BRANDING);
    }
    expect(brandingFor(root, '/change-password/abc')).toEqual(DEFAULT_BRANDING);
    expect(brandingFor(root, '/admin/tenants').primaryColor).toBe('#123456');
    expect(brandingFor(tenantSession, '/change-password').primaryColor).toBe('#123456');
  });

  it('falls back to a default for a colour the theme cannot take', () => {
    const broken = { ...tenantSession, primaryThemeColor: 'blue-ish', secondaryThemeColor: '' };
    const branding = brandingFor(broken, '/cli/dashboard');
    expect(branding.primaryColor).toBe(DEFAULT_PRIMARY_COLOR);
    expect(branding.secondaryColor).toBe(DEFAULT_SECONDARY_COLOR);
  });

  it('recognises hex and functional colours', () => {
    for (const ok of ['#abc', '#abcd', '#aabbcc', '#aabbccdd', 'rgba(1,2,3,0.5)', 'hsl(120, 50%, 50%)']) {
      expect(isThemeColor(ok)).toBe(true);
    }
    for (const bad of ['', 'red', '#abcde', 'rgb(1,2,3', 'url(x)']) expect(isThemeColor(bad)).toBe(false);
  });
});
