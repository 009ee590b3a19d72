import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { signInAsRoot, useBrowser } from './support/browser.ts';
import { DEMO_CUSTOMER, scopeIdByName, signInAsNewUser } from './support/gateway-details.ts';
import { ROOT_EMAIL, type RunningPortal, startPortal } from './support/portal.ts';

/** Spec 002 sections 2, 4, 5, 8: the Users screen, with a second browser watching the same list live. */
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

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

async function openUsers(page: Page): Promise<void> {
  await signInAsRoot(page);
  await page.goto('/#/cli/portal_users');
  await page.getByRole('heading', { name: 'Users' }).waitFor();
}

describe('Users screen', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('adds, edits and deletes a user, and another browser sees each change without a reload', async () => {
    const { page, context } = browser;
    const email = `grid-${randomBytes(4).toString('hex')}@example.com`;
    const watcherContext = await context.browser()!.newContext({ baseURL: portal.baseUrl });
    try {
      const watcher = await watcherContext.newPage();
      await openUsers(watcher);
      await openUsers(page);

      // Create: the rules of the form hold before the server is asked.
      await page.getByRole('button', { name: 'Add User' }).click();
      const create = page.getByRole('dialog', { name: 'Create User' });
      const createButton = create.getByRole('button', { name: 'Create', exact: true });
      await create.getByLabel('First Name').fill('Alan');
      await create.getByLabel('Last Name').fill('Turing');
      await create.getByLabel('Email').fill('not-an-email');
      expect(await createButton.isEnabled()).toBe(false);
      await create.getByLabel('Email').fill(email);
      await create.getByLabel('Mobile Number').fill('1512345678');
      await create.getByText('Choose the country of the mobile number.').waitFor();
      expect(await createButton.isEnabled()).toBe(false);
      await create.getByLabel('Mobile Number').fill('');
      await createButton.click();
      await page.getByText('User successfully added').waitFor();
      await usersTable(watcher).getByText(email, { exact: true }).waitFor();

      // Update: enabled only once something differs from what was loaded.
      await page.getByRole('button', { name: 'Edit Alan Turing' }).click();
      const update = page.getByRole('dialog', { name: 'Update User' });
      const updateButton = update.getByRole('button', { name: 'Update', exact: true });
      expect(await update.getByLabel('Email').isEditable()).toBe(false);
      expect(await updateButton.isEnabled()).toBe(false);
      await update.getByLabel('Last Name').fill('Mathison Turing');
      expect(await updateButton.isEnabled()).toBe(true);
      await updateButton.click();
      await page.getByText('Details updated successfully').waitFor();
      await usersTable(watcher).getByText('Alan Mathison Turing', { exact: true }).waitFor();

      // Search ignores case and spaces.
      await page.getByRole('searchbox', { name: 'Search' }).fill('ALANMATHISON');
      // The list is asked again 2 s after typing stops: the administrator's own row goes.
      await usersTable(page).getByText(ROOT_EMAIL, { exact: true }).waitFor({ state: 'detached' });
      await usersTable(page).getByText(email, { exact: true }).waitFor();
      expect(await usersTable(page).getByRole('row').count()).toBe(2); // the header and Alan

      // Delete, confirmed.
      await page.getByRole('button', { name: 'Delete Alan Mathison Turing' }).click();
      await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByText('User successfully removed').waitFor();
      await usersTable(watcher).getByText(email, { exact: true }).waitFor({ state: 'detached' });
    } finally {
      await watcherContext.close();
    }
  });

  it("shows the server's message for an e-mail another user has", async () => {
    const { page } = browser;
    await openUsers(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const create = page.getByRole('dialog', { name: 'Create User' });
    await create.getByLabel('First Name').fill('Copy');
    await create.getByLabel('Last Name').fill('Cat');
    // The first user is in the root's own tenant, 'Platform Admin', which the root reaches: it is named.
    await create.getByLabel('Email').fill('root@e2e.com');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('User successfully added').waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    await create.getByLabel('First Name').fill('Copy');
    await create.getByLabel('Last Name').fill('Again');
    await create.getByLabel('Email').fill('root@e2e.com');
    await page
      .getByText(
        'The email root@e2e.com is already registered for Platform Admin tenant and hence cannot be used.',
      )
      .first()
      .waitFor();
  });

  it('offers a customer administrator only the permissions it holds to give', async () => {
    const { page: root } = browser;
    await signInAsRoot(root);
    const demo = await scopeIdByName(root, DEMO_CUSTOMER);
    const admin = await browser.otherPersonPage();
    await signInAsNewUser(root, admin, smtp, demo, [
      'PORTAL_USER_READ',
      'PORTAL_USER_WRITE',
      'IOT_DEVICE_READ',
    ]);
    await admin.goto(`/#/cli/portal_users?scopeId=${demo}`);
    await admin.getByRole('button', { name: 'Add User' }).click();
    const devices = admin
      .getByRole('dialog', { name: 'Create User' })
      .getByRole('group', { name: 'Devices' });
    expect(await devices.getByRole('checkbox', { name: 'Read' }).isEnabled()).toBe(true);
    expect(await devices.getByRole('checkbox', { name: 'Write' }).isDisabled()).toBe(true);
    expect(await devices.getByRole('checkbox', { name: 'Migrate' }).isDisabled()).toBe(true);
    await admin.getByText('Permissions you do not hold cannot be given.').waitFor();
  });
});
