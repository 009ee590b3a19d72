import { randomBytes } from 'node:crypto';
import { type LocksPage, provisionedGateways } from '@portal/contract';
import { type Simulation, startSimulation } from '@portal/gateway-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { createCustomer, seeText } from './support/gateway-details.ts';
import { ROOT_EMAIL, ROOT_PASSWORD, type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 15 point 4 (web): credentials reach the lock, and the screen says so. A lock user is created, given
 * access to two locks of a simulated gateway (apps/gateway-sim answers ADD_LOCKDEVICE_USER one at a time), and
 * the user panel's 'Credentials on locks' shows both reach 'Confirmed on the lock' without a reload.
 */
let portal: RunningPortal;
const simulations: Simulation[] = [];
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  portal = await startPortal('embedded', { LOCK_ACCESS_RETRY_BASE_SECONDS: '1', SMTP_URL: smtp.url });
  // A first sign-in through the API: a fresh portal's first one is slow on a loaded machine (the browser's waits
  // are for the screen, not for that).
  await fetch(`${portal.baseUrl}/api/login/twoFactorKey/test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ROOT_EMAIL, password: ROOT_PASSWORD }),
  });
});
afterAll(async () => {
  await Promise.all(simulations.map((s) => s.stop()));
  await portal?.stop();
  await smtp?.close();
});

/** A customer with one simulated gateway whose locks never fail a command; answers the lock MACs it reports. */
async function simulatedGateway(page: Page): Promise<{ scopeId: string; locks: LocksPage['locks'] }> {
  const scopeId = await createCustomer(page, `Ledger ${randomBytes(3).toString('hex')}`);
  const provisioned = await page.request.post('/api/gateway/provision', {
    data: { scopeId, count: 1, name: 'Doorkeeper' },
  });
  expect(provisioned.status()).toBe(200);
  const credentials = provisionedGateways.parse(await provisioned.json());
  // What the simulated gateway says, kept to explain a failure below.
  const said: string[] = [];
  const keep = (message: string) => said.push(message);
  const simulation = startSimulation({
    logger: { info: keep, warn: keep },
    brokerUrl: portal.deviceBrokerUrl,
    // Every lock near it managed: a drawn whitelist names none now and then.
    gateways: credentials.map((credential) => ({ ...credential, whitelist: '*' as const })),
    telemetryIntervalMs: 60_000,
    seed: 4,
    locks: {
      openingsPerHour: 0,
      refusalRate: 0,
      jamRate: 0,
      outOfRangePerHour: 0,
      unreachableRate: 0,
      rejectRate: 0,
      commandMs: { min: 200, max: 600 },
    },
  });
  simulations.push(simulation);
  await simulation.whenConnected();
  // The gateway reports its locks soon after it connects; a busy machine may take a while to store them.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await page.request.get(`/api/iot-service/get-all-locks?scopeId=${scopeId}&pageSize=100`);
    const page_ = (await response.json()) as LocksPage;
    if (page_.locks.length >= 2) return { scopeId, locks: page_.locks };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const mac = credentials[0]?.mac ?? '';
  const portalSaid = portal
    .output()
    .split('\n')
    .filter((line) => line.includes(mac) || /"level":(40|50)/.test(line))
    .slice(-20);
  throw new Error(
    `the simulated gateway reported no locks in 60 s.\nIt said:\n${said.join('\n')}\nThe portal said:\n${portalSaid.join('\n')}`,
  );
}

describe('Credentials on locks', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('gives a new lock user access to two locks and shows the ledger reach confirmed', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const { scopeId, locks } = await simulatedGateway(page);
    const [first, second] = locks;

    await page.goto(`/#/cli/lock-users?scopeId=${scopeId}`);
    await page.getByRole('heading', { name: 'Lock Users', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Lock User' }).click();
    const create = page.getByRole('dialog', { name: 'Create Lock User' });
    await create.getByLabel('First Name').fill('Grace');
    await create.getByLabel('Last Name').fill('Hopper');
    const email = `grace-${randomBytes(3).toString('hex')}@example.com`;
    await create.getByLabel('Email').fill(email);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await seeText(page, 'User successfully added');

    await page
      .getByRole('table', { name: 'Lock Users' })
      .getByRole('button', { name: 'Edit Grace Hopper' })
      .click();
    const panel = page.getByRole('dialog', { name: 'Update Lock User' });
    const form = panel.getByRole('form', { name: 'Give access to locks' });
    await form.waitFor();
    const picker = form.getByLabel('Locks to give access to');
    for (const lock of [first!, second!]) {
      await picker.click();
      await picker.fill(lock.name ?? lock.macId);
      await page
        .getByRole('option', { name: new RegExp(lock.name ?? lock.macId) })
        .first()
        .click();
    }
    await form.getByLabel('Passcode').fill('482913');
    await form.getByRole('button', { name: 'Give access' }).click();

    const ledger = panel.getByRole('table', { name: 'Credentials on locks' });
    await ledger.getByRole('row').nth(2).waitFor();
    await saveScreenshot(page, 'lock-access ledger sending 1280');
    await ledger.locator('[data-state="confirmed"]').nth(1).waitFor({ timeout: 30_000 });
    expect(await ledger.getByText('Confirmed on the lock').count()).toBe(2);
    await panel.getByText(/lock commands: 0 waiting/).waitFor();
    await saveScreenshot(page, 'lock-access ledger confirmed 1280');

    // The assigned locks are the user's two, filtered on the server (userId).
    const assigned = panel.getByRole('table', { name: 'Assigned locks' });
    await assigned.getByRole('row').nth(2).waitFor();
    expect(await assigned.getByRole('row').count()).toBe(3);
    for (const lock of [first!, second!]) await assigned.getByText(lock.name ?? lock.macId).waitFor();

    // The lock user's app password: the activation link is mailed, its page sets the password once.
    await panel.getByRole('button', { name: 'Resend activation link' }).click();
    await seeText(page, `Activation link sent to ${email}.`);
    const mail = await smtp.waitForMessage(email, 15_000);
    expect(mail.subject).toBe('Activate your lock app account');
    const link = mail.text.match(/https?:\/\/\S+#\/lock-user\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    const app = await page.context().newPage();
    await app.goto(link!);
    await app.getByRole('heading', { name: 'Set Your Lock App Password' }).waitFor();
    const setButton = app.getByRole('button', { name: 'Set Password' });
    await app.getByLabel('New Password', { exact: false }).first().fill('abc1');
    await app.getByLabel('Confirm Password', { exact: false }).first().fill('abc1');
    expect(await setButton.isDisabled()).toBe(true);
    await app.getByLabel('New Password', { exact: false }).first().fill('abc12');
    await app.getByLabel('Confirm Password', { exact: false }).first().fill('abc12');
    await setButton.click();
    await app.getByText('Your password has been set. Sign in to the lock app with it.').waitFor();
    await saveScreenshot(app, 'lock-user password set 1280');
    await app.reload();
    await app.getByLabel('New Password', { exact: false }).first().fill('abc12');
    await app.getByLabel('Confirm Password', { exact: false }).first().fill('abc12');
    await app.getByRole('button', { name: 'Set Password' }).click();
    await app
      .getByText('Invalid reset password link. Contact administrator to reset your password.')
      .waitFor();
    await app.close();
  });

  it('Add User on the locks list takes a passcode for a lock user who has neither passcode nor card (issue 30.1)', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const { scopeId, locks } = await simulatedGateway(page);
    const lock = locks[0]!;
    const name = lock.name ?? lock.macId;
    const email = `ada-${randomBytes(3).toString('hex')}@example.com`;
    const created = await page.request.post('/api/create-new-iot-lock-user', {
      data: { firstName: 'Ada', lastName: 'Lovelace', email, scopeId },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto(`/#/cli/locks?scopeId=${scopeId}`);
    const row = page.getByRole('table', { name: 'Locks' }).getByRole('row', { name });
    await row.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Add User', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Lock user').fill('Lovelace');
    await page.getByRole('option', { name: new RegExp(email) }).click();
    // The user has no passcode and no card: the dialog asks for the credential instead of dead-ending.
    await dialog.getByText('Give a passcode, the card, or both.').waitFor();
    const add = dialog.getByRole('button', { name: 'Add User', exact: true });
    expect(await add.isDisabled()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Card (none)' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Passcode').fill('48');
    await dialog.getByText('Passcode must be 4 to 10 digits.').waitFor();
    await dialog.getByLabel('Passcode').fill('482914');
    await saveScreenshot(page, 'locks add user passcode 1280');
    await add.click();
    await dialog.waitFor({ state: 'detached' });

    // The lock's users now include her, with the passcode given (the ledger carries it to the lock).
    await row.getByRole('button', { name: `Users of ${name}: 1` }).click();
    const users = page.getByRole('dialog', { name: `Users of ${name}` });
    await users.getByText('Ada Lovelace', { exact: true }).waitFor();
    await users.getByText(/passcode 482914/).waitFor();
  });
});
