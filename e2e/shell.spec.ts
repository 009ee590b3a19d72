import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPath, saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { ROOT_EMAIL, type SharedPortal, sharedPortal } from './support/portal.ts';

/**
 * Spec 000 section 2: what the root administrator's side navigation holds, in order, with the locks screens
 * beside the gateways and users they belong with (their place is ours: docs/ui.md 'Locks and lock users').
 */
const ROOT_NAV_ITEMS = [
  'Dashboard',
  'Gateways',
  'Locks',
  'UserDashboard',
  'Global Dashboard',
  'Users',
  'Lock Users',
  'Alerts',
  'Incidents',
  'Agent Config',
  'Feedback',
  'Activity',
  'API Keys',
  'Webhooks',
];
/** The default primary colour #4190c7 as the browser computes it. */
const DEFAULT_PRIMARY_RGB = 'rgb(65, 144, 199)';

let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Rendered width of the side navigation drawer, in CSS pixels. */
async function drawerWidth(page: Page): Promise<number> {
  const box = await page.locator('.MuiDrawer-paper').boundingBox();
  if (!box) throw new Error('side navigation drawer not rendered');
  return Math.round(box.width);
}

/** Where the main content starts, left to right: right of the drawer. */
async function contentLeft(page: Page): Promise<number> {
  const box = await page.getByRole('main').boundingBox();
  if (!box) throw new Error('main content not rendered');
  return Math.round(box.x);
}

describe('Shell', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it("shows the root administrator's side navigation", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const links = mainNavigation(page).getByRole('link');
    await expect.poll(() => links.allInnerTexts(), { timeout: UI_TIMEOUT_MS }).toEqual(ROOT_NAV_ITEMS);
    await mainNavigation(page).getByText('Admin', { exact: true }).waitFor();
    await page.getByRole('banner').getByText('Platform Admin', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Live updates connected' }).waitFor();

    // Kept on purpose: what the signed-in shell looks like (e2e/artifacts/shell-signed-in.png).
    await saveScreenshot(page, 'shell-signed-in');
  });

  it('collapses the side navigation to 80 px and widens it back to 240 px', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    expect(await drawerWidth(page)).toBe(240);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    await toggle.click();
    await expect.poll(() => drawerWidth(page), { timeout: UI_TIMEOUT_MS }).toBe(80);
    await expect.poll(() => contentLeft(page), { timeout: UI_TIMEOUT_MS }).toBe(80);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // Icons only: no labels on screen, but every item keeps its name.
    expect(await mainNavigation(page).getByText('Gateways', { exact: true }).count()).toBe(0);
    for (const item of ROOT_NAV_ITEMS) {
      await mainNavigation(page).getByRole('link', { name: item, exact: true }).waitFor();
    }

    await toggle.click();
    await expect.poll(() => drawerWidth(page), { timeout: UI_TIMEOUT_MS }).toBe(240);
    await expect.poll(() => contentLeft(page), { timeout: UI_TIMEOUT_MS }).toBe(240);
    await mainNavigation(page).getByText('Gateways', { exact: true }).waitFor();
  });

  it('sends the root administrator from an unknown route to the customers list', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    await page.goto('/#/no/such/screen');
    await page.waitForURL(/#\/admin\/tenants$/);
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
  });

  it('opens the Users screen from the side navigation, listing the signed-in administrator', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const users = mainNavigation(page).getByRole('link', { name: 'Users', exact: true });
    await users.click();

    await page.waitForURL(/#\/cli\/portal_users\?scopeId=[^&]+$/);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('table', { name: 'Users' }).getByText(ROOT_EMAIL, { exact: true }).waitFor();
    expect(await users.getAttribute('aria-current')).toBe('page');
    expect(hashPath(page)).toBe('/cli/portal_users');
  });

  it('paints the app bar and primary buttons in the default primary colour #4190c7', async () => {
    const { page } = browser;
    await page.goto('/#/login');
    const signInButton = page.getByRole('button', { name: 'Sign In', exact: true });
    await signInButton.waitFor();
    expect(await signInButton.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      DEFAULT_PRIMARY_RGB,
    );

    await signInAsRoot(page);
    const appBar = page.getByRole('banner');
    expect(await appBar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      DEFAULT_PRIMARY_RGB,
    );
  });
});
