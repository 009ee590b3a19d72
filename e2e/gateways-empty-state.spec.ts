import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { saveScreenshot, signIn, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { createCustomer, signInAsNewUser, USER_PASSWORD } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 30.8: the Gateways page of an account without gateways. A customer's user who may not register one is
 * sent to the customer's administrator; a self-service (free-tier) user has none, and is told how a gateway
 * comes to an account in this portal.
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

const ADMINISTRATOR = /Ask your portal administrator/;

describe('No gateways yet', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('tells a self-service user how a gateway comes to an account, with no administrator to ask', async () => {
    const { page } = browser;
    const email = `free-${randomBytes(4).toString('hex')}@example.com`;
    const signedUp = await page.request.post('/api/portalUserSignup', {
      data: { firstName: 'Fran', lastName: 'Free', email },
    });
    expect(signedUp.status(), await signedUp.text()).toBeLessThan(300);
    const mail = await smtp.waitForMessage(email, 3 * UI_TIMEOUT_MS);
    const link = mail.text.match(/https?:\/\/\S+#\/portal-user\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!);
    await page.getByLabel('New Password').fill(USER_PASSWORD);
    await page.getByLabel('Confirm Password').fill(USER_PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Password has been set successfully. Please sign in.').waitFor();
    await signIn(page, email, USER_PASSWORD);
    await page.waitForURL(/#\/cli\/gateways/);

    const empty = page.getByRole('region', { name: 'No gateways yet' });
    await empty
      .getByText(/^Your account is a free self-service account, and gateways are not added to it/)
      .waitFor({ timeout: 3 * UI_TIMEOUT_MS });
    await empty
      .getByText(/^To see your gateway here, ask the company that supplied or installed it to register it/)
      .waitFor();
    // What it says to do is there: the account menu's 'Remove your account'.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Remove your account' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await empty.getByText(ADMINISTRATOR).count()).toBe(0);
    expect(await empty.getByRole('button', { name: 'Register a gateway' }).count()).toBe(0);
    await saveScreenshot(page, 'gateways empty free tier');
  });

  it("sends a customer's user who may not register gateways to the administrator", async () => {
    const { page: root } = browser;
    await signInAsRoot(root);
    const scopeId = await createCustomer(root, `Empty ${randomBytes(3).toString('hex')}`);
    const page = await browser.otherPersonPage();
    await signInAsNewUser(root, page, smtp, scopeId, ['IOT_DEVICE_READ']);
    await page.goto(`/#/cli/gateways/grid_view?scopeId=${scopeId}`);
    const empty = page.getByRole('region', { name: 'No gateways yet' });
    await empty.getByText(ADMINISTRATOR).waitFor({ timeout: 3 * UI_TIMEOUT_MS });
    expect(await empty.getByText(/self-service/).count()).toBe(0);
  });
});
