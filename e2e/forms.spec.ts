import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { seriousViolations } from './support/axe.ts';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 14 item 8, the forms: the Create/Update User panel's title above the top bar at every width, the
 * mobile number saying that its country is missing, 'Updating ...' going when the answer comes, and the
 * pages of the e-mailed password links (own title, branded, button enabled only for valid fields).
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

const WIDTHS = [360, 600, 768, 1024, 1280, 1920];
const PASSWORD = 'Secret12';
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

async function openUsers(page: Page): Promise<void> {
  await signInAsRoot(page);
  await page.goto('/#/cli/portal_users');
  await page.getByRole('heading', { name: 'Users' }).waitFor();
}

/** Whether the element's own text is what the page shows at its left and middle (nothing lies over it). */
const uncovered = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const points = [
      [box.left + 4, box.top + box.height / 2],
      [box.left + box.width / 2, box.top + box.height / 2],
    ];
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x ?? 0, y ?? 0);
      return hit !== null && node.contains(hit);
    });
  });

async function expectUncovered(element: Locator, what: string): Promise<void> {
  // The panel slides in; give the transition time, but a title under the top bar stays covered.
  const deadline = Date.now() + 2000;
  while (!(await uncovered(element))) {
    if (Date.now() > deadline) throw new Error(`${what} is covered`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The link of the newest unread mail to `email` whose path is `path` ('portal-user/reset-password'). */
async function mailedLink(email: string, path: string): Promise<string> {
  const mail = await smtp.waitForMessage(email, UI_TIMEOUT_MS);
  const link = mail.text.match(new RegExp(`https?://\\S+/#/${path}/[A-Za-z0-9_-]+`))?.[0];
  if (!link) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return link;
}

describe('Create/Update User panel', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('shows its title and actions above the top bar at every width from 360 to 1920 px', async () => {
    const { page } = browser;
    await openUsers(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByRole('button', { name: 'Add User' }).click();
      const panel = page.getByRole('dialog', { name: 'Create User' });
      await expectUncovered(panel.getByRole('heading', { name: 'Create User' }), `the title at ${width} px`);
      await expectUncovered(panel.getByLabel('First Name'), `First Name at ${width} px`);
      // The panel fits the width: nothing in it scrolls sideways.
      const overflow = await panel.evaluate((node) => node.scrollWidth - node.clientWidth);
      expect(overflow, `panel overflow at ${width} px`).toBeLessThanOrEqual(0);
      if (width === 360 || width === 1280) await saveScreenshot(page, `forms user panel ${width}`);
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await panel.waitFor({ state: 'hidden' });
    }
  });

  it('says the country is missing while a number is typed without one, and the server agrees', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 360, height: 800 });
    await openUsers(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const panel = page.getByRole('dialog', { name: 'Create User' });
    const createButton = panel.getByRole('button', { name: 'Create', exact: true });
    await panel.getByLabel('First Name').fill('Nora');
    await panel.getByLabel('Last Name').fill('Number');
    await panel.getByLabel('Email').fill(uniqueEmail('phone'));
    await panel.getByLabel('Mobile Number').fill('1512345678');
    await panel.getByText('Choose the country of the mobile number.', { exact: true }).waitFor();
    expect(await panel.getByText('Mobile Number is required.').count()).toBe(0);
    expect(await panel.getByLabel('Country').getAttribute('aria-invalid')).toBe('true');
    expect(await createButton.isEnabled()).toBe(false);
    await saveScreenshot(page, 'forms user panel 360 country missing');

    // The server says the same for the same body.
    const refused = await page.request.post('/api/createPortalUser', {
      data: {
        email: uniqueEmail('api'),
        firstName: 'Nora',
        lastName: 'Number',
        scopeId: await rootScopeId(page),
        permissions: [],
        phoneNumber: '1512345678',
      },
    });
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Choose the country of the mobile number.');

    // Choosing the country clears it; a code without a number keeps the spec's message.
    await panel.getByLabel('Country').fill('Germany');
    await page.getByRole('option', { name: /Germany \(\+49\)/ }).click();
    await panel.getByText('Choose the country of the mobile number.').waitFor({ state: 'hidden' });
    expect(await createButton.isEnabled()).toBe(true);
    await panel.getByLabel('Mobile Number').fill('');
    await panel.getByText('Mobile Number is required.', { exact: true }).waitFor();
    expect(await createButton.isEnabled()).toBe(false);
  });

  it("shows 'Updating ...' until the answer, and not beside 'Details updated successfully'", async () => {
    const { page } = browser;
    await openUsers(page);
    const email = uniqueEmail('update');
    const created = await page.request.post('/api/createPortalUser', {
      data: {
        email,
        firstName: 'Ulla',
        lastName: 'Update',
        scopeId: await rootScopeId(page),
        permissions: [],
      },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    const updating = page.getByText('Updating ...', { exact: true });
    const updated = page.getByText('Details updated successfully', { exact: true });
    const updateLastName = async (lastName: string) => {
      await page.getByRole('button', { name: /^Edit Ulla / }).click();
      const panel = page.getByRole('dialog', { name: 'Update User' });
      await panel.getByLabel('Last Name').fill(lastName);
      await panel.getByRole('button', { name: 'Update', exact: true }).click();
    };

    // A slow answer (3.5 s): the notice stays past a snackbar's 2 s, until the answer comes.
    await page.route('**/api/updatePortalUser', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3500));
      await route.continue();
    });
    await updateLastName('Slow');
    await updating.waitFor();
    await page.waitForTimeout(3000);
    expect(await updating.isVisible()).toBe(true);
    await updated.waitFor();
    await updating.waitFor({ state: 'hidden', timeout: 800 });
    await updated.waitFor({ state: 'hidden', timeout: 5000 });
    await page.unroute('**/api/updatePortalUser');

    // A quick answer: 'Updating ...' goes as the result shows, it does not sit beside it for 2 s.
    await updateLastName('Quick');
    await updated.waitFor();
    await updating.waitFor({ state: 'hidden', timeout: 800 });
    await saveScreenshot(page, 'forms user updated');
    expect(await updated.isVisible()).toBe(true);
  });
});

/** The root tenant's id, from the signed-in user's details. */
async function rootScopeId(page: Page): Promise<string> {
  const response = await page.request.get('/api/user-details');
  const body = await response.json();
  return body.user.scopeId as string;
}

describe('Pages of the e-mailed password links', () => {
  const browser = useBrowser(() => portal.baseUrl);

  /** Checks the form's button against the rule and leaves both fields valid. */
  async function checkButton(page: Page, name: string): Promise<void> {
    const button = page.getByRole('button', { name, exact: true });
    const password = page.getByLabel('New Password');
    const confirm = page.getByLabel('Confirm Password');
    expect(await button.isEnabled()).toBe(false);
    for (const [first, second] of [
      ['abc1', 'abc1'], // 4 characters
      ['abcde', 'abcde'], // no digit
      ['abc1$', 'abc1$'], // a special character the rule does not allow
      [PASSWORD, `${PASSWORD}x`], // the confirmation differs
    ] as const) {
      await password.fill(first);
      await confirm.fill(second);
      expect(await button.isEnabled(), `${first} / ${second}`).toBe(false);
    }
    await confirm.fill(PASSWORD);
    expect(await button.isEnabled()).toBe(true);
  }

  it('gives the first password its own title and the product branding, and enables Set Password only for valid fields', async () => {
    const { page, context } = browser;
    await signInAsRoot(page);
    const email = uniqueEmail('first');
    const created = await page.request.post('/api/createPortalUser', {
      data: {
        email,
        firstName: 'Fiona',
        lastName: 'First',
        scopeId: await rootScopeId(page),
        permissions: [],
      },
    });
    expect(created.status()).toBe(201);
    const visitor = await context.browser()!.newContext({ baseURL: portal.baseUrl });
    try {
      const guest = await visitor.newPage();
      await guest.setViewportSize({ width: 360, height: 800 });
      await guest.goto(await mailedLink(email, 'portal-user/reset-password'));
      await guest.getByRole('heading', { name: 'Set Your Password', level: 1 }).waitFor();
      expect(await guest.getByRole('heading', { name: 'Reset Password' }).count()).toBe(0);
      expect(await guest.title()).toBe('Set Your Password · IoT Portal');
      await guest.getByRole('region', { name: 'About the portal' }).getByText('IoT Portal').waitFor();
      await saveScreenshot(guest, 'forms set password 360');
      await checkButton(guest, 'Set Password');
      expect(await seriousViolations(guest)).toEqual([]);
      await guest.setViewportSize({ width: 1280, height: 800 });
      await saveScreenshot(guest, 'forms set password 1280');
      await guest.getByRole('button', { name: 'Set Password' }).click();
      await guest.getByText('Password has been set successfully. Please sign in.').waitFor();

      // A forgotten password: the reset link's page says Reset Password, branded, by the same rule.
      const asked = await guest.request.post('/api/forgotPassword', { data: { email } });
      expect(asked.status()).toBe(200);
      await guest.goto(await mailedLink(email, 'reset-password'));
      await guest.getByRole('heading', { name: 'Reset Password', level: 1 }).waitFor();
      await guest.getByRole('region', { name: 'About the portal' }).waitFor();
      await checkButton(guest, 'Reset Password');
      await guest.waitForTimeout(400); // the button's colour change has a transition
      await saveScreenshot(guest, 'forms reset password 1280');
      await guest.getByRole('button', { name: 'Reset Password' }).click();
      await guest.getByText('Password has been set successfully. Please sign in.').waitFor();
    } finally {
      await visitor.close();
    }
  });
});
