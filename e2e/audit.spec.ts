import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { seriousViolations } from './support/axe.ts';
import { saveScreenshot, signIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { ROOT_EMAIL, type RunningPortal, startPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

/**
 * docs/audit.md: root edits a mail template and receives the test mail, then finds the change in Activity; an
 * unlock reads in people's words, is found by searching 'unlock' and by the filters, with the raw row one click
 * away (issue 30), at 1440 and 360 px.
 */

/** Root signs in (argon2 on a busy machine can take longer than a UI step). */
async function signInAsRoot(page: Page): Promise<void> {
  await signIn(page);
  await page.waitForURL(/#\/admin\/tenants$/, { timeout: 6 * UI_TIMEOUT_MS });
}

/** The simulator takes 1.5 to 5 s a lock command; the answer then comes over MQTT. */
const RESULT_TIMEOUT_MS = 30_000;

let smtp: TestSmtp;
let portal: RunningPortal;
let gateways: SimulatedGateways;
beforeAll(async () => {
  smtp = await startSmtp();
  portal = await startPortal('embedded', { SMTP_URL: smtp.url });
  // A lock that does what it is told (no jams, refusals or radio range lost drawn at random).
  gateways = await startSimulatedGateways(portal, {
    name: 'Lockhouse',
    whitelist: '*',
    locks: { unreachableRate: 0, rejectRate: 0, jamRate: 0, openingsPerHour: 0, outOfRangePerHour: 0 },
  });
});
afterAll(async () => {
  await gateways?.stop();
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
    // In people's words; the raw row one click away for root.
    await page.getByLabel('Search activity').fill('e-mail template');
    const table = page.getByRole('table', { name: 'Activity' });
    const row = table
      .getByRole('row', { name: /Root Administrator created the e-mail template 'activation'/ })
      .first();
    await row.waitFor();
    expect(await row.innerText()).not.toContain('/api/');
    await row.getByRole('button', { name: 'Raw row' }).click();
    const raw = page.getByRole('group', {
      name: /^Raw row of: Root Administrator created the e-mail template/,
    });
    await raw.getByText('PUT /api/updateEmailTemplate').waitFor();
    expect(await raw.innerText()).toContain(ROOT_EMAIL);
    expect(await raw.innerText()).toContain('subject: — → Welcome {{firstName}} to {{portalName}}');
    await page.getByLabel('Person').fill('nobody-at-all');
    await page.getByText('No activity found.').waitFor();
    await page.getByLabel('Person').fill('');
    await row.waitFor();

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('Activity.csv');
  });

  it("tells an unlock in people's words, found by searching 'unlock' and by the filters, at 1440 and 360 px", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsRoot(page);
    await page.goto(`/#/cli/locks?scopeId=${gateways.scopeId}&macId=${gateways.macs[0]}`);
    const locks = page.getByRole('table', { name: 'Locks' });
    const lockRow = locks
      .getByRole('row')
      .filter({ hasNot: page.getByText('Out of range', { exact: true }) })
      .filter({ has: page.getByRole('button', { name: /^(Unlock|Lock) / }) })
      .first();
    await lockRow.waitFor({ timeout: RESULT_TIMEOUT_MS });
    const lock = (await lockRow.getByRole('rowheader').innerText()).trim();
    // A lock shown unlocked is locked first, so that the step under test is an unlock.
    for (const step of ['Lock', 'Unlock'] as const) {
      const toggle = lockRow.getByRole('button', { name: `${step} ${lock}`, exact: true });
      if (step === 'Lock' && !(await toggle.isVisible())) continue;
      await toggle.click();
      await page
        .getByText(`${lock} ${step === 'Lock' ? 'locked' : 'unlocked'}`, { exact: true })
        .first()
        .waitFor({ timeout: RESULT_TIMEOUT_MS });
    }
    const sentence = `Root Administrator unlocked ${lock} (gateway ${gateways.names[0]})`;

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    const table = page.getByRole('table', { name: 'Activity' });
    // The newest such row (a retried test unlocked once before).
    const row = table.getByRole('row', { name: sentence }).first();
    await found(page, 'q=unlock', () => page.getByLabel('Search activity').fill('unlock'));
    await row.waitFor();
    // Every row found says 'unlock'; none is the lock before it, nor the gateways created.
    expect(await activityTexts(page)).toEqual(expect.arrayContaining([expect.stringMatching(/unlock/i)]));
    for (const text of await activityTexts(page)) expect(text).toMatch(/unlock/i);
    await row.getByRole('button', { name: 'Raw row' }).click();
    const raw = page.getByRole('group', { name: `Raw row of: ${sentence}` });
    await raw.getByText('PUT /api/generic/create-instruction').waitFor();
    expect(await raw.innerText()).toContain('INSERT instructions');
    await saveScreenshot(page, 'activity 1440');
    expect(await raw.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Raw row' }).click();
    await raw.waitFor({ state: 'detached' });

    // The filters: the thing and the action, then a person who did nothing.
    await found(page, 'thing=lock', async () => {
      await page.getByLabel('Search activity').fill('');
      await choose(page, 'Thing', 'Lock');
    });
    await found(page, 'action=unlocked', () => choose(page, 'Action', 'Unlocked'));
    await found(page, `name=${encodeURIComponent(lock)}`, () => page.getByLabel('Named').fill(lock));
    await row.waitFor();
    for (const text of await activityTexts(page)) expect(text).toContain(`unlocked ${lock}`);
    await page.getByLabel('Person').fill('nobody-at-all');
    await page.getByText('No activity found.').waitFor();
    await page.getByLabel('Person').fill('Root');
    await row.waitFor();

    await page.setViewportSize({ width: 360, height: 740 });
    const cards = page.getByRole('list', { name: 'Activity' });
    const card = cards.getByRole('listitem').filter({ hasText: sentence }).first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Raw row' }).click();
    await card.getByText('PUT /api/generic/create-instruction').waitFor();
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'activity 360');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** Runs `change` and waits for the Activity list asked with `param` (the filters are debounced). */
async function found(page: Page, param: string, change: () => Promise<unknown>): Promise<void> {
  const response = page.waitForResponse(
    (r) => r.url().includes('/api/audit?') && r.url().includes(param) && r.status() === 200,
    { timeout: 3 * UI_TIMEOUT_MS },
  );
  await change();
  await response;
}

/** The sentences of the Activity table's rows. */
async function activityTexts(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Activity' }).locator('tbody tr td:nth-child(2)').allInnerTexts();
}

/** Picks `option` in the select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
