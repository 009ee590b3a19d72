import { describe, expect, it } from 'vitest';
import { entryPathFor, homePathFor, isResetPasswordPath, unknownRoutePathFor } from './home-path.ts';

const root = { userLoggedIn: true, isRootUser: true, tenantId: 'r1', tenantKind: 'root' };
const member = { userLoggedIn: true, isRootUser: false, tenantId: 't 1', tenantKind: 'customer' };
const freeTier = { userLoggedIn: true, isRootUser: false, tenantId: 'general', tenantKind: 'free_tier' };
const signedOut = { userLoggedIn: false, isRootUser: false, tenantId: '', tenantKind: '' };

describe('home paths', () => {
  it('sends root to the customers list, whichever tenant it views', () => {
    expect(homePathFor(root)).toBe('/admin/tenants');
    for (const tenantKind of ['customer', 'free_tier', 'provider', 'support', 'enterprise']) {
      expect(homePathFor({ ...root, tenantId: 'c1', tenantKind })).toBe('/admin/tenants');
    }
  });

  it('sends tenant users to their dashboard, with their scope id', () => {
    expect(homePathFor(member)).toBe('/cli/dashboard?scopeId=t%201');
    for (const tenantKind of ['customer', 'provider', 'support', 'enterprise', 'root']) {
      expect(homePathFor({ ...member, tenantId: 'x', tenantKind })).toBe('/cli/dashboard?scopeId=x');
    }
  });

  it('sends a free-tier user to Gateways instead of the dashboard', () => {
    expect(homePathFor(freeTier)).toBe('/cli/gateways?scopeId=general');
    expect(entryPathFor(freeTier)).toBe('/cli/gateways?scopeId=general');
    expect(unknownRoutePathFor(freeTier)).toBe('/cli/gateways?scopeId=general');
  });

  it('has no home without a session', () => {
    expect(homePathFor(signedOut)).toBeNull();
    expect(homePathFor({ ...member, userLoggedIn: false })).toBeNull();
  });

  it('sends the entry routes to login without a session', () => {
    expect(entryPathFor(root)).toBe('/admin/tenants');
    expect(entryPathFor(member)).toBe('/cli/dashboard?scopeId=t%201');
    expect(entryPathFor(signedOut)).toBe('/login');
  });

  it('sends unknown routes to /logout without a session', () => {
    expect(unknownRoutePathFor(member)).toBe('/cli/dashboard?scopeId=t%201');
    expect(unknownRoutePathFor(signedOut)).toBe('/logout');
  });

  it('recognises any path containing reset-password/', () => {
    expect(isResetPasswordPath('/reset-password/abc')).toBe(true);
    expect(isResetPasswordPath('/lock-user/reset-password/abc')).toBe(true);
    expect(isResetPasswordPath('/reset-password')).toBe(false);
  });
});
