import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { DEMO_CUSTOMER, scopeIdByName } from './support/gateway-details.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';

/**
 * Issue 14.2: every screen fits every width without horizontal scrolling (screenshots at 360, 768, 1280 and
 * 1920 px); the side navigation is a drawer on phones, an 80 px rail to 1199 px and a 240 px list above.
 */
let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

const SCREENSHOT_WIDTHS = [360, 768, 1280, 1920];
const ALL_WIDTHS = [360, 600, 768, 1024, 1280, 1920];

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** The padding inside the screen's card (the Paper holding its heading). */
const cardPadding = (page: Page) =>
  page
    .getByRole('heading', { level: 1 })
    .first()
    .evaluate((heading) => {
      const card = heading.closest('.MuiPaper-root');
      return card ? getComputedStyle(card).paddingLeft : 'no card';
    });
const navWidth = (page: Page) =>
  page.evaluate(() => {
    const paper = document.querySelector('nav[aria-label="Main navigation"]')?.closest('.MuiDrawer-paper');
    const box = paper?.getBoundingClientRect();
    return box && box.right > 0 ? Math.round(box.width) : 0;
  });

describe('Layout', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('fits every screen at every width, signed out and as root', async () => {
    const { page } = browser;
    const signedOut = ['/login', '/login?mode=sign-up', '/login?mode=forgot-password'];
    for (const width of ALL_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of signedOut) {
        await page.goto(`/#${path}`);
        await page.getByRole('button').first().waitFor();
        expect(await horizontalOverflow(page), `${path} at ${width} px`).toBe(0);
      }
      if (SCREENSHOT_WIDTHS.includes(width)) await saveScreenshot(page, `layout ${width} sign-up`);
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/#/login');
    await signInAsRoot(page);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    const screens = [
      '/admin/tenants',
      `/cli/dashboard?scopeId=${demo}`,
      `/cli/gateways/grid_view?scopeId=${demo}`,
      `/cli/gateways/list_view?scopeId=${demo}`,
      `/cli/portal_users?scopeId=${demo}`,
      `/cli/alerts?scopeId=${demo}`,
      `/cli/incidents?scopeId=${demo}`,
      `/cli/agent-config?scopeId=${demo}`,
      '/global-search',
      '/change-password',
      '/theme-config',
      '/portal-config',
      '/upgrade-firmware',
    ];
    for (const width of ALL_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of screens) {
        await page.goto(`/#${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Screens that fill in after their heading are measured (and pictured) once their content is there.
        if (path.startsWith('/cli/gateways/grid')) await page.getByRole('article').first().waitFor();
        if (path.startsWith('/cli/dashboard'))
          await page.getByText('Connectivity', { exact: true }).waitFor();
        if (path.startsWith('/cli/gateways/list')) await page.getByRole('row').nth(1).waitFor();
        expect(await horizontalOverflow(page), `${path} at ${width} px`).toBe(0);
        // docs/ui.md: every screen's card alike, 16 px inside on phones and 24 px above.
        expect(await cardPadding(page), `card padding of ${path} at ${width} px`).toBe(
          width < 600 ? '16px' : '24px',
        );
        if (SCREENSHOT_WIDTHS.includes(width)) {
          await saveScreenshot(page, `layout ${width} ${path.split('?')[0]!.replaceAll('/', ' ').trim()}`);
        }
      }
    }
  });

  it('opens the navigation as a drawer on a phone, a rail on a tablet and a list on a desktop', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });

    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => navWidth(page), { timeout: UI_TIMEOUT_MS }).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => navWidth(page), { timeout: UI_TIMEOUT_MS }).toBe(240);
    // Choosing a screen closes the drawer.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users', exact: true })
      .click();
    await page.waitForURL(/#\/cli\/portal_users/);
    await expect.poll(() => navWidth(page), { timeout: UI_TIMEOUT_MS }).toBe(0);

    await page.setViewportSize({ width: 768, height: 800 });
    await expect.poll(() => navWidth(page), { timeout: UI_TIMEOUT_MS }).toBe(80);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => navWidth(page), { timeout: UI_TIMEOUT_MS }).toBe(240);
  });
});
