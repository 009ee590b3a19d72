import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { RolloutView } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { createCustomer } from './support/gateway-details.ts';
import { ROOT_EMAIL, ROOT_PASSWORD, type RunningPortal, startPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

/**
 * Issue 16: the firmware pages (spec 001 sections 2, 4, 5, 8) with simulated gateways that download, verify,
 * install, reboot and report (docs/mqtt.md 3.8), and the rollout control dialog. Short rollout timings.
 */
let portal: RunningPortal;
const fleets: SimulatedGateways[] = [];
beforeAll(async () => {
  portal = await startPortal('embedded', {
    FIRMWARE_TICK_SECONDS: '0.3',
    FIRMWARE_HEALTH_WINDOW_SECONDS: '1',
    FIRMWARE_WAVE_PACE_SECONDS: '0.2',
    FIRMWARE_UPDATE_TIMEOUT_SECONDS: '30',
  });
  // The first start writes the demo fleet's history: wait until a sign-in answers promptly.
  for (let i = 0; i < 30; i++) {
    const started = Date.now();
    await fetch(`${portal.baseUrl}/api/login/twoFactorKey/e2e`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ROOT_EMAIL, password: ROOT_PASSWORD }),
    });
    if (Date.now() - started < 1500) break;
  }
});
afterAll(async () => {
  await Promise.all(fleets.map((f) => f.stop()));
  await portal?.stop();
});

const session = useBrowser(() => portal.baseUrl);

const pyc = () =>
  Buffer.concat([
    Buffer.from([0x61, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0, 1, 2, 3, 4, 5, 0, 0, 0]),
    randomBytes(4096),
  ]);
function zip(): Buffer {
  const name = Buffer.from('app/main.py');
  const body = Buffer.from('print("hi")\n');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt32LE(crc32(body), 14);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(body.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(crc32(body), 16);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(body.length, 24);
  central.writeUInt16LE(name.length, 28);
  const localPart = Buffer.concat([local, name, body]);
  const centralPart = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

async function customerWithGateways(page: Page, label: string, failures: Record<string, number> = {}) {
  const name = `${label} ${randomBytes(2).toString('hex')}`;
  const scopeId = await createCustomer(page, name);
  fleets.push(
    await startSimulatedGateways(portal, {
      scopeId,
      count: 2,
      telemetryIntervalMs: 500,
      restartDelayMs: 300,
      firmware: { installMs: 100, failures },
    }),
  );
  return { name, scopeId };
}

async function latestRollout(page: Page, scopeId: string, kind: string): Promise<RolloutView | undefined> {
  const response = await page.request.get(`/api/firmware-rollouts?scopeId=${scopeId}&kind=${kind}`);
  return ((await response.json()) as RolloutView[])[0];
}

async function upload(page: Page, fileName: string, buffer: Buffer, description: string) {
  await page.getByLabel('Upload').check();
  await page
    .getByTestId('firmware-file')
    .setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer });
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'UPLOAD', exact: true }).click();
}

async function applyTo(page: Page, version: string, customers: string[]) {
  await page.getByLabel('Apply').check();
  await page.getByLabel('Versions').click();
  await page
    .getByRole('option')
    .filter({ hasText: `${version} (` })
    .click();
  await page.keyboard.press('Escape');
  for (const name of customers) await page.getByRole('button', { name: `Add ${name}` }).click();
  await expect.poll(() => page.getByText('SELECTIVE UPDATE').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'APPLY', exact: true }).click();
}

describe('firmware pages', () => {
  it('uploads a gateway firmware, applies it to two customers, and their gateways reach it', async () => {
    const { page } = session;
    await signInAsRoot(page);
    const alpha = await customerWithGateways(page, 'FW Alpha');
    const beta = await customerWithGateways(page, 'FW Beta');
    await page.goto('/#/upgrade-firmware');
    await page.getByRole('heading', { name: 'Update Gateway Firmware' }).waitFor();

    // A name that breaks the rule is refused where it is chosen, and UPLOAD stays off.
    await page.getByLabel('Upload').check();
    await page
      .getByTestId('firmware-file')
      .setInputFiles({ name: 'firmware.pyc', mimeType: 'x', buffer: pyc() });
    await page.getByText('Invalid version number or file name').waitFor();
    expect(await page.getByRole('button', { name: 'UPLOAD', exact: true }).isDisabled()).toBe(true);

    const version = `2025${String(1 + (Date.now() % 12)).padStart(2, '0')}15`;
    const fileName = `CRB_mdm-agent_Generic_iot.${version.slice(0, 4)}-${version.slice(4, 6)}-15_PROD.cpython-39.pyc`;
    await upload(page, fileName, pyc(), 'Spring release');
    await page.getByText('Firmware Uploaded Successfully').waitFor();
    await saveScreenshot(page, 'firmware upload 1280');

    await applyTo(page, version, [alpha.name, beta.name]);
    await page.getByText('Firmware applied for 2 tenants').waitFor({ timeout: 15_000 });
    // The same version again is a downgrade for both.
    for (const customer of [alpha, beta])
      await expect
        .poll(async () => (await latestRollout(page, customer.scopeId, 'firmware'))?.total.verified, {
          timeout: 40_000,
          interval: 500,
        })
        .toBe(2);

    await page.getByRole('button', { name: 'Control Firmware Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Control Firmware Update' });
    await dialog.getByLabel('Customer').click();
    await page.getByRole('option', { name: alpha.name }).click();
    await dialog.getByTestId('counter-Completed').getByText('2').waitFor();
    await expect.poll(() => dialog.getByLabel('Rollout status').textContent()).toContain('completed');
    await saveScreenshot(page, 'firmware rollout dialog 1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await saveScreenshot(page, 'firmware rollout dialog 360');
    await dialog.getByRole('button', { name: 'CLOSE' }).click();
    await saveScreenshot(page, 'firmware page 360');
    // Each customer row now shows its version.
    await page
      .getByText(new RegExp(`RASPI: ${version}`))
      .first()
      .waitFor();

    // The gateways run the version assigned to them: no card marks a difference.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/#/cli/gateways/grid_view?scopeId=${alpha.scopeId}`);
    await page.getByRole('article').nth(1).waitFor();
    await page.getByRole('article').first().getByRole('button', { name: 'Flip' }).click();
    // The card's back shows the version as every screen does (issue 30.9): 'FW 2025-07-15' for 20250715.
    const shown = `FW ${version.slice(0, 4)}-${version.slice(4, 6)}-${version.slice(6)}`;
    await page.getByText(`Firmware ${shown}`, { exact: true }).first().waitFor();
    expect(await page.getByRole('note', { name: /differs from assigned/ }).count()).toBe(0);
  });

  it("root sets a customer's maintenance window on the firmware page, with the server's rules in the form", async () => {
    const { page } = session;
    await signInAsRoot(page);
    const name = `Window ${randomBytes(2).toString('hex')}`;
    const scopeId = await createCustomer(page, name);
    await page.goto('/#/update-OS');
    await page.getByRole('heading', { name: 'Update Gateway OS' }).waitFor();
    await page.getByRole('button', { name: 'Maintenance Window' }).click();
    const dialog = page.getByRole('dialog', { name: 'Maintenance Window' });
    await dialog.getByLabel('Customer').click();
    await page.getByRole('option', { name, exact: true }).click();
    await dialog.getByText('Current window: None: updates start at any time').waitFor();

    await dialog.getByLabel('Time zone').fill('Europe/Berl');
    await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await dialog.getByLabel(day, { exact: true }).uncheck();
    await dialog.getByText('Choose at least one day.').waitFor();
    const save = dialog.getByRole('button', { name: 'SAVE WINDOW' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Sat', { exact: true }).check();
    await dialog.getByLabel('Start hour').click();
    await page.getByRole('option', { name: '05:00', exact: true }).click();
    await dialog.getByText('The window must not be empty').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Start hour').click();
    await page.getByRole('option', { name: '22:00', exact: true }).click();
    await dialog.getByLabel('End hour').click();
    await page.getByRole('option', { name: '02:00', exact: true }).click();
    await save.click();
    await page.getByText('Maintenance window saved').waitFor();
    await dialog.getByText('Sat 22:00-02:00 (over midnight), Europe/Berlin').waitFor();
    await saveScreenshot(page, 'firmware maintenance window 1280');
    const saved = await page.request.get(`/api/firmware-maintenance-window?scopeId=${scopeId}`);
    expect(await saved.json()).toEqual({
      window: { timeZone: 'Europe/Berlin', days: [6], startMinute: 1320, endMinute: 120 },
    });
    // The server's refusal is shown as it says it (a zone this browser knows but the server does not: the
    // request is changed on its way to the real server).
    const stored = { timeZone: 'Europe/Berlin', days: [6], startMinute: 1320, endMinute: 120 };
    await page.route('**/api/firmware-maintenance-window?*', (route) =>
      route.request().method() === 'PUT'
        ? route.continue({ postData: JSON.stringify({ window: { ...stored, timeZone: 'Mars/Olympus' } }) })
        : route.continue(),
    );
    await dialog.getByLabel('Sun', { exact: true }).check();
    await save.click();
    await dialog.getByRole('alert').getByText('Unknown time zone.').waitFor();
    await page.unroute('**/api/firmware-maintenance-window?*');
    expect(
      await (await page.request.get(`/api/firmware-maintenance-window?scopeId=${scopeId}`)).json(),
    ).toEqual({ window: stored });
    // Opened again, the dialog shows the saved window.
    await dialog.getByRole('button', { name: 'CLOSE' }).click();
    await page.getByRole('button', { name: 'Maintenance Window' }).click();
    await dialog.getByLabel('Customer').click();
    await page.getByRole('option', { name, exact: true }).click();
    await dialog
      .getByTestId('current-window')
      .getByText('Sat 22:00-02:00 (over midnight), Europe/Berlin')
      .waitFor();
    expect(await dialog.getByLabel('Sat', { exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Mon', { exact: true }).isChecked()).toBe(false);
  });

  it('the OS patch and customer app pages upload and apply the same way', async () => {
    const { page } = session;
    await signInAsRoot(page);
    const gamma = await customerWithGateways(page, 'OS Gamma');
    await page.goto('/#/update-OS');
    await page.getByRole('heading', { name: 'Update Gateway OS' }).waitFor();
    await upload(page, 'Generic_iot_partial_update_prod_V07.01.zip', zip(), 'Kernel fix');
    await page.getByText('OS Patch Uploaded Successfully').waitFor();
    await applyTo(page, '07.01', [gamma.name]);
    await page.getByText(`Successfully applied OS Patch for ${gamma.name}`).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await latestRollout(page, gamma.scopeId, 'osPatch'))?.total.verified, {
        timeout: 40_000,
      })
      .toBe(2);

    await page.goto('/#/customer-firmware');
    await page.getByRole('heading', { name: 'Customer Firmware App' }).waitFor();
    await upload(page, 'Customer_firmware_V03.2.zip', pyc(), 'Not a zip');
    await page
      .getByText('Failed to Upload Customer Firmware: The file is not a readable .zip archive.')
      .waitFor();
    await upload(page, 'Customer_firmware_V03.2.zip', zip(), 'a'.repeat(20));
    await page.getByText('Customer Firmware Uploaded Successfully').waitFor();
    await applyTo(page, '03.2', [gamma.name]);
    await page.getByText(`Successfully applied Customer FW for ${gamma.name}`).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await latestRollout(page, gamma.scopeId, 'customerFw'))?.total.verified, {
        timeout: 40_000,
      })
      .toBe(2);
  });

  let failingTries = 0;
  it('a rollout whose gateways fail pauses with the reason, and is cancelled from the dialog', async () => {
    const { page } = session;
    // A version of its own on a retry: the first try's upload holds its version (a second upload is refused, 409).
    failingTries += 1;
    const day = `2024-01-${String(19 + failingTries).padStart(2, '0')}`;
    await signInAsRoot(page);
    const failing = await customerWithGateways(page, 'FW Failing', { installError: 1 });
    const uploaded = await page.request.post('/v1/auth-service/file-storage', {
      multipart: {
        upload: {
          name: `CRB_mdm-agent_Generic_iot.${day}_QA.cpython-39.pyc`,
          mimeType: 'x',
          buffer: pyc(),
        },
      },
    });
    expect(uploaded.status()).toBe(200);
    const { id } = (await uploaded.json()) as { id: string };
    const applied = await page.request.put(
      `/api/apply-firmware/fileStoreId/${id}/scopeId/${failing.scopeId}`,
      {
        data: { scopes: { [failing.scopeId]: [] }, fileStoreId: id, type: 'RASPI' },
      },
    );
    expect(applied.status()).toBe(200);
    await page.goto('/#/upgrade-firmware');
    await page.getByRole('heading', { name: 'Update Gateway Firmware' }).waitFor();

    // Issue 30.3: the version of a rollout not finished cannot be deleted, and the page says why.
    await expect
      .poll(async () => (await latestRollout(page, failing.scopeId, 'firmware'))?.status, { timeout: 30_000 })
      .toBe('paused');
    await page.getByLabel('Apply').check();
    await page.getByLabel('Versions').click();
    await page
      .getByRole('option')
      .filter({ hasText: `${day.replaceAll('-', '')} (` })
      .click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'DELETE', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete Gateway Firmware' })
      .getByRole('button', { name: 'OK' })
      .click();
    await page
      .getByText(
        `Failed to Delete Firmware: Gateway Firmware ${day.replaceAll('-', '')} is used by the paused rollout to ${failing.name}. ` +
          'Cancel it or let it finish before deleting.',
      )
      .waitFor();

    await page.getByRole('button', { name: 'Control Firmware Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Control Firmware Update' });
    await dialog.getByLabel('Customer').click();
    await page.getByRole('option', { name: failing.name }).click();
    await dialog.getByText('Wave 1: 1 of 1 gateways failed (more than 20 %)').waitFor({ timeout: 30_000 });
    await dialog
      .getByText(/Install error: image could not be written/)
      .first()
      .waitFor();
    await saveScreenshot(page, 'firmware rollout paused 1280');
    await dialog.getByRole('button', { name: 'CANCEL ROLLOUT' }).click();
    await expect.poll(() => dialog.getByLabel('Rollout status').textContent()).toContain('cancelled');
    expect((await latestRollout(page, failing.scopeId, 'firmware'))?.total.pending).toBe(1);

    // Neither gateway runs the version assigned to it: each card and each list row says so.
    await page.goto(`/#/cli/gateways/grid_view?scopeId=${failing.scopeId}`);
    await page.getByRole('article').nth(1).waitFor();
    const marker = page.getByRole('note', { name: `Firmware differs from assigned FW ${day}` });
    // Each card draws its marker once its details came (a loaded machine takes longer than expect.poll's 1 s).
    await expect.poll(() => marker.count(), { timeout: 15_000 }).toBe(2);
    expect(await marker.first().textContent()).toBe(`Assigned FW ${day}`);
    await saveScreenshot(page, 'gateway card version differs 1280');
    await page.goto(`/#/cli/gateways/list_view?scopeId=${failing.scopeId}`);
    await page.getByRole('table').waitFor();
    await expect.poll(() => marker.count()).toBe(2);
    expect(await marker.first().textContent()).toBe(`Assigned FW ${day}`);

    // The customers list counts them on the customer's row.
    await page.goto('/#/admin/tenants');
    await page.getByRole('searchbox', { name: 'Search' }).fill(failing.name);
    const row = page.getByRole('row').filter({ hasText: failing.name });
    await row.getByRole('note', { name: '2 gateways differ from assigned' }).waitFor();
    expect(await page.getByRole('note', { name: /differ(s)? from assigned/ }).count()).toBe(1);
    await saveScreenshot(page, 'customers list gateways differ 1280');
  });
});
