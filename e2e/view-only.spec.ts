import { ADMIN_PRESET } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { DEMO_CUSTOMER, scopeIdByName, signInAsNewUser } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 30, smaller items d: a screen a user may read but not change says so under its title ('View only: you
 * can look but not change ...'); a user who may change it reads no such notice.
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

/** Each screen, with what shows once its data is there (a notice would be drawn by then). */
const SCREENS: { route: string; heading: string; what: string; ready: (page: Page) => Locator }[] = [
  {
    route: '/cli/portal_users',
    heading: 'Users',
    what: 'users',
    ready: (page) => page.getByRole('table', { name: 'Users' }),
  },
  {
    route: '/cli/gateways/grid_view',
    heading: 'Gateways',
    what: 'gateways',
    ready: (page) => page.getByRole('article').first(),
  },
  {
    route: '/cli/alerts',
    heading: 'Alerts',
    what: 'alerts',
    ready: (page) => page.getByRole('table', { name: 'Sensor Alerts' }),
  },
  {
    route: '/cli/lock-users',
    heading: 'Lock Users',
    what: 'lock users',
    ready: (page) => page.getByRole('button', { name: 'Download CSV' }),
  },
];

const notice = (what: string) => `View only: you can look but not change ${what}.`;

async function openScreen(page: Page, screen: (typeof SCREENS)[number], scopeId: string): Promise<void> {
  await page.goto(`/#${screen.route}?scopeId=${scopeId}`);
  await page.getByRole('heading', { name: screen.heading, exact: true, level: 1 }).waitFor();
  await screen.ready(page).waitFor();
}

describe('View-only screens', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('tell a read-only user so, and nobody who may change them', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    const reader = await browser.otherPersonPage();
    await signInAsNewUser(page, reader, smtp, demo, [...ADMIN_PRESET], 'example.com');
    for (const screen of SCREENS) {
      await openScreen(reader, screen, demo);
      await reader
        .getByRole('note')
        .filter({ hasText: notice(screen.what) })
        .waitFor();
      await saveScreenshot(reader, `view-only ${screen.what} 1280`);
      await openScreen(page, screen, demo);
      expect(await page.getByText('View only:').count(), `${screen.what} for root`).toBe(0);
    }
  });
});
