import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { DEMO_CUSTOMER, openGatewayGrid, scopeIdByName } from './support/gateway-details.ts';
import { DEMO_MACS, type RunningPortal, startPortal } from './support/portal.ts';

/** Onboarding of demo gateways, the simulator scanning and reporting each cycle. */
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

/** A scan is 3 s in the simulator, with a short gap between cycles. */
const RUN_TIMEOUT_MS = 30_000;

/** Signed in: opens the Demo Customer's grid, selects the gateways and opens the onboarding dialog. */
async function openOnboarding(page: Page, names: string[]): Promise<Locator> {
  await openGatewayGrid(page, await scopeIdByName(page, DEMO_CUSTOMER));
  await page.getByRole('button', { name: 'Select gateways' }).click();
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
  await page.getByRole('button', { name: 'Onboard selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Selected Gateways for Onboarding' });
  await dialog.waitFor();
  return dialog;
}

const row = (dialog: Locator, name: string) => dialog.getByRole('row', { name, exact: true });

async function chooseScans(page: Page, dialog: Locator, count: number): Promise<void> {
  await dialog.getByLabel('Number of scans').click();
  expect(await page.getByRole('option').allInnerTexts()).toEqual(['1', '2', '3', '4', '5']);
  await page.getByRole('option', { name: String(count), exact: true }).click();
}

describe('Onboarding', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('scans two gateways twice to completion, with check marks and On-boarding.csv', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const dialog = await openOnboarding(page, ['Demo Gateway 1', 'Demo Gateway 2']);
    const headers = () => dialog.getByRole('columnheader').allInnerTexts();
    // Default 5 scans.
    expect(await headers()).toEqual([
      'Name',
      'Serial Number',
      'Scanning Status',
      'Scan 1',
      'Scan 2',
      'Scan 3',
      'Scan 4',
      'Scan 5',
    ]);
    await chooseScans(page, dialog, 2);
    expect(await headers()).toEqual(['Name', 'Serial Number', 'Scanning Status', 'Scan 1', 'Scan 2']);
    await row(dialog, 'Demo Gateway 1').getByText('Not started').waitFor();
    await row(dialog, 'Demo Gateway 1').getByText(DEMO_MACS[0]!).waitFor();

    await dialog.getByRole('button', { name: 'Start' }).click();
    // Stop replaces Start while running.
    await dialog.getByRole('button', { name: 'Stop' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Start' }).count()).toBe(0);
    await row(dialog, 'Demo Gateway 1')
      .getByText(/^Scanning \(\d\/2\)$/)
      .waitFor();

    for (const name of ['Demo Gateway 1', 'Demo Gateway 2']) {
      await row(dialog, name).getByText('Completed').waitFor({ timeout: RUN_TIMEOUT_MS });
      await row(dialog, name).getByLabel('Scan 1 done').waitFor();
      await row(dialog, name).getByLabel('Scan 2 done').waitFor();
    }
    await dialog.getByRole('button', { name: 'Start' }).waitFor();
    await saveScreenshot(page, 'onboarding-completed');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download On-boarding.csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('On-boarding.csv');
    const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split(/\r\n/);
    expect(lines[0]).toBe('Gateway,Serial Number,Scan 1,Scan 2');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      `Demo Gateway 1,${DEMO_MACS[0]}`,
      `Demo Gateway 2,${DEMO_MACS[1]}`,
    ]);
    // The simulated gateways hear locks near them: each scan cell lists some, with MAC and RSSI.
    expect(lines[1]).toMatch(/\([0-9A-F]{12}, -\d+\)/);
  });

  it("stops a running onboarding; an offline gateway says 'Gateway is offline...' and is not started", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    // Registered but never connected: offline from the start.
    const registered = await page.request.put('/api/gateway/register-gateway', {
      data: {
        MAC: '0A0000000301',
        NAME: 'Offline Gateway',
        SID: await scopeIdByName(page, DEMO_CUSTOMER),
        CRTD: Date.UTC(2023, 0, 1),
        tags: [],
      },
    });
    expect(registered.ok()).toBe(true);
    const dialog = await openOnboarding(page, ['Demo Gateway 3', 'Offline Gateway']);
    await row(dialog, 'Offline Gateway').getByText('Gateway is offline...').waitFor();
    await dialog.getByRole('button', { name: 'Start' }).click();
    await row(dialog, 'Demo Gateway 3')
      .getByText(/^Scanning/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await row(dialog, 'Demo Gateway 3').getByText('Stopped').waitFor();
    await row(dialog, 'Offline Gateway').getByText('Gateway is offline...').waitFor();
    await dialog.getByRole('button', { name: 'Start' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Download On-boarding.csv' }).count()).toBe(0);
    await saveScreenshot(page, 'onboarding-stopped');
  });
});
