import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  cardAssignedMessage,
  cardReconfigureMessage,
  LOCK_USERS_REFUSED_FILE_NAME,
  type LocksPage,
  lockUserMessages,
  peopleMessages,
} from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { DEMO_CUSTOMER, scopeIdByName } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 15 point 3 (web): the bulk lock-user CSV import on the Lock Users screen (spec 002 sections 5 and 8):
 * users.csv and rfidUsers.csv with a bad row each, the spec's summaries, the refused row with its field and
 * reason, the refused rows' file; the header and empty-file messages; the sample files; a re-run changes nothing.
 * Issue 28: a card changed by the file while locks hold the old one shows the panel's card warning on its row.
 */
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal('embedded');
});
afterAll(async () => {
  await portal?.stop();
});

const HEADER = 'firstName,lastName,division,employeeId,email,mobileNo';

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) ?? '', 'utf8') };
}

async function upload(page: Page, button: string, name: string, text: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  return dialog;
}

describe('Lock users CSV import', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('imports users.csv and rfidUsers.csv with a bad row each, shows the summaries and the refused rows', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    const tag = randomBytes(3).toString('hex');
    await page.goto(`/#/cli/lock-users?scopeId=${demo}`);
    await page.getByRole('heading', { name: 'Lock Users', level: 1 }).waitFor();

    // users.csv: the sample first, then wrong headers and an empty file.
    await page.getByRole('button', { name: 'Upload users CSV', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Upload users CSV' });
    const sample = await download(page, () =>
      dialog.getByRole('button', { name: 'Download sample users.csv' }).click(),
    );
    expect(sample.name).toBe('users.csv');
    expect(sample.text.split('\r\n')[0]).toBe(HEADER);
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'users.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER},cardCSN\nA,B,,,a@x.io,,04A1B2C3D4\n`),
    });
    await dialog.getByText(lockUserMessages.headersInvalid).waitFor();
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from('\n\n') });
    await dialog.getByText(lockUserMessages.fileEmpty).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const users = [
      HEADER,
      `Ada,Lovelace,Research,E-1,Ada.${tag}@Example.com,+44 7911 123456`,
      '',
      `Grace,Hopper,Navy,E-2,grace.${tag}@example.com,`,
      `=HYPERLINK("x"),Bad,,,not-an-email,`,
    ].join('\n');
    dialog = await upload(page, 'Upload users CSV', 'users.csv', users);
    await dialog.getByText('users.csv: 3 users to import.').waitFor();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Successfully added 2/3 users').waitFor();
    await dialog.getByText('Successfully updated 0/3 users').waitFor();
    await dialog.getByText(`Failed to add 1/3 users - ${peopleMessages.invalidEmail}`).waitFor();
    const refusedRow = dialog.getByRole('table', { name: 'Refused rows' }).getByRole('row').nth(1);
    expect(await refusedRow.getByRole('cell').allInnerTexts()).toEqual([
      '5',
      'email',
      peopleMessages.invalidEmail,
    ]);
    await saveScreenshot(page, 'lock-users import summary');
    const refused = await download(page, () =>
      dialog.getByRole('button', { name: 'Download refused rows' }).click(),
    );
    expect(refused.name).toBe(LOCK_USERS_REFUSED_FILE_NAME);
    expect(refused.text).toBe(
      `${HEADER},reason\r\n"'=HYPERLINK(""x"")",Bad,,,not-an-email,,email: ${peopleMessages.invalidEmail}\r\n`,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByText(`ada.${tag}@example.com`).first().waitFor();

    // The same file again changes nothing.
    dialog = await upload(page, 'Upload users CSV', 'users.csv', users);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Successfully added 0/3 users').waitFor();
    await dialog.getByText('2/3 users unchanged').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // rfidUsers.csv: cards; the second row takes the first row's card.
    const card = randomBytes(5).toString('hex').toUpperCase();
    dialog = await upload(
      page,
      'Upload RFID users CSV',
      'rfidUsers.csv',
      [
        `${HEADER},cardCSN`,
        `Alan,Turing,Lab,E-3,alan.${tag}@example.com,,${card}`,
        `Ada,Lovelace,Research,E-1,ada.${tag}@example.com,+44 7911 123456,${card}`,
      ].join('\r\n'),
    );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Successfully added 1/2 users').waitFor();
    await dialog.getByText(`Failed to add 1/2 users - Repeats row 2 of the file.`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    dialog = await upload(
      page,
      'Upload RFID users CSV',
      'rfidUsers.csv',
      `${HEADER},cardCSN\nAda,Lovelace,Research,E-1,ada.${tag}@example.com,+44 7911 123456,${card}\n`,
    );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog
      .getByText(`Failed to add 1/1 users - ${cardAssignedMessage(`alan.${tag}@example.com`)}`)
      .waitFor();
    const cardRefused = await download(page, () =>
      dialog.getByRole('button', { name: 'Download refused rows' }).click(),
    );
    expect(cardRefused.text.split('\r\n')[0]).toBe(`${HEADER},cardCSN,reason`);
  });

  it("shows the panel's card warning for a row changing the card of a user on a lock", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    const tag = randomBytes(3).toString('hex');
    // A lock of the demo fleet (reported soon after the start), and a user with a card given access to it.
    let lock: LocksPage['locks'][number] | undefined;
    const deadline = Date.now() + 60_000;
    while (!lock && Date.now() < deadline) {
      const response = await page.request.get(`/api/iot-service/get-all-locks?scopeId=${demo}&pageSize=1`);
      lock = ((await response.json()) as LocksPage).locks[0];
      if (!lock) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(lock, 'a lock of the demo customer').toBeDefined();
    const email = `card.${tag}@example.com`;
    const oldCard = randomBytes(5).toString('hex').toUpperCase();
    const created = await page.request.post('/api/create-new-iot-lock-user', {
      data: { firstName: 'Card', lastName: 'Holder', email, cardCSN: oldCard, scopeId: demo },
    });
    expect(created.status()).toBe(201);
    const { user } = (await created.json()) as { user: { id: string } };
    const granted = await page.request.post('/api/lock-user-access', {
      data: { userId: user.id, lockIds: [lock!.id], card: true },
    });
    expect(granted.status()).toBe(200);

    await page.goto(`/#/cli/lock-users?scopeId=${demo}`);
    await page.getByRole('heading', { name: 'Lock Users', level: 1 }).waitFor();
    const newCard = randomBytes(5).toString('hex').toUpperCase();
    const dialog = await upload(
      page,
      'Upload RFID users CSV',
      'rfidUsers.csv',
      `${HEADER},cardCSN\nCard,Holder,,,${email},,${newCard}\n`,
    );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Successfully updated 1/1 users').waitFor();
    const warningRow = dialog.getByRole('table', { name: 'Card warnings' }).getByRole('row').nth(1);
    expect(await warningRow.getByRole('cell').allInnerTexts()).toEqual([
      '2',
      cardReconfigureMessage([lock!.name ?? lock!.macId]),
    ]);
    await saveScreenshot(page, 'lock-users import card warning');
  });

  it('imports a file of 10,000 rows in the browser with a progress bar', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    const tag = randomBytes(3).toString('hex');
    await page.goto(`/#/cli/lock-users?scopeId=${demo}`);
    await page.getByRole('heading', { name: 'Lock Users', level: 1 }).waitFor();
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `First${i},Last${i},Division,E-${i},u${i}.${tag}@example.com,`,
    );
    const dialog = await upload(page, 'Upload users CSV', 'users.csv', [HEADER, ...rows].join('\n'));
    await dialog.getByText('users.csv: 10,000 users to import.').waitFor();
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByRole('progressbar').waitFor();
    await dialog.getByText('Successfully added 10000/10000 users').waitFor({ timeout: 120_000 });
    console.log(`10,000 rows imported in the browser in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(await dialog.getByRole('button', { name: 'Download refused rows' }).count()).toBe(0);
  });
});
