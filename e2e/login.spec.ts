import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, signIn, signInAsRoot, useBrowser } from './support/browser.ts';
import { ROOT_EMAIL, ROOT_NAME, type RunningPortal, startPortal } from './support/portal.ts';

/** Spec 000 section 2, login screen. */
const SELLING_POINTS = [
  'Edge sensor integration through an IoT gateway',
  'Secure hardware and software solution',
  'Production-proven platform deployed in high volume',
  'Customizable solution for any IoT platform',
];

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

describe('Login screen', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('opens for a visitor and shows the selling points, the sign-in fields and the Sign In button', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.waitForURL(/#\/login$/);

    const about = page.getByRole('region', { name: 'About the portal' });
    for (const point of SELLING_POINTS) await about.getByText(point, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.getByLabel('Email', { exact: true }).waitFor();
    await page.getByLabel('Password', { exact: true }).waitFor();
    const trust = page.getByRole('checkbox', { name: 'Trust this device' });
    await trust.waitFor();
    expect(await trust.isChecked()).toBe(false);
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    await submit.waitFor();
    expect(await submit.isEnabled()).toBe(true);
  });

  it('lets the browser keep the hashed scripts for a year, check the page itself on each visit, and sends them compressed', async () => {
    const { page } = browser;
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const index = await page.goto('/');
    expect(index?.headers()['cache-control']).toBe('no-cache');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    const entry = scripts.find((response) => /\/assets\/index-[^/]+\.js$/.test(response.url()));
    if (!entry)
      throw new Error(`no entry script among ${scripts.map((response) => response.url()).join(', ')}`);
    const headers = await entry.allHeaders();
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Chromium takes Brotli: the build's .br file, a quarter of the script's size.
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('accept-encoding');
    const sent = Number(headers['content-length']);
    expect(sent).toBeLessThan((await entry.body()).length / 2);
  });

  it("says 'Email is required.' when the email is left empty", async () => {
    const { page } = browser;
    await page.goto('/#/login');
    await page.getByLabel('Password', { exact: true }).fill('whatever1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await page.getByText('Email is required.', { exact: true }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(hashPath(page)).toBe('/login');
  });

  it("says 'Invalid Username or Password' for a wrong password", async () => {
    const { page } = browser;
    await page.goto('/#/login');
    await signIn(page, ROOT_EMAIL, 'WrongPass1');

    await page.getByRole('alert').getByText('Invalid Username or Password', { exact: true }).waitFor();
    expect(hashPath(page)).toBe('/login');
    expect(await page.getByRole('heading', { name: 'Customers' }).count()).toBe(0);
  });

  it('signs the root administrator in to the customers list, and a reload keeps the session', async () => {
    const { page } = browser;
    await page.goto('/#/login');
    await signIn(page);
    await page.waitForURL(/#\/admin\/tenants$/);
    await page.getByRole('heading', { name: 'Customers' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    expect(hashPath(page)).toBe('/admin/tenants');
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
  });

  it('shows who is signed in in the account menu; Logout ends the session', async () => {
    const { page } = browser;
    await signInAsRoot(page);

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(ROOT_NAME, { exact: true }).waitFor();
    await menu.getByText(ROOT_EMAIL, { exact: true }).waitFor();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();

    await page.waitForURL(/#\/login$/);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    // The server forgot the session too, not only the page.
    expect((await page.request.get('/api/user-details')).status()).toBe(401);

    await page.goto('/#/admin/tenants');
    await page.waitForURL(/#\/login\?next=%2Fadmin%2Ftenants$/);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Customers' }).count()).toBe(0);
  });
});
