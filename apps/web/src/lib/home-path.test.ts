import { describe, expect, it } from 'vitest';
import { entryPathFor, homePathFor, isResetPasswordPath, unknownRoutePathFor } from './home-path.ts';

const root = { userLoggedIn: true, isRootUser: true, tenantId: 'r1' };
const member = { userLoggedIn: true, isRootUser: false, tenantId: 't 1' };
const signedOut = { userLoggedIn: false, isRootUser: false, tenantId: '' };

describe('home paths', () => {
  it('sends root to the customers list and others to their dashboard', () => {
    expect(homePathFor(root)).toBe('/admin/tenants');
    expect(homePathFor(member)).toBe('/cli/dashboard?scopeId=t%201');
    expect(homePathFor(signedOut)).toBeNull();
  });

  it('sends the entry routes to login without a session', () => {
    expect(entryPathFor(root)).toBe('/admin/tenants');
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
