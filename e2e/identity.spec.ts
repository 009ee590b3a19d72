import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totpAt, totpStep } from '../apps/server/src/lib/totp.ts';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { hashPath, signIn, signInAsRoot, signOut, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 3's journey: sign-up with the mailed set-password link; a portal user created on the Users screen
 * who turns on two-factor authentication, is asked for the code at the next sign-in, and with 'Trust this
 * device' is not asked again. Mails go over real SMTP to a server this spec starts.
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

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;
const NEW_PASSWORD = 'Secret12';

/** The link a mail carries (the portal builds it from its own address). */
async function mailedLink(email: string, path: string): Promise<string> {
  const mail = await smtp.waitForMessage(email, 3 * UI_TIMEOUT_MS);
  const link = mail.text.match(new RegExp(`https?://\\S+/#/${path}/[A-Za-z0-9_-]+`))?.[0];
  if (!link) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return link;
}

async function setPasswordFromLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.getByText('Password has been set successfully. Please sign in.').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/#\/login/);
}

async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

/** The current code of a base32 secret, at a time step later than `after` (a code is accepted once). */
async function codeAfter(secret: string, after: number): Promise<{ code: string; step: number }> {
  while (totpStep(Date.now()) <= after) await new Promise((resolve) => setTimeout(resolve, 250));
  const step = totpStep(Date.now());
  return { code: totpAt(base32Decode(secret), step), step };
}

describe('Sign-up', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('creates the account, mails the set-password link, and the new password signs in', async () => {
    const { page } = browser;
    const email = uniqueEmail('signup');
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    const signUp = form.getByRole('button', { name: 'Sign Up', exact: true });
    expect(await signUp.isEnabled()).toBe(false);

    await form.getByLabel('First name').fill('  Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email').fill(email.toUpperCase());
    await form.getByLabel('Phone number').fill('123456');
    await form.getByText('Enter valid mobile number.').waitFor();
    expect(await signUp.isEnabled()).toBe(false);
    await form.getByLabel('Phone number').fill('1512345678');
    await signUp.click();
    // A sign-up creates the free-tier customer, its user and the mail in one go: slower than a screen.
    await page
      .getByText('Your account has been created. A link to set your password has been sent to your email.')
      .waitFor({ timeout: 3 * UI_TIMEOUT_MS });

    const link = await mailedLink(email, 'portal-user/reset-password');
    await setPasswordFromLink(page, link);

    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL(/#\/cli\//);
    await openAccountMenu(page);
    await page.getByText(email, { exact: true }).waitFor();
    // The free-tier scope: no two-factor switch, but the account can be removed.
    expect(await page.getByRole('switch', { name: 'Two-Factor Authentication' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Remove your account' }).waitFor();
  });

  it("answers 'This user already exists!' when the address signs up again", async () => {
    const { page } = browser;
    const email = uniqueEmail('twice');
    const signUp = async () => {
      await page.goto('/#/login?mode=sign-up');
      const form = page.getByRole('form', { name: 'Sign up' });
      await form.getByLabel('First name').fill('Twice');
      await form.getByLabel('Last name').fill('Over');
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    };
    await signUp();
    await page
      .getByText('Your account has been created. A link to set your password has been sent to your email.')
      .waitFor();
    // The page reloads at sign-in 4 s later.
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor({ timeout: 8000 });

    await signUp();
    await page.getByText('This user already exists!', { exact: true }).waitFor();
  });
});

describe('Two-factor authentication and trusted devices', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('asks for the code after 2FA is on, refuses a wrong one for 3 s, trusts the device for later, and switches off only with the password', async () => {
    const { page, context } = browser;
    const email = uniqueEmail('staff');

    // The root administrator adds a portal user on the Users screen; the user is mailed a link.
    await signInAsRoot(page);
    await page.goto('/#/cli/portal_users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    const panel = page.getByRole('dialog', { name: 'Create User' });
    await panel.getByLabel('First Name').fill('Ada');
    await panel.getByLabel('Last Name').fill('Lovelace');
    await panel.getByLabel('Email').fill(email);
    await panel.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('User successfully added').waitFor();
    await page.getByRole('table', { name: 'Users' }).getByText(email).waitFor();
    await signOut(page);

    // The user sets a password from the mail and signs in: no code yet.
    await setPasswordFromLink(page, await mailedLink(email, 'portal-user/reset-password'));
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL(/#\/cli\/dashboard/);

    // Turning 2FA on: the QR dialog gives the secret; a code from it verifies.
    await openAccountMenu(page);
    const toggle = page.getByRole('switch', { name: 'Two-Factor Authentication' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    const setup = page.getByRole('dialog', { name: 'Set up Two-Factor Authentication' });
    await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await setup.locator('code').innerText()).replace(/\s+/g, '');
    const enabling = await codeAfter(secret, 0);
    await setup.getByLabel('Authentication code').fill(enabling.code);
    await setup.getByRole('button', { name: 'Verify' }).click();
    await setup.getByText('Code has been Verified Successfully.').waitFor();
    await setup.waitFor({ state: 'hidden', timeout: 8000 });
    expect(
      await page
        .getByRole('switch', { name: 'Two-Factor Authentication', includeHidden: true })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await page.keyboard.press('Escape');
    await signOut(page);

    // Next sign-in, this time trusting the device: the code is asked for.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('checkbox', { name: 'Trust this device' }).check();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const codeForm = page.getByRole('form', { name: 'Authenticator code' });
    const verify = codeForm.getByRole('button', { name: 'Verify' });
    await codeForm.getByLabel('Authentication code').fill('12345');
    expect(await verify.isEnabled()).toBe(false);

    const right = await codeAfter(secret, enabling.step);
    const wrong = String((Number(right.code) + 1) % 1_000_000).padStart(6, '0');
    await codeForm.getByLabel('Authentication code').fill(wrong);
    await verify.click();
    const incorrect = page.getByText('You have entered an Incorrect code.', { exact: true });
    await incorrect.waitFor();
    await page.waitForTimeout(2000);
    expect(await incorrect.isVisible()).toBe(true);
    await incorrect.waitFor({ state: 'hidden', timeout: 3000 });
    expect(hashPath(page)).toBe('/login');

    const current = await codeAfter(secret, enabling.step);
    await codeForm.getByLabel('Authentication code').fill(current.code);
    await verify.click();
    await page.waitForURL(/#\/cli\/dashboard/);

    // The trusted device skips the code next time.
    await signOut(page);
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL(/#\/cli\/dashboard/);

    // Another browser (not trusted) is still asked for the code.
    const other = await context.browser()!.newContext({ baseURL: portal.baseUrl });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto('/#/login');
      await signIn(otherPage, email, NEW_PASSWORD);
      await otherPage.getByRole('form', { name: 'Authenticator code' }).waitFor();
    } finally {
      await other.close();
    }

    // Switching 2FA off needs more than the session: Yes waits for a code or the password; a wrong one shows.
    await openAccountMenu(page);
    await page.getByRole('switch', { name: 'Two-Factor Authentication' }).click();
    const disable = page.getByRole('dialog', { name: 'Disable Two-Factor Authentication' });
    const yes = disable.getByRole('button', { name: 'Yes' });
    await disable.getByLabel('Authentication code').waitFor();
    expect(await yes.isEnabled()).toBe(false);
    await disable.getByRole('button', { name: 'Use your password instead' }).click();
    await disable.getByLabel('Your password').fill('Wrong1');
    await yes.click();
    await disable.getByText('Your password is incorrect.').waitFor();
    await disable.getByLabel('Your password').fill(NEW_PASSWORD);
    await yes.click();
    await page.getByText('Successfully Disabled 2 factor-authentication').waitFor();
    await disable.waitFor({ state: 'hidden' });
    expect(
      await page
        .getByRole('switch', { name: 'Two-Factor Authentication', includeHidden: true })
        .getAttribute('aria-checked'),
    ).toBe('false');
  });
});

describe('Remove your account', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it("says 'User successfully removed' once and opens /logout 3 s after the removal", async () => {
    const { page } = browser;
    const email = uniqueEmail('leaving');
    await page.goto('/#/login?mode=sign-up');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First name').fill('Lea');
    await form.getByLabel('Last name').fill('Ving');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await setPasswordFromLink(page, await mailedLink(email, 'portal-user/reset-password'));
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL(/#\/cli\//);

    // Every route the tab shows from now on.
    const routes: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) routes.push(hashPath(page));
    });
    // How long after the removal's answer the tab left the signed-in screens, by the page's own clock (the test's
    // hears of the answer and of the navigation each a moment late, by different amounts). The router replaces
    // the history entry.
    await page.evaluate(() => {
      const replace = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History['replaceState']>) => {
        replace(...args);
        const answered = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.includes('/api/remove-your-account/')) as PerformanceResourceTiming;
        if (!location.hash.startsWith('#/cli/') && answered && !sessionStorage.getItem('e2e.leftAfter'))
          sessionStorage.setItem('e2e.leftAfter', String(performance.now() - answered.responseEnd));
      };
    });
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Remove your account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your account' });
    const [removal] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/remove-your-account/'), {
        timeout: 30_000,
      }),
      dialog.getByRole('button', { name: 'Remove' }).click(),
    ]);
    expect(removal.status()).toBe(200);
    await page.getByText('User successfully removed').first().waitFor();
    // A snackbar and the dialog's message would both be drawn by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const messages = await page.getByText('User successfully removed').count();

    await page.waitForURL(/#\/login/, { timeout: 8000 });
    expect(routes.find((path) => !path.startsWith('/cli/'))).toBe('/logout');
    const after = Number(await page.evaluate(() => sessionStorage.getItem('e2e.leftAfter')));
    expect(after).toBeGreaterThanOrEqual(3000);
    expect(after).toBeLessThan(5000);
    expect(messages).toBe(1);
    // The account is gone: its password signs in no more.
    await signIn(page, email, NEW_PASSWORD);
    await page.getByText('Invalid Username or Password').waitFor();
  });
});
