import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { createCustomer, DEMO_CUSTOMER, scopeIdByName } from './support/gateway-details.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';

/**
 * Issue 30: the portal follows the operating system's light or dark theme, and Appearance in the account menu
 * chooses one for this browser. axe-core finds no serious violation on any screen in either theme; screenshots
 * of each at 1440 and 360 px are kept (e2e/artifacts/dark-mode {theme} {width} {screen}.png).
 */
let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

type Scheme = 'light' | 'dark';
const WIDTHS = [1440, 360];
/** The pages' background in each theme: the light theme's grey-blue, MUI's dark grey. */
const PAGE_BACKGROUND: Record<Scheme, string> = { light: 'rgb(245, 247, 250)', dark: 'rgb(18, 18, 18)' };
/** The demo customer and the root tenant have the default primary colour, #4190c7: the app bar keeps it in both themes. */
const TENANT_PRIMARY = 'rgb(65, 144, 199)';
const CHART_TIMEOUT_MS = 3 * UI_TIMEOUT_MS;

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const appBarBackground = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('header.MuiAppBar-root');
    return bar ? getComputedStyle(bar).backgroundColor : 'no app bar';
  });

/** Time for one screen: shown, checked by axe-core in two themes, pictured at two widths (a loaded 2-core machine). */
const SCREEN_MS = 50_000;

/** Until the page has drawn twice more: what a resize changes (media queries, React's answer to them) is on screen. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Opens a hash route afresh (loaded again when already there) and waits for its level-1 heading. */
async function openScreen(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).hash === `#${path}`) await page.reload();
  else await page.goto(`/#${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/**
 * Root's own dashboards (/cli/globalDashboard, /cli/UserDashboard) belong to the root tenant: opened from the
 * customers list, which views it again (after a customer's screen they would lead home).
 */
async function openRootScreen(page: Page, path: string): Promise<void> {
  await openScreen(page, '/admin/tenants');
  await openScreen(page, path);
}

interface Screen {
  name: string;
  /** Opens the screen (for the demo customer, whose id is `customer`) and waits until it is drawn. */
  show: (page: Page, customer: string) => Promise<void>;
  signedIn: boolean;
  /** Parts axe-core leaves out (CSS selectors). */
  axeExclude?: string[];
}

/** A screen of the demo customer's (`/cli/...?scopeId=`) or of the root user's own (`/admin/tenants`, ...). */
const route = (name: string, hashRoute: string, axeExclude?: string[]): Screen => ({
  name,
  signedIn: true,
  axeExclude,
  show: (page, customer) =>
    openScreen(page, hashRoute.startsWith('/cli/') ? `${hashRoute}?scopeId=${customer}` : hashRoute),
});

const signedOut = (name: string, hashRoute: string): Screen => ({
  name,
  signedIn: false,
  show: async (page) => {
    await page.goto(`/#${hashRoute}`);
    await page.getByRole('button').first().waitFor();
  },
});

/** A customer without gateways (made by the first test that shows it): the empty state's simulator help. */
let emptyCustomer: string | undefined;

/** Every screen, in groups of a test each (a failed test runs once more: the smaller, the cheaper). */
const SCREEN_GROUPS: Screen[][] = [
  [
    signedOut('sign-in', '/login'),
    signedOut('sign-up', '/login?mode=sign-up'),
    signedOut('forgot-password', '/login?mode=forgot-password'),
  ],
  [
    route('dashboard', '/cli/dashboard'),
    route('gateways grid', '/cli/gateways/grid_view'),
    route('gateways list', '/cli/gateways/list_view'),
    route('locks', '/cli/locks'),
    route('users', '/cli/portal_users'),
  ],
  [
    route('lock users', '/cli/lock-users'),
    route('alerts', '/cli/alerts'),
    route('incidents', '/cli/incidents'),
    route('agent config', '/cli/agent-config'),
    route('feedback', '/cli/feedback'),
    route('activity', '/cli/activity'),
  ],
  [route('API keys', '/cli/api-keys'), route('webhooks', '/cli/webhooks')],
  [
    route('customers', '/admin/tenants'),
    route('global search', '/global-search'),
    route('change password', '/change-password'),
    route('gateway firmware', '/upgrade-firmware'),
    route('customer firmware', '/customer-firmware'),
  ],
  [
    route('gateway OS', '/update-OS'),
    route('portal configuration', '/portal-config'),
    route('theme configuration', '/theme-config'),
    // The preview is the mail itself, in a sandboxed frame (no script runs there: axe-core waited on it for
    // minutes at times); the mail's HTML is the template author's, not the portal's.
    route('e-mail templates', '/email-templates', ['iframe[title="Mail preview"]']),
  ],
  [
    {
      name: 'sensor charts',
      signedIn: true,
      show: async (page, customer) => {
        await openScreen(page, `/cli/gateways/grid_view?scopeId=${customer}`);
        await page
          .getByRole('article', { name: 'Demo Gateway 1' })
          .getByRole('button', { name: 'Maximise' })
          .click();
        const co2 = page
          .getByRole('region', { name: 'Sensor graphs of Demo Gateway 1' })
          .getByRole('figure', { name: 'CO2 (ppm)', exact: true });
        await expect.poll(() => co2.getAttribute('data-points'), { timeout: CHART_TIMEOUT_MS }).not.toBe('0');
      },
    },
    {
      name: 'gateways none yet',
      signedIn: true,
      show: async (page) => {
        emptyCustomer ??= await createCustomer(page, `Dark ${randomBytes(3).toString('hex')}`);
        await openScreen(page, `/cli/gateways/grid_view?scopeId=${emptyCustomer}`);
        await page.getByLabel('Simulator commands').waitFor();
      },
    },
    {
      name: 'global dashboard map',
      signedIn: true,
      show: async (page) => {
        await openRootScreen(page, '/cli/globalDashboard');
        // The page's figures and its map's code come side by side: longer than a click's wait on a loaded machine.
        const map = page.getByRole('region', { name: 'Locations map' });
        await map.scrollIntoViewIfNeeded({ timeout: CHART_TIMEOUT_MS });
        await map
          .getByRole('button', { name: /^\d+ gateways: \d+ online, \d+ offline$/ })
          .first()
          .waitFor({ timeout: CHART_TIMEOUT_MS });
      },
    },
    {
      name: 'graph generator',
      signedIn: true,
      show: async (page) => {
        await openRootScreen(page, '/cli/UserDashboard');
        await page
          .getByRole('textbox', { name: 'What do you want to see?' })
          .fill('hourly average CO2 of Demo Gateway 1 in the last 6 hours');
        await page.getByRole('button', { name: 'Generate' }).click();
        await page
          .getByRole('figure', { name: 'CO2 (ppm) · Demo Gateway 1' })
          .waitFor({ timeout: CHART_TIMEOUT_MS });
      },
    },
    {
      name: 'account menu',
      signedIn: true,
      show: async (page) => {
        await openScreen(page, '/admin/tenants');
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitem', { name: /^Appearance/ }).click();
        await page.getByRole('menuitemradio', { name: 'System' }).waitFor();
      },
    },
  ],
];

/**
 * Each screen is opened once, in the dark theme (the first drawing dark, as for a user whose system is dark), then
 * the system turns light under it, as a user's evening-to-morning switch would: the portal follows without a
 * reload. Each theme is checked at 1440 px (axe-core, a screenshot), then at 360 px (a screenshot).
 */
const SCHEMES: Scheme[] = ['dark', 'light'];

describe("The dark and the light theme, as the system's", () => {
  const browser = useBrowser(() => portal.baseUrl);

  for (const screens of SCREEN_GROUPS) {
    const names = screens.map((screen) => screen.name).join(', ');
    it(`reads on ${names}`, { timeout: screens.length * SCREEN_MS + 30_000 }, async () => {
      const { page } = browser;
      // Appearance is left at System: the emulated system decides.
      await page.emulateMedia({ colorScheme: SCHEMES[0] });
      await page.goto('/#/login');
      let customer = '';
      if (screens.some((screen) => screen.signedIn)) {
        await signInAsRoot(page);
        customer = await scopeIdByName(page, DEMO_CUSTOMER);
      }
      for (const screen of screens) {
        await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
        await page.emulateMedia({ colorScheme: SCHEMES[0] });
        await screen.show(page, customer);
        // Shown at 1440 px in each theme: axe-core and a screenshot; then the window narrowed to 360 px, as a
        // user resizing it would (the screen follows without a reload): a screenshot in each theme.
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          for (const scheme of SCHEMES) {
            await page.emulateMedia({ colorScheme: scheme });
            await expect
              .poll(() => pageBackground(page), { message: `${screen.name} at ${width} px, ${scheme}` })
              .toBe(PAGE_BACKGROUND[scheme]);
            await nextFrames(page);
            if (screen.signedIn) expect(await appBarBackground(page)).toBe(TENANT_PRIMARY);
            if (width === WIDTHS[0])
              await expectAccessible(page, `${screen.name}, ${scheme}`, screen.axeExclude);
            await saveScreenshot(page, `dark-mode ${scheme} ${width} ${screen.name}`);
          }
        }
      }
    });
  }
});

describe('Appearance in the account menu', () => {
  const browser = useBrowser(() => portal.baseUrl);

  const choose = async (page: Page, label: 'System' | 'Light' | 'Dark') => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /^Appearance/ }).click();
    await page.getByRole('menuitemradio', { name: label }).click();
    await page.keyboard.press('Escape');
  };

  it('chooses Dark or Light over the system, remembered after a reload and a new sign-in, and System follows it again', async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: 'light' });
    await signInAsRoot(page);
    expect(await pageBackground(page)).toBe(PAGE_BACKGROUND.light);

    await choose(page, 'Dark');
    await expect.poll(() => pageBackground(page)).toBe(PAGE_BACKGROUND.dark);
    expect(await appBarBackground(page)).toBe(TENANT_PRIMARY);
    await page.reload();
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    expect(await pageBackground(page)).toBe(PAGE_BACKGROUND.dark);
    // The menu shows the choice.
    await page.getByRole('button', { name: 'Account menu' }).click();
    expect(await page.getByRole('menuitem', { name: /^Appearance/ }).innerText()).toMatch(
      /Appearance\s+Dark/,
    );
    await page.keyboard.press('Escape');

    // The choice is the browser's: it holds signed out and for the next sign-in.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/#\/login/);
    expect(await pageBackground(page)).toBe(PAGE_BACKGROUND.dark);
    await signInAsRoot(page);

    // Light over a dark system.
    await page.emulateMedia({ colorScheme: 'dark' });
    await choose(page, 'Light');
    await expect.poll(() => pageBackground(page)).toBe(PAGE_BACKGROUND.light);
    await page.reload();
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    expect(await pageBackground(page)).toBe(PAGE_BACKGROUND.light);

    // System follows the system again, and its changes as they happen.
    await choose(page, 'System');
    await expect.poll(() => pageBackground(page)).toBe(PAGE_BACKGROUND.dark);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => pageBackground(page)).toBe(PAGE_BACKGROUND.light);
    await saveScreenshot(page, 'dark-mode appearance system');
  });
});
