import { randomBytes } from 'node:crypto';
import { ADMIN_PRESET, type Permission } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import {
  hashPath,
  recordRefusedCalls,
  saveScreenshot,
  signIn,
  signInAsRoot,
  UI_TIMEOUT_MS,
  useBrowser,
} from './support/browser.ts';
import { DEMO_CUSTOMER, scopeIdByName, signInAsNewUser, USER_PASSWORD } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Spec 000 section 4: an answer 'Current user is not authorised to perform operations' (every 403) or a 401
 * signs the user out. So no screen may ask for what its user may not have: every screen of the app, opened
 * by its address as users of a few permission sets, makes no call the server refuses, and the user stays
 * signed in (a screen the user may not open sends them home without asking the server anything).
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

/** Every route of apps/web/src/app/routes/AppRoutes.tsx behind the sign-in. */
const SCREENS = [
  '/cli/dashboard',
  '/cli/UserDashboard',
  '/cli/globalDashboard',
  '/cli/gateways/list_view',
  '/cli/gateways/grid_view',
  '/cli/locks',
  '/cli/portal_users',
  '/cli/lock-users',
  '/cli/alerts',
  '/cli/incidents',
  '/cli/agent-config',
  '/cli/feedback',
  '/cli/activity',
  '/cli/api-keys',
  '/cli/webhooks',
  '/global-search',
  '/change-password',
  '/admin/tenants',
  '/upgrade-firmware',
  '/customer-firmware',
  '/update-OS',
  '/portal-config',
  '/theme-config',
  '/email-templates',
];

/** Resolves once nothing shows progress and no request of the page has been under way for `quietMs`. */
function watchRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  const busy = page.getByRole('progressbar');
  return async (quietMs = 400, maxMs = 10_000) => {
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline) {
      const quiet = inFlight <= 0 && Date.now() - lastChange >= quietMs;
      if (quiet && (await busy.count()) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

async function refusedCallsOf(page: Page, scopeId: string, profile: string): Promise<string[]> {
  const refused = recordRefusedCalls(page);
  const settled = watchRequests(page);
  for (const screen of SCREENS) {
    await page.goto(`/#${screen}?scopeId=${scopeId}`);
    await settled();
    expect(hashPath(page), `signed out at ${screen}: ${refused.join(', ')}`).not.toBe('/login');
    if (screen === '/cli/dashboard' || screen === '/cli/gateways/list_view')
      await saveScreenshot(page, `refused-calls ${profile} ${screen}`);
  }
  return refused;
}

describe('No screen asks for what its user may not have', () => {
  const browser = useBrowser(() => portal.baseUrl);
  const profiles: Array<[string, readonly Permission[]]> = [
    ['no permission beyond the defaults', []],
    ['devices read only', ['IOT_DEVICE_READ']],
    ['the read-only (Admin) preset', ADMIN_PRESET],
  ];

  it.each(profiles)(
    'a user with %s opens every screen without a refused call',
    async (profile, permissions) => {
      const { page: root } = browser;
      await signInAsRoot(root);
      const scopeId = await scopeIdByName(root, DEMO_CUSTOMER);
      const user = await browser.otherPersonPage();
      await signInAsNewUser(root, user, smtp, scopeId, [...permissions]);
      expect(await refusedCallsOf(user, scopeId, profile)).toEqual([]);
    },
  );

  it('a free-tier user (signed up) opens every screen without a refused call', async () => {
    const { page } = browser;
    const email = `free-${randomBytes(4).toString('hex')}@example.com`;
    const { scopeId: generalUsers } = (await (
      await page.request.get('/api/getGeneralUsersScopeId/')
    ).json()) as { scopeId: string };
    const signedUp = await page.request.post('/api/portalUserSignup', {
      data: { firstName: 'Fran', lastName: 'Free', email, scopeId: generalUsers },
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
    const details = (await (await page.request.get('/api/user-details')).json()) as {
      user: { scopeId: string };
    };
    expect(await refusedCallsOf(page, details.user.scopeId, 'free tier')).toEqual([]);
    // Its dashboard has no lock figures: the free tier has no Locks screen for them to open.
    await page.goto(`/#/cli/dashboard?scopeId=${details.user.scopeId}`);
    await page.getByRole('link', { name: 'Gateways: 0' }).waitFor();
    expect(await page.getByText('Locks with low battery').count()).toBe(0);
    expect(await page.getByText('Credentials not yet delivered').count()).toBe(0);
  });
});
