import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, signIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 14.8: the idle sign-out warns a minute before with a way to stay, the login page says why, and
 * signing in leads back to the page the user was on (also for a deep link opened while signed out).
 */
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal('embedded');
});
afterAll(async () => {
  await portal?.stop();
});

const IDLE_MESSAGE =
  'You were signed out after 15 minutes without activity. Sign in to continue where you were.';

describe('Sessions', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('opens a deep link after signing in', async () => {
    const { page } = browser;
    await page.goto('/#/cli/portal_users');
    await page.waitForURL(/#\/login\?next=%2Fcli%2Fportal_users$/);
    await signIn(page);
    await page.waitForURL(/#\/cli\/portal_users$/);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
  });

  it('warns a minute before the idle sign-out, stays on request, then signs out and comes back', async () => {
    const { page } = browser;
    await page.clock.install();
    await signIn(page);
    await page.waitForURL(/#\/admin\/tenants$/);
    await page.goto('/#/global-search');
    await page.getByRole('heading', { name: /Global search/i }).waitFor();

    const warning = page.getByRole('dialog', { name: 'Still there?' });
    await page.clock.fastForward('13:59');
    expect(await warning.count()).toBe(0);
    await page.clock.fastForward('00:02');
    await warning.waitFor();
    expect(await warning.getByRole('timer').textContent()).toMatch(/signed out in \d+ seconds/);

    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'hidden' });
    await page.clock.fastForward('13:00');
    expect(hashPath(page)).toBe('/global-search');

    await page.clock.fastForward('01:01');
    await warning.waitFor();
    await page.clock.fastForward('01:01');
    await page.waitForURL(/#\/login\?reason=idle&next=%2Fglobal-search$/, { timeout: UI_TIMEOUT_MS });
    await page.getByText(IDLE_MESSAGE).waitFor();

    await signIn(page);
    await page.waitForURL(/#\/global-search$/);
  });

  it('counts activity in another tab of the browser, and an idle sign-out signs every tab out', async () => {
    const { page, context } = browser;
    await page.clock.install();
    await signIn(page);
    await page.waitForURL(/#\/admin\/tenants$/);
    await page.goto('/#/global-search');
    await page.getByRole('heading', { name: /Global search/i }).waitFor();
    // A second tab of the browser (the fake clock is the browser's: both tabs' time moves together).
    const second = await context.newPage();
    await second.goto('/#/admin/tenants');
    await second.getByRole('heading', { name: 'Customers' }).waitFor();

    // 13 minutes on, the user works in the second tab; 13 more, and the first, untouched for 26 minutes,
    // has not even warned: the idle time counts activity in any tab.
    const warning = page.getByRole('dialog', { name: 'Still there?' });
    await page.clock.fastForward('13:00');
    // Listen beside the app in the first tab, to move its clock on only once the news has arrived there.
    await page.evaluate(() => {
      const heard = new Promise<void>((resolve) => {
        const channel = new BroadcastChannel('portal.tabs');
        channel.onmessage = (event: MessageEvent<{ kind?: string }>) => {
          if (event.data.kind === 'active') resolve();
        };
      });
      Object.assign(window, { activityHeard: heard });
    });
    await second.mouse.move(20, 20);
    await second.mouse.move(200, 200);
    await page.evaluate(() => (window as unknown as { activityHeard: Promise<void> }).activityHeard);
    await page.clock.fastForward('13:00');
    expect(await warning.count()).toBe(0);
    expect(hashPath(page)).toBe('/global-search');

    // Nobody active anywhere: the first tab signs out, and the second goes with it, saying why.
    await page.clock.fastForward('15:01');
    await page.waitForURL(/#\/login\?reason=idle/, { timeout: UI_TIMEOUT_MS });
    await second.waitForURL(/#\/login\?reason=idle&next=%2Fadmin%2Ftenants$/, { timeout: UI_TIMEOUT_MS });
    await second.getByText(IDLE_MESSAGE).waitFor();
  });
});
