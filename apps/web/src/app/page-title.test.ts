import { describe, expect, it } from 'vitest';
import { documentTitle, screenTitle } from './page-title.ts';

describe('page titles', () => {
  it('names the screen by its menu label', () => {
    expect(screenTitle('/cli/gateways/grid_view')).toBe('Gateways');
    expect(screenTitle('/cli/portal_users')).toBe('Users');
    expect(screenTitle('/theme-config')).toBe('Theme Configuration');
    expect(screenTitle('/admin/tenants')).toBe('Customers');
    expect(screenTitle('/portal-user/reset-password/abc')).toBe('Set Your Password');
    expect(screenTitle('/login', '?mode=sign-up')).toBe('Sign Up');
    expect(screenTitle('/login')).toBe('Sign In');
  });

  it('adds the customer on customer screens only', () => {
    expect(documentTitle('/cli/alerts', '', 'Acme')).toBe('Alerts · Acme · IoT Portal');
    expect(documentTitle('/change-password', '', 'Acme')).toBe('Change Password · IoT Portal');
    expect(documentTitle('/nowhere', '', null)).toBe('IoT Portal');
  });
});
