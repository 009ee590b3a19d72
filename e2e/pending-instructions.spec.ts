import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import {
  chooseMoreAction,
  DEMO_CUSTOMER,
  gatewayCard,
  openGatewayGrid,
  scopeIdByName,
  seeText,
} from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Pending instructions of a registered gateway that never connects: lock instructions wait a day for it, so
 * they stay PENDING until aborted.
 */
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

const SILENT_MAC = '0A0000000101';
const SILENT_NAME = 'Silent Gateway';
const lockMac = (i: number) => `0B00000001${i.toString(16).toUpperCase().padStart(2, '0')}`;

async function registerSilentGateway(page: Page, scopeId: string): Promise<void> {
  const response = await page.request.put('/api/gateway/register-gateway', {
    data: { MAC: SILENT_MAC, NAME: SILENT_NAME, SID: scopeId, CRTD: Date.UTC(2023, 0, 1), tags: [] },
  });
  if (!response.ok())
    throw new Error(`register-gateway answered ${response.status()}: ${await response.text()}`);
}

/** A lock instruction through the API. */
async function createLockInstruction(page: Page, i: number): Promise<void> {
  const response = await page.request.post('/api/instruction', {
    data: {
      macId: lockMac(i),
      gatewayMacId: SILENT_MAC,
      type: 'LOCK_DEVICE_LOCK_UNLOCK',
      name: `Door ${i}`,
      locked: true,
      time: Date.now(),
    },
  });
  if (!response.ok()) throw new Error(`instruction answered ${response.status()}: ${await response.text()}`);
}

const bodyRows = (dialog: Locator) =>
  dialog.getByRole('table', { name: 'Pending instructions' }).locator('tbody tr');

async function openPending(page: Page): Promise<Locator> {
  await chooseMoreAction(gatewayCard(page, SILENT_NAME), 'Pending instructions');
  const dialog = page.getByRole('dialog', { name: `Pending Instructions - ${SILENT_NAME}` });
  await dialog.waitFor();
  return dialog;
}

describe('Pending instructions', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('lists, pages (5 by default, remembered), aborts after confirmation and refreshes on events', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const scopeId = await scopeIdByName(page, DEMO_CUSTOMER);
    await registerSilentGateway(page, scopeId);
    for (let i = 1; i <= 7; i++) await createLockInstruction(page, i);
    await openGatewayGrid(page, scopeId);

    // The first fetch says so: the answer is held until the text was seen.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/api/gateway-pending-instruction/**',
      async (route: Route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    const dialog = await openPending(page);
    await dialog.getByText('Fetching Pending instructions').waitFor();
    release?.();

    await expect.poll(() => bodyRows(dialog).count()).toBe(5);
    const first = bodyRows(dialog).first();
    expect(await first.getByRole('cell').nth(1).innerText()).toBe('LOCK_DEVICE_LOCK_UNLOCK');
    expect(await first.getByRole('cell').nth(2).innerText()).toBe('PENDING');
    expect(await first.getByRole('cell').nth(3).innerText()).toMatch(/^Door \d$/);
    expect(await first.getByRole('cell').nth(4).innerText()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4} \d{1,2}:\d{2}:\d{2} (am|pm)$/,
    );

    await dialog.getByRole('combobox', { name: /Rows per page/ }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['5', '10', '15', '20', '25']);
    await page.getByRole('option', { name: '10' }).click();
    await expect.poll(() => bodyRows(dialog).count()).toBe(7);

    await dialog.getByRole('button', { name: 'Close' }).click();
    const reopened = await openPending(page);
    await expect.poll(() => bodyRows(reopened).count()).toBe(7);

    const abort = reopened.getByRole('button', { name: 'Abort' });
    expect(await abort.isDisabled()).toBe(true);
    await bodyRows(reopened).nth(0).getByRole('checkbox').check();
    await bodyRows(reopened).nth(1).getByRole('checkbox').check();
    await abort.click();
    const confirm = page.getByRole('dialog', { name: 'Abort Instructions' });
    await confirm.getByText('Are you sure, you want to abort 2 instruction ?').waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await seeText(page, 'Successfully updated the instruction.');
    await expect.poll(() => bodyRows(reopened).count()).toBe(5);
    await saveScreenshot(page, 'pending-instructions');

    // Another tab aborts one: the instruction event refreshes the open list (and says so once more).
    await page.getByText('Refreshing Pending instructions').waitFor({ state: 'detached' });
    const listed = await page.request.get(
      `/api/gateway-pending-instruction/pending-instructions?macId=${SILENT_MAC}`,
    );
    const [still] = (await listed.json()) as { instructionId: string }[];
    const other = await page.request.put('/api/abort/pending-instructions', {
      data: { instructionIds: [still?.instructionId] },
    });
    expect(other.ok()).toBe(true);
    await seeText(page, 'Refreshing Pending instructions');
    await expect.poll(() => bodyRows(reopened).count()).toBe(4);
  });
});
