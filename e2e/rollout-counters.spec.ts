import { randomBytes } from 'node:crypto';
import type { RolloutView } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmwareName, pycFile } from '../apps/server/src/modules/firmware/test-files.ts';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { createCustomer } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

/**
 * Issue 30, smaller items c: the Control Firmware Update dialog while a gateway is verifying (rebooted into the
 * new version, watched for the health window, ten minutes here): its counters add up and say what each means,
 * instead of 'Completed 0' with the gateway counted nowhere.
 */
let portal: RunningPortal;
let fleet: SimulatedGateways | undefined;
beforeAll(async () => {
  portal = await startPortal('embedded', {
    FIRMWARE_TICK_SECONDS: '0.3',
    FIRMWARE_HEALTH_WINDOW_SECONDS: '600',
    FIRMWARE_WAVE_PACE_SECONDS: '0.2',
  });
});
afterAll(async () => {
  await fleet?.stop();
  await portal?.stop();
});

async function latestRollout(page: Page, scopeId: string): Promise<RolloutView | undefined> {
  const response = await page.request.get(`/api/firmware-rollouts?scopeId=${scopeId}&kind=firmware`);
  return ((await response.json()) as RolloutView[])[0];
}

describe('Control Firmware Update dialog', () => {
  const session = useBrowser(() => portal.baseUrl);

  it('counts a verifying gateway as Verifying, not Completed, and Selected is the sum of the steps', async () => {
    const { page } = session;
    await signInAsRoot(page);
    const name = `Verifying ${randomBytes(2).toString('hex')}`;
    const scopeId = await createCustomer(page, name);
    fleet = await startSimulatedGateways(portal, {
      scopeId,
      count: 1,
      telemetryIntervalMs: 500,
      restartDelayMs: 300,
      firmware: { installMs: 100 },
    });
    // A version of its own (a retried test uploads another): 2030-01-10 to 2099-12-28.
    const [year = 0, month = 0, day = 0] = randomBytes(3);
    const date = `${2030 + (year % 70)}-${String(1 + (month % 12)).padStart(2, '0')}-${10 + (day % 19)}`;
    const uploaded = await page.request.post('/v1/auth-service/file-storage', {
      multipart: {
        info: JSON.stringify({
          name: 'Generic',
          fileName: firmwareName(date),
          type: 'RASPI',
          version: date.replaceAll('-', ''),
          scopes: {},
          description: 'Verifying release',
        }),
        upload: { name: firmwareName(date), mimeType: 'application/octet-stream', buffer: pycFile() },
      },
    });
    expect(uploaded.status()).toBe(200);
    const { id } = (await uploaded.json()) as { id: string };
    const applied = await page.request.put(`/api/apply-firmware/fileStoreId/${id}/scopeId/${scopeId}`, {
      data: { scopes: { [scopeId]: [] }, fileStoreId: id, type: 'RASPI' },
    });
    expect(applied.status()).toBe(200);
    await expect
      .poll(async () => (await latestRollout(page, scopeId))?.total.verifying, {
        timeout: 40_000,
        interval: 500,
      })
      .toBe(1);

    await page.goto('/#/upgrade-firmware');
    await page.getByRole('button', { name: 'Control Firmware Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Control Firmware Update' });
    await dialog.getByLabel('Customer').click();
    await page.getByRole('option', { name }).click();
    const counter = async (label: string) =>
      Number(await dialog.getByTestId(`counter-${label}`).textContent());
    await dialog.getByTestId('counter-Verifying').getByText('1', { exact: true }).waitFor();
    expect(await counter('Completed')).toBe(0);
    expect(await counter('Selected')).toBe(1);
    const steps = ['Initiated/Pending', 'Verifying', 'Completed', 'Failed', 'Never reached'];
    let sum = 0;
    for (const label of steps) sum += await counter(label);
    expect(sum).toBe(await counter('Selected'));
    // What the states mean is said beside them.
    const meanings = dialog.getByRole('definition');
    expect(await meanings.count()).toBeGreaterThanOrEqual(steps.length);
    await dialog.getByText(/watched for the health window/).waitFor();
    await saveScreenshot(page, 'firmware rollout verifying 1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await saveScreenshot(page, 'firmware rollout verifying 360');
  });
});
