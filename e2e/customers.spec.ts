import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { signIn, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { stripesPng } from './support/png.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 4's journey: the root user creates a customer with a logo and a colour from the logo's palette; the
 * super admin's activation mail arrives over real SMTP; the list shows the logo; a theme change made by the
 * root user reaches a browser signed in to that customer without a reload.
 */
let smtp: TestSmtp;
let portal: RunningPortal;
let files: string;
beforeAll(async () => {
  smtp = await startSmtp();
  portal = await startPortal('embedded', { SMTP_URL: smtp.url });
  files = await mkdtemp(join(tmpdir(), 'e2e-logo-'));
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
  await rm(files, { recursive: true, force: true });
});

const suffix = randomBytes(3).toString('hex');
const CUSTOMER = `Acme ${suffix}`;
const ADMIN_EMAIL = `owner-${suffix}@acme.com`;
const PASSWORD = 'Secret12';

const rgbOf = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const appBarColour = (page: Page) =>
  page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor);

describe('Customers', () => {
  const browser = useBrowser(() => portal.baseUrl);
  let chosenPrimary = '';

  it('creates a customer with a logo and a palette colour; the super admin is mailed; the list shows the logo', async () => {
    const { page } = browser;
    const logo = join(files, 'logo.png');
    // Red and blue stripes between pure black and white: the palette offers the colours, never black or white.
    await writeFile(
      logo,
      stripesPng([
        [0, 0, 0],
        [200, 30, 30],
        [200, 30, 30],
        [30, 60, 200],
        [255, 255, 255],
      ]),
    );

    await signInAsRoot(page);
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Customer' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await dialog.getByLabel('Customer Label').fill(CUSTOMER);
    await dialog.getByLabel('Customer ID').fill(`ACME-${suffix}`);
    await dialog.getByLabel('First Name').fill('Olive');
    await dialog.getByLabel('Last Name').fill('Owner');
    await dialog.getByLabel('Super Admin Email').fill(ADMIN_EMAIL);
    await dialog.getByLabel('Upload Logo').setInputFiles(logo);

    const palette = dialog.getByRole('group', { name: 'Logo palette' });
    const swatches = palette.getByRole('button', { name: /^Use #[0-9a-f]{6} as primary colour$/i });
    await swatches.first().waitFor();
    const offered = (
      await swatches.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))
    ).map((label) => label!.match(/#[0-9a-f]{6}/i)![0].toLowerCase());
    expect(offered.length).toBeGreaterThanOrEqual(2);
    expect(offered.length).toBeLessThanOrEqual(4);
    expect(offered).not.toContain('#000000');
    expect(offered).not.toContain('#ffffff');
    chosenPrimary = offered[0]!;
    await swatches.first().click();
    expect(
      (await dialog.getByRole('textbox', { name: 'Primary Color', exact: true }).inputValue()).toLowerCase(),
    ).toBe(chosenPrimary);

    await create.click();
    await page.getByText('Successfully created customer instruction').waitFor();

    const mail = await smtp.waitForMessage(ADMIN_EMAIL, UI_TIMEOUT_MS);
    expect(mail.text).toMatch(/#\/portal-user\/reset-password\//);

    const table = page.getByRole('table', { name: 'Customers' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(suffix);
    await table.getByRole('button', { name: CUSTOMER, exact: true }).waitFor();
    const shownLogo = table.locator('img').first();
    await shownLogo.waitFor();
    expect(await shownLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  it("shows the root user's theme change to the customer's open browser without a reload", async () => {
    const { page, context } = browser;
    // The super admin sets a password from the mail and signs in elsewhere.
    const customerContext = await context.browser()!.newContext({ baseURL: portal.baseUrl });
    try {
      const customer = await customerContext.newPage();
      const link = smtp.messages
        .find((m) => m.to.includes(ADMIN_EMAIL))
        ?.text.match(/https?:\/\/\S+#\/portal-user\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
      expect(link).toBeDefined();
      await customer.goto(link!);
      await customer.getByLabel('New Password').fill(PASSWORD);
      await customer.getByLabel('Confirm Password').fill(PASSWORD);
      await customer.getByRole('button', { name: 'Set Password' }).click();
      await customer.getByRole('link', { name: 'Sign in' }).click();
      await signIn(customer, ADMIN_EMAIL, PASSWORD);
      await customer.waitForURL(/#\/cli\/dashboard/);
      // The top bar shows the customer's logo.
      const topLogo = customer.getByRole('banner').getByRole('img', { name: CUSTOMER });
      await topLogo.waitFor();
      expect(await topLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await appBarColour(customer)).toBe(rgbOf(chosenPrimary));
      // A marker that a reload would lose.
      await customer.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });

      await signInAsRoot(page);
      await page.goto('/#/theme-config');
      await page.getByRole('combobox', { name: 'Select Customer' }).click();
      await page.getByRole('option', { name: CUSTOMER, exact: true }).click();
      // The pickers show the customer's colours, so changing the primary keeps its secondary.
      expect(await page.getByLabel('Primary Color').inputValue()).toBe(chosenPrimary);
      const secondary = await page.getByLabel('Secondary Color').inputValue();
      await page.getByLabel('Primary Color').fill('#aa3300');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Successfully Updated customer').waitFor();
      const customers = await page.request.get(`/api/customers?search=${encodeURIComponent(CUSTOMER)}`);
      const updated = ((await customers.json()) as { customers: { secondaryThemeColor: string }[] })
        .customers[0];
      expect(updated?.secondaryThemeColor.toLowerCase()).toBe(secondary.toLowerCase());

      await customer.getByText('Details update successfully').waitFor();
      await customer.waitForFunction(
        (expected) => getComputedStyle(document.querySelector('header')!).backgroundColor === expected,
        rgbOf('#aa3300'),
        { timeout: UI_TIMEOUT_MS },
      );
      expect(
        await customer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      ).toBe(true);
    } finally {
      await customerContext.close();
    }
  });

  it('creates nothing when the super admin e-mail is taken, even after the check: the field says why (issue 30.4)', async () => {
    const { page } = browser;
    // Its own names each attempt (a retried attempt finds the first one's address taken before it starts).
    const tag = randomBytes(3).toString('hex');
    const label = `Taken ${tag}`;
    const email = `taken-${tag}@acme.com`;
    await signInAsRoot(page);
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Customer' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await dialog.getByLabel('Customer Label').fill(label);
    await dialog.getByLabel('Customer ID').fill(`TAKEN-${tag}`);
    await dialog.getByLabel('First Name').fill('Tina');
    await dialog.getByLabel('Last Name').fill('Taken');
    await dialog.getByLabel('Super Admin Email').fill(email);
    // The form's duplicate check has found the address free...
    await expect.poll(() => create.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await page.waitForTimeout(1000);
    // ...and another administrator takes it before Create is pressed.
    const { rootTenantId } = (await (await page.request.get('/api/getRootTenantId/')).json()) as {
      rootTenantId: string;
    };
    const taken = await page.request.post('/api/createPortalUser', {
      data: { email, firstName: 'Tom', lastName: 'Other', scopeId: rootTenantId, permissions: [] },
    });
    expect(taken.status()).toBe(201);
    await create.click();

    await page.getByText('Failed to create customer instruction').waitFor();
    const message = `The email ${email} is already registered for Platform Admin tenant and hence cannot be used.`;
    await dialog.getByText(message).waitFor();
    expect(await dialog.getByLabel('Super Admin Email').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Closing the dialog leaves no customer without an administrator behind.
    const listed = await page.request.get(`/api/customers?search=${encodeURIComponent(label)}`);
    expect(((await listed.json()) as { total: number }).total).toBe(0);
  });
});
