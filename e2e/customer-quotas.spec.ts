import { QUOTA_MAX, quotaMessages, superAdminPreset } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { createCustomer, signInAsNewUser } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 33's quotas on the Customers screen: root opens a customer's Quotas, the form refuses a quota out of
 * bounds in the server's words, a saved one shows against the customer's use on the desktop table and on a
 * phone's card; the customer's own admin sees them on its Dashboard.
 */
let portal: RunningPortal;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  portal = await startPortal('embedded', { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

describe('Customer quotas', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('root sets a gateway quota and sees the use against it, on a desktop and a phone', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsRoot(page);
    const open = page.getByRole('button', { name: /^Quotas of / }).first();
    const name = (await open.getAttribute('aria-label'))!.replace(/^Quotas of /, '');
    const row = page.getByRole('row').filter({ hasText: name }).first();
    await expect
      .poll(() => row.getByRole('list', { name: 'Quotas and use' }).textContent())
      .toMatch(/Gateways \d+ \/ unlimited/);
    const gateways = Number((await row.textContent())!.match(/Gateways (\d+) \//)![1]);

    await open.click();
    const dialog = page.getByRole('dialog', { name: `Quotas of ${name}` });
    const field = dialog.getByLabel('Gateways');
    await field.fill('0');
    await field.blur();
    await dialog.getByText(quotaMessages.outOfRange(QUOTA_MAX.gateways)).waitFor();
    await field.fill(String(QUOTA_MAX.gateways + 1));
    await dialog.getByText(quotaMessages.outOfRange(QUOTA_MAX.gateways)).waitFor();
    await field.fill(String(gateways + 5));
    await dialog.getByLabel('API calls per minute').fill('600');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(quotaMessages.saved).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const figures = row.getByRole('list', { name: 'Quotas and use' });
    await expect.poll(() => figures.textContent()).toContain(`Gateways ${gateways} / ${gateways + 5}`);
    expect(await figures.textContent()).toMatch(/API calls\/min \d+ \/ 600/);
    expect(await figures.textContent()).toContain('Stored days unlimited');
    await saveScreenshot(page, 'customer-quotas 1440');

    await page.setViewportSize({ width: 360, height: 740 });
    const card = page.getByRole('article', { name });
    await card.getByRole('list', { name: 'Quotas and use' }).waitFor();
    expect(await card.textContent()).toContain(`Gateways ${gateways} / ${gateways + 5}`);
    // The page does not scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'customer-quotas 360');
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Quotas' }).click();
    const again = page.getByRole('dialog', { name: `Quotas of ${name}` });
    expect(await again.getByLabel('Gateways').inputValue()).toBe(String(gateways + 5));
    await saveScreenshot(page, 'customer-quotas 360 dialog');
  });

  it("shows a customer's admin its quotas and use on its Dashboard, on a desktop and a phone", async () => {
    const { page, context } = browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsRoot(page);
    const scopeId = await createCustomer(page, 'Quota Reader');
    const set = await page.request.put(`/api/customers/${scopeId}/quotas`, {
      data: {
        gateways: 4,
        lockUsers: null,
        storedDays: 30,
        messagesPerSecond: null,
        apiCallsPerMinute: null,
      },
    });
    expect(set.status()).toBe(200);
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 1440, height: 900 });
    await signInAsNewUser(page, admin, smtp, scopeId, superAdminPreset(false));
    await admin.goto(`/#/cli/dashboard?scopeId=${scopeId}`);
    const panel = admin.getByRole('region', { name: 'Quotas set by the platform operator' });
    const figures = panel.getByRole('list', { name: 'Quotas and use' });
    await expect.poll(() => figures.textContent(), { timeout: 10_000 }).toContain('Gateways 0 / 4');
    expect(await figures.textContent()).toContain('Stored days 30');
    expect(await figures.textContent()).toContain('Lock users 0 / unlimited');
    await saveScreenshot(admin, 'customer-quotas dashboard 1440');
    await admin.setViewportSize({ width: 360, height: 740 });
    await panel.scrollIntoViewIfNeeded();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(admin, 'customer-quotas dashboard 360');
  });
});
