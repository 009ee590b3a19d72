import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/process.ts';
import { hashPath, saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 30, smaller items f: the default start (`npm start`, DEMO on) shows every capability. Its demo sign-in
 * provider ('Demo ID', DEMO_OIDC on by default; the other specs turn it off) is the portal's social sign-in and
 * signs in the demo support user, whose support tenant's alert has the Email and SMS subscriptions.
 */
let portal: RunningPortal;
beforeAll(async () => {
  // DEMO_OIDC as by default ('' is unset); the provider on a free port, as several portals run at once here.
  portal = await startPortal('embedded', { DEMO_OIDC: '', DEMO_OIDC_PORT: String(await freePort()) });
});
afterAll(async () => {
  await portal?.stop();
});

const DEMO_SUPPORT_EMAIL = 'demo.support@portal.local';

describe('The default start', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it("signs in through 'Sign in with Demo ID', and the support tenant's subscribe dialogs open", async () => {
    const { page } = browser;
    await page.goto('/#/login');
    await page.getByRole('button', { name: 'Sign in with Demo ID' }).click();
    // The demo provider's own page: one person, no password.
    await page.getByRole('heading', { name: 'Demo ID' }).waitFor();
    expect(new URL(page.url()).port).not.toBe(new URL(portal.baseUrl).port);
    await saveScreenshot(page, 'demo provider 1280');
    await page.getByRole('button', { name: `Continue as Demo Support (${DEMO_SUPPORT_EMAIL})` }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/#\/cli\//, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText(DEMO_SUPPORT_EMAIL, { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // The user's home tenant is the support tenant: its alert shows the Email and SMS columns.
    await page.goto('/#/cli/alerts');
    const sensors = page.getByRole('table', { name: 'Sensor Alerts' });
    await sensors.getByRole('columnheader', { name: 'Email' }).waitFor();
    await sensors.getByRole('columnheader', { name: 'SMS' }).waitFor();
    await saveScreenshot(page, 'demo support alerts 1280');
    await sensors.getByRole('checkbox', { name: 'Email alerts of Demo high CO2' }).click();
    const email = page.getByRole('dialog', { name: 'Subscribe Email Alert' });
    await email.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByText('Successfully Subscribed to Email Alert', { exact: true }).waitFor();
    await sensors.getByRole('checkbox', { name: 'SMS alerts of Demo high CO2' }).click();
    const sms = page.getByRole('dialog', { name: 'Subscribe SMS Alert' });
    await sms.getByLabel('Mobile Number').waitFor();
    await saveScreenshot(page, 'demo support sms dialog 1280');
    await sms.getByRole('button', { name: 'Cancel' }).click();
    expect(hashPath(page)).toBe('/cli/alerts');
  });

  it("lists the support tenant among root's customers", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Support');
    await page.getByText('SUPPORT', { exact: true }).first().waitFor();
  });
});
