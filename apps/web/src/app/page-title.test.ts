import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n/index.ts';
import { documentTitle, screenTitle } from './page-title.ts';

describe('page titles', () => {
  beforeAll(() => initI18n('en'));
  const english = () => i18n.getFixedT('en', 'app');

  it('names the screen by its menu label', () => {
    const t = english();
    expect(screenTitle(t, '/cli/gateways/grid_view')).toBe('Gateways');
    expect(screenTitle(t, '/cli/portal_users')).toBe('Users');
    expect(screenTitle(t, '/theme-config')).toBe('Theme Configuration');
    expect(screenTitle(t, '/admin/tenants')).toBe('Customers');
    expect(screenTitle(t, '/portal-user/reset-password/abc')).toBe('Set Your Password');
    expect(screenTitle(t, '/login', '?mode=sign-up')).toBe('Sign Up');
    expect(screenTitle(t, '/login')).toBe('Sign In');
  });

  it('adds the customer on customer screens only', () => {
    const t = english();
    expect(documentTitle(t, '/cli/alerts', '', 'Acme')).toBe('Alerts · Acme · IoT Portal');
    expect(documentTitle(t, '/change-password', '', 'Acme')).toBe('Change Password · IoT Portal');
    expect(documentTitle(t, '/nowhere', '', null)).toBe('IoT Portal');
  });

  it('names the screen in German once the user reads German', async () => {
    await i18n.loadLanguages('de');
    const t = i18n.getFixedT('de', 'app');
    expect(documentTitle(t, '/cli/alerts', '', 'Acme')).toBe('Alarme · Acme · IoT Portal');
    expect(screenTitle(t, '/login', '?mode=forgot-password')).toBe('Passwort vergessen');
  });
});
