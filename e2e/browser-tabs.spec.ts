import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import {
  hashPath,
  saveScreenshot,
  signIn,
  signInAsRoot,
  signOut,
  UI_TIMEOUT_MS,
  useBrowser,
} from './support/browser.ts';
import { DEMO_CUSTOMER, scopeIdByName, signInAsNewUser } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * One sign-in per browser (docs/decisions.md): the tabs of one browser share the session cookie, so a new
 * tab takes the session instead of asking to sign in, each tab keeps its own view, and every tab follows a
 * sign-out or a sign-in made in another.
 */
let smtp: TestSmtp;
let portal: RunningPortal;
beforeAll(async () => {
  smtp = await startSmtp();
  portal = await startPortal('embedded', { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

describe('Tabs of one browser', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('a new tab opens signed in, keeps its own view, and every tab follows a sign-out and a sign-in', async () => {
    const { page: first, context } = browser;
    await signInAsRoot(first);
    const scopeId = await scopeIdByName(first, DEMO_CUSTOMER);

    // A link opened in a new tab: the page itself, not the login page.
    const second = await context.newPage();
    await second.goto(`/#/cli/gateways/grid_view?scopeId=${scopeId}`);
    await second.getByRole('heading', { name: 'Gateways' }).waitFor();
    await second.getByRole('article').first().waitFor();
    expect(hashPath(second)).toBe('/cli/gateways/grid_view');
    // The first tab still shows the customers list: the view is per tab.
    await first.reload();
    await first.getByRole('heading', { name: 'Customers' }).waitFor();
    expect(hashPath(first)).toBe('/admin/tenants');

    // Logout in one tab: the other goes to the login page, saying why, with the way back.
    await signOut(second);
    await first.waitForURL(/#\/login\?reason=elsewhere&next=%2Fadmin%2Ftenants$/, { timeout: UI_TIMEOUT_MS });
    await first.getByText('You signed out in another tab. Sign in again to continue.').waitFor();
    await saveScreenshot(first, 'browser-tabs signed out elsewhere');
    expect((await first.request.get('/api/user-details')).status()).toBe(401);

    // Sign in again in that tab: the other, waiting at the login page, comes in too.
    await signIn(first);
    await first.waitForURL(/#\/admin\/tenants$/);
    await second.waitForURL(/#\/admin\/tenants$/, { timeout: UI_TIMEOUT_MS });
    await second.getByRole('heading', { name: 'Customers' }).waitFor();
  });

  it('when another person signs in in a third tab, the others start again as that person', async () => {
    const { page: root, context } = browser;
    await signInAsRoot(root);
    const scopeId = await scopeIdByName(root, DEMO_CUSTOMER);
    // The activation link of a new user opened in a tab of the root user's browser, then that user signs in.
    const third = await context.newPage();
    await signInAsNewUser(root, third, smtp, scopeId, ['IOT_DEVICE_READ']);

    // The root user's tab would otherwise act for the new user under the root user's screens.
    await root.waitForURL(/#\/cli\/dashboard\?scopeId=/, { timeout: 3 * UI_TIMEOUT_MS });
    await root.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    expect(await root.getByRole('link', { name: 'Customers' }).count()).toBe(0);
    await root.getByRole('button', { name: 'Account menu' }).click();
    await root
      .getByRole('menu')
      .getByText(/^viewer-.*@example\.com$/)
      .waitFor();
  });

  it('a session the server ended sends the tab to the login page, saying so and leading back', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    // Ended behind the page's back (as by an administrator, or the server's idle clock).
    expect((await page.request.post('/api/logout')).status()).toBeLessThan(300);
    await page.reload();
    await page.waitForURL(/#\/login\?reason=ended&next=%2Fadmin%2Ftenants$/, { timeout: UI_TIMEOUT_MS });
    await page.getByText('Your session has ended. Sign in again to continue.').waitFor();
    await signIn(page);
    await page.waitForURL(/#\/admin\/tenants$/);
  });
});
