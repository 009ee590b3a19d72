import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { saveScreenshot, signIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { ROOT_EMAIL, type RunningPortal, startPortal } from './support/portal.ts';

/** Spec 002 sections 2, 7, 8: the Feedback screen, as root writes feedback with formatting. */
/** Root signs in (argon2 on a busy machine can take longer than a UI step). */
async function signInAsRoot(page: Page): Promise<void> {
  await signIn(page);
  await page.waitForURL(/#\/admin\/tenants$/, { timeout: 6 * UI_TIMEOUT_MS });
}

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

describe('feedback', () => {
  const session = useBrowser(() => portal.baseUrl);

  it('submits formatted feedback, shows it received newest first, and mails it to the support address', async () => {
    const { page } = session;
    await signInAsRoot(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Feedback' })
      .click();
    await page.getByRole('heading', { name: 'Feedback', exact: true }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    const editor = page.getByRole('textbox', { name: 'Feedback' });
    await editor.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    // Spaces only: still no text.
    await editor.click();
    await page.keyboard.type('   ');
    expect(await submit.isDisabled()).toBe(true);

    const bold = page.getByRole('button', { name: 'Bold' });
    await bold.click();
    await page.keyboard.type('Doors');
    await page.locator('strong', { hasText: 'Doors' }).waitFor();
    await bold.click();
    await page.getByRole('button', { name: 'Bold', pressed: false }).waitFor();
    await page.keyboard.type(' stay <script>alert(1)</script> locked');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('first point');
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText('Successfully submitted feedback').waitFor();
    expect((await editor.innerText()).trim()).toBe('');
    expect(await submit.isDisabled()).toBe(true);

    const received = page.getByRole('list', { name: 'Feedback received' });
    await received.getByText('first point').waitFor();
    expect(await received.locator('strong', { hasText: 'Doors' }).count()).toBe(1);
    expect(await received.locator('ul li', { hasText: 'first point' }).count()).toBe(1);
    // What was typed as text stays text: shown, never run.
    await received.getByText('<script>alert(1)</script>', { exact: false }).waitFor();
    expect(await received.locator('script').count()).toBe(0);
    await saveScreenshot(page, 'feedback 1280');

    const mail = await smtp.waitForMessage(ROOT_EMAIL, UI_TIMEOUT_MS);
    expect(mail.subject).toBe(`Feedback from ${ROOT_EMAIL}`);
    expect(mail.text).toContain('Doors stay');
    expect(mail.html).toContain('<strong>Doors</strong>');

    await page.setViewportSize({ width: 360, height: 740 });
    await received.getByText('first point').waitFor();
    await saveScreenshot(page, 'feedback 360');
  });
});
