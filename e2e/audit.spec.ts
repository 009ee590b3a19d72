import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { saveScreenshot, signIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { ROOT_EMAIL, type RunningPortal, startPortal } from './support/portal.ts';

/** docs/audit.md: root edits a mail template and receives the test mail, then finds the change in Activity. */
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

describe('e-mail templates and the Activity screen', () => {
  const session = useBrowser(() => portal.baseUrl);

  it('edits a template with a live preview, sends the test mail, and finds the change in Activity', async () => {
    const { page } = session;
    await signInAsRoot(page);
    await page
      .getByRole('button', { name: /account/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'E-mail Templates' }).click();
    await page.getByRole('heading', { name: 'E-mail Templates' }).waitFor();

    const subject = page.getByLabel('Subject');
    await subject.fill('Welcome {{firstName}} to {{portalName}}');
    await page.getByText('Welcome Alex to IoT Portal').waitFor();
    // An unknown placeholder is refused in the form: nothing to save.
    const body = page.getByLabel('Body (HTML)');
    await body.fill('<p>Hello {{firstName}}, {{password}}</p>');
    await page.getByText('Unknown placeholder: {{password}}').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await body.fill('<p>Hello {{firstName}}, open <a href="{{link}}">your link</a>.</p>');
    const preview = page.frameLocator('iframe[title="Mail preview"]');
    await preview.getByText('your link').waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Email template updated').waitFor();
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText(`Test mail sent to ${ROOT_EMAIL}`).waitFor();
    const mail = await smtp.waitForMessage(ROOT_EMAIL, UI_TIMEOUT_MS);
    expect(mail.subject).toBe('Welcome Root to IoT Portal');
    expect(mail.text).toContain('your link');
    await saveScreenshot(page, 'email templates 1280');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await page.getByLabel('What (action or record)').fill('updateEmailTemplate');
    const table = page.getByRole('table', { name: 'Activity' });
    const row = table.getByRole('row', { name: /PUT \/api\/updateEmailTemplate/ }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain(ROOT_EMAIL);
    expect(await row.innerText()).toContain('subject: — → Welcome {{firstName}} to {{portalName}}');
    await page.getByLabel('Who (e-mail)').fill('nobody-at-all');
    await page.getByText('No activity found.').waitFor();
    await page.getByLabel('Who (e-mail)').fill('');
    await row.waitFor();

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('Activity.csv');
    await saveScreenshot(page, 'activity 1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await saveScreenshot(page, 'activity 360');
  });
});
