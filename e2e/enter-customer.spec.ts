import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { hashPath, saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { createCustomer, DEMO_CUSTOMER, signInAsNewUser } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 14.1: entering a customer switches the top bar, theme and every side-nav link to it for the session;
 * a breadcrumb leads back to the customers list and a switcher moves between the customers in reach.
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

const suffix = randomBytes(3).toString('hex');
const ORBIT = `Orbit ${suffix}`;
const ORBIT_PRIMARY = '#8e24aa';

const appBarColour = (page: Page) =>
  page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor);
const topBarName = (page: Page) => page.getByRole('banner').getByRole('link').first();
const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
const switcher = (page: Page) => page.getByRole('button', { name: /Switch customer$/ });

describe('Entering a customer', () => {
  const browser = useBrowser(() => portal.baseUrl);
  let orbitId = '';
  let orbitUser = '';

  it('root opens a customer from the list: its name, colour and links, then another in one click, then back', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    orbitId = (
      await (
        await page.request.post('/api/createScope', {
          data: { name: ORBIT, customerId: `ORB-${suffix}`, primaryThemeColor: ORBIT_PRIMARY },
        })
      ).json()
    ).id;
    orbitUser = `uma-${suffix}@orbit.com`;
    const created = await page.request.post('/api/createPortalUser', {
      data: {
        email: orbitUser,
        firstName: 'Uma',
        lastName: 'Orbit',
        scopeId: orbitId,
        permissions: ['IOT_DEVICE_READ'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();

    await page
      .getByRole('row', { name: new RegExp(ORBIT) })
      .getByText(ORBIT)
      .click();
    await page.waitForURL(new RegExp(`#/cli/dashboard\\?scopeId=${orbitId}$`));
    await expect.poll(() => topBarName(page).textContent(), { timeout: UI_TIMEOUT_MS }).toBe(ORBIT);
    await expect.poll(() => appBarColour(page), { timeout: UI_TIMEOUT_MS }).toBe('rgb(142, 36, 170)');
    expect(await navLink(page, 'Gateways').getAttribute('href')).toBe(`#/cli/gateways?scopeId=${orbitId}`);
    await saveScreenshot(page, 'enter-customer root inside a customer');

    // The customer's users, not root's.
    await navLink(page, 'Users').click();
    await page.getByText(orbitUser).waitFor();
    expect(page.url()).toContain(`scopeId=${orbitId}`);

    // The switcher lists the customers in reach and keeps the screen.
    await switcher(page).click();
    await page.getByRole('menuitem', { name: DEMO_CUSTOMER }).click();
    await expect.poll(() => topBarName(page).textContent(), { timeout: UI_TIMEOUT_MS }).toBe(DEMO_CUSTOMER);
    expect(hashPath(page)).toBe('/cli/portal_users');
    await expect.poll(() => page.getByText(orbitUser).count()).toBe(0);

    // A reload keeps the customer (kept for the session).
    await page.reload();
    await expect.poll(() => topBarName(page).textContent(), { timeout: UI_TIMEOUT_MS }).toBe(DEMO_CUSTOMER);

    await page.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL(/#\/admin\/tenants$/);
    await expect
      .poll(() => topBarName(page).textContent(), { timeout: UI_TIMEOUT_MS })
      .toBe('Platform Admin');
    expect(await navLink(page, 'Gateways').getAttribute('href')).not.toContain(orbitId);
  });

  it('a customer administrator moves between its customer and the ones below it, and reaches no other', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const childName = `Orbit North ${suffix}`;
    const child = await page.request.post('/api/createScope', {
      data: { name: childName, customerId: `ORBN-${suffix}`, parent: orbitId },
    });
    expect(child.status()).toBe(201);
    const other = await createCustomer(page, `Other ${suffix}`);

    const admin = await browser.otherPersonPage();
    await signInAsNewUser(page, admin, smtp, orbitId, ['PORTAL_USER_READ', 'IOT_DEVICE_READ']);
    await expect.poll(() => topBarName(admin).textContent(), { timeout: UI_TIMEOUT_MS }).toBe(ORBIT);
    expect(await admin.getByRole('link', { name: 'Customers' }).count()).toBe(0);
    await switcher(admin).click();
    const entries = await admin.getByRole('menuitem').allTextContents();
    expect(entries).toEqual([ORBIT, childName]);
    await admin.getByRole('menuitem', { name: childName }).click();
    await expect.poll(() => topBarName(admin).textContent(), { timeout: UI_TIMEOUT_MS }).toBe(childName);
    await saveScreenshot(admin, 'enter-customer admin inside a sub-customer');

    // A customer outside the tree named in the URL changes nothing.
    await admin.goto(`/#/cli/dashboard?scopeId=${other}`);
    await admin.waitForTimeout(500);
    expect(await topBarName(admin).textContent()).toBe(childName);
  });
});
