import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { LOCK_USERS_CSV_COLUMNS } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { seriousViolations } from './support/axe.ts';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import {
  createCustomer,
  DEMO_CUSTOMER,
  scopeIdByName,
  seeText,
  signInAsNewUser,
} from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 15 points 1-2 (web): the Lock Users screen (spec 002 sections 2, 4, 5, 8; docs/ui.md 'Locks and lock
 * users'): the form's rules before the server is asked, create, edit with a card replaced after confirmation,
 * a card conflict, delete; another customer's user sees none of it. At 1280 and 360 px.
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

/** Waits for running transitions (a dialog fading in, a panel sliding in) before a screenshot. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function openLockUsers(page: Page, scopeId: string): Promise<void> {
  await page.goto(`/#/cli/lock-users?scopeId=${scopeId}`);
  await page.getByRole('heading', { name: 'Lock Users', level: 1 }).waitFor();
}

describe('Lock Users screen', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('checks the form, creates, edits (card replaced after confirmation), refuses a taken card and deletes', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    const suffix = randomBytes(3).toString('hex');
    const email = `ada-${suffix}@example.com`;
    const watcherContext = await page.context().browser()!.newContext({ baseURL: portal.baseUrl });
    const watcher = await watcherContext.newPage();
    await signInAsRoot(watcher);
    await openLockUsers(watcher, demo);
    await openLockUsers(page, demo);
    await expect
      .poll(() => page.title(), { timeout: 10_000 })
      .toBe(`Lock Users · ${DEMO_CUSTOMER} · IoT Portal`);
    // The side navigation leads here.
    await page.getByRole('link', { name: 'Lock Users' }).first().waitFor();
    await page.getByText('No lock users yet.', { exact: false }).first().waitFor();
    await settled(page);
    await saveScreenshot(page, 'lock-users empty 1280');

    // Create: bad input first, every rule shown before the server is asked.
    await page.getByRole('button', { name: 'Add Lock User' }).click();
    const create = page.getByRole('dialog', { name: 'Create Lock User' });
    const createButton = create.getByRole('button', { name: 'Create', exact: true });
    await create.getByLabel('First Name').fill('Ada');
    await create.getByText('3/20').waitFor();
    await create.getByLabel('First Name').fill('');
    await create.getByText('First Name is required.').waitFor();
    await create.getByLabel('First Name').fill('  Ada');
    expect(await create.getByLabel('First Name').inputValue()).toBe('Ada'); // leading spaces go
    await create.getByLabel('Last Name').fill('Lovelace');
    await create.getByLabel('Email').fill('not-an-email');
    expect(await createButton.isEnabled()).toBe(false);
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Employee Id').fill('E'.repeat(25));
    expect(await create.getByLabel('Employee Id').inputValue()).toHaveLength(20); // stops at 20
    await create.getByText('20/20').first().waitFor();
    await create.getByLabel('Mobile No').fill('12345');
    await create.getByText('Mobile No accepted format +CountryCodeMobileNo (12345)').waitFor();
    expect(await createButton.isEnabled()).toBe(false);
    await create.getByLabel('Mobile No').fill('+491512345678');
    await create.getByLabel('Card ID').fill('XYZ');
    await create.getByText('Invalid card id').waitFor();
    expect(await createButton.isEnabled()).toBe(false);
    await settled(page);
    await saveScreenshot(page, 'lock-users create bad input 1280');
    await create.getByLabel('Card ID').fill('abcdef0123');
    expect(await createButton.isEnabled()).toBe(true);
    await createButton.click();
    await seeText(page, 'User successfully added');
    // Another browser on the same list sees the new user without a reload (the lockUsers channel).
    await watcher.getByRole('table', { name: 'Lock Users' }).getByText(email, { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Lock Users' });
    const row = table.getByRole('row', { name: 'Ada Lovelace' });
    await row.getByText(email, { exact: true }).waitFor();
    await row.getByText('ABCDEF0123', { exact: true }).waitFor();

    // A second user may not take that card.
    await page.getByRole('button', { name: 'Add Lock User' }).click();
    await create.getByLabel('First Name').fill('Bob');
    await create.getByLabel('Last Name').fill('Babbage');
    await create.getByLabel('Email').fill(`bob-${suffix}@example.com`);
    await create.getByLabel('Card ID').fill('ABCDEF0123');
    await createButton.click();
    const conflict = page.getByRole('dialog', { name: 'Card ID conflict' });
    await conflict
      .getByText(`This card is already assigned to ${email} and cannot be assigned to this user.`)
      .waitFor();
    await settled(page);
    await saveScreenshot(page, 'lock-users card conflict 1280');
    await conflict.getByRole('button', { name: 'OK' }).click();
    // Without a card the user is created; an empty card is none.
    await create.getByLabel('Card ID').fill('');
    await createButton.click();
    await seeText(page, 'User successfully added');
    await table.getByRole('row', { name: 'Bob Babbage' }).waitFor();

    // Update: the e-mail is fixed, Update waits for a change, a new card replaces the old after confirmation.
    await row.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
    const update = page.getByRole('dialog', { name: 'Update Lock User' });
    const updateButton = update.getByRole('button', { name: 'Update', exact: true });
    expect(await update.getByLabel('Email').isEditable()).toBe(false);
    expect(await updateButton.isEnabled()).toBe(false);
    await update.getByRole('heading', { name: 'Assigned locks' }).waitFor();
    await update.getByText('No locks yet.', { exact: false }).waitFor();
    await update.getByLabel('Division').fill('Analytical Engines');
    await update.getByLabel('Card ID').fill('0123456789');
    expect(await updateButton.isEnabled()).toBe(true);
    await updateButton.click();
    const replace = page.getByRole('dialog', { name: 'Replace card' });
    await replace.getByText('This user already has the card ABCDEF0123.', { exact: false }).waitFor();
    await replace.getByRole('button', { name: 'Replace' }).click();
    await seeText(page, 'Details updated successfully');
    await row.getByText('0123456789', { exact: true }).waitFor();
    await settled(page);
    await saveScreenshot(page, 'lock-users list 1280');
    // Every column shown fits: the table does not scroll sideways.
    expect(
      await table.evaluate((node) => node.parentElement!.scrollWidth - node.parentElement!.clientWidth),
    ).toBe(0);

    // Search (2 s after typing stops) keeps only the match.
    await page.getByRole('searchbox', { name: 'Search' }).fill('babbage');
    await row.waitFor({ state: 'detached' });
    await table.getByRole('row', { name: 'Bob Babbage' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await row.waitFor();

    // Phones: the table becomes cards, nothing scrolls sideways, the panel takes the width.
    await page.setViewportSize({ width: 360, height: 780 });
    const cards = page.getByRole('list', { name: 'Lock Users' });
    await cards.getByRole('listitem', { name: 'Ada Lovelace' }).waitFor();
    expect(await page.getByRole('table', { name: 'Lock Users' }).count()).toBe(0);
    expect(await horizontalOverflow(page)).toBe(0);
    await settled(page);
    await saveScreenshot(page, 'lock-users cards 360');
    await cards.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
    await update.getByLabel('Email').waitFor();
    expect(await update.evaluate((node) => node.scrollWidth - node.clientWidth)).toBe(0);
    await settled(page);
    await saveScreenshot(page, 'lock-users update panel 360');
    await update.getByRole('button', { name: 'Cancel' }).click();
    await update.waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete, confirmed.
    await row.getByRole('button', { name: 'Delete Ada Lovelace' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Lock User' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await seeText(page, 'User successfully removed');
    await row.waitFor({ state: 'detached' });
    await watcher.getByRole('table', { name: 'Lock Users' }).getByText(email, { exact: true }).waitFor({
      state: 'detached',
    });
    await watcherContext.close();
  });

  it("shows another customer's user none of these lock users, and read-only users no changes", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    const email = `kept-${randomBytes(3).toString('hex')}@example.com`;
    const created = await page.request.post('/api/create-new-iot-lock-user', {
      data: { firstName: 'Kept', lastName: 'Here', email, scopeId: demo },
    });
    expect(created.status()).toBe(201);
    const other = await createCustomer(page, `Other ${randomBytes(3).toString('hex')}`);

    const otherContext = await page.context().browser()!.newContext({ baseURL: portal.baseUrl });
    try {
      const stranger = await otherContext.newPage();
      await signInAsNewUser(page, stranger, smtp, other, ['IOT_USER_READ']);
      await openLockUsers(stranger, other);
      await stranger.getByText('No lock users yet.', { exact: false }).first().waitFor();
      expect(await stranger.getByText(email).count()).toBe(0);
      // Read-only: neither the add button nor edit or delete icons.
      expect(await stranger.getByRole('button', { name: 'Add Lock User' }).count()).toBe(0);
      // The demo customer's lock users are not the stranger's to read, nor to change.
      const list = await stranger.request.get(`/api/iotusers/all?scopeId=${demo}`);
      expect(list.status()).toBe(404);
      const listed = (await (
        await page.request.get(`/api/iotusers/all?scopeId=${demo}&search=${email}`)
      ).json()) as {
        users: { id: string }[];
      };
      const id = listed.users[0]?.id;
      expect(id).toBeDefined();
      const removed = await stranger.request.delete(`/api/delete-iot-device-user/userId/${id}`);
      expect([403, 404]).toContain(removed.status());
      await settled(stranger);
      await saveScreenshot(stranger, 'lock-users other customer 1280');
    } finally {
      await otherContext.close();
    }
    // Still there for the demo customer.
    await openLockUsers(page, demo);
    await page.getByRole('table', { name: 'Lock Users' }).getByText(email, { exact: true }).waitFor();
  });

  it("downloads LockUsers.csv of the list's search; another customer's user gets none of these users", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    const tag = randomBytes(3).toString('hex');
    const email = `csv-${tag}@example.com`;
    const created = await page.request.post('/api/create-new-iot-lock-user', {
      data: { firstName: 'Cass', lastName: 'Export', email, division: 'Ops', scopeId: demo },
    });
    expect(created.status()).toBe(201);
    await page.request.post('/api/create-new-iot-lock-user', {
      data: { firstName: 'Other', lastName: 'Person', email: `other-${tag}@example.com`, scopeId: demo },
    });
    await openLockUsers(page, demo);
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    await page.getByRole('table', { name: 'Lock Users' }).getByText(email, { exact: true }).waitFor();
    await page.getByText(`other-${tag}@example.com`).waitFor({ state: 'detached' });
    const file = await downloadCsv(page);
    expect(file.name).toBe('LockUsers.csv');
    expect(file.lines[0]).toBe(LOCK_USERS_CSV_COLUMNS.join(','));
    // The search's one user, without locks: one row, its lock cells '-'.
    expect(file.lines).toHaveLength(2);
    const cell = (column: (typeof LOCK_USERS_CSV_COLUMNS)[number]) =>
      file.lines[1]?.split(',')[LOCK_USERS_CSV_COLUMNS.indexOf(column)];
    expect([cell('firstName'), cell('lastName'), cell('email'), cell('division')]).toEqual([
      'Cass',
      'Export',
      email,
      'Ops',
    ]);
    expect(cell('macId')).toBe('-');

    const other = await createCustomer(page, `Csv Other ${tag}`);
    const stranger = await browser.otherPersonPage();
    await signInAsNewUser(page, stranger, smtp, other, ['IOT_USER_READ']);
    await openLockUsers(stranger, other);
    await stranger.getByText('No lock users yet.', { exact: false }).first().waitFor();
    const walled = await downloadCsv(stranger);
    expect(walled.lines).toEqual([LOCK_USERS_CSV_COLUMNS.join(',')]);
    expect(walled.text).not.toContain(tag);
    // Asked for the demo customer's users directly: nothing either.
    expect((await stranger.request.get(`/api/lock-users/csv?scopeId=${demo}`)).status()).toBe(404);
  });
});

/** Clicks 'Download CSV' and reads the saved file: its name, text (byte-order mark dropped) and lines. */
async function downloadCsv(page: Page): Promise<{ name: string; text: string; lines: string[] }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const text = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  return { name: file.suggestedFilename(), text, lines: text.trim().split('\r\n') };
}
