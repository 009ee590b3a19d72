import type { PendingInstruction } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import {
  chooseMoreAction,
  DEMO_CUSTOMER,
  gatewayCard,
  openGatewayGrid,
  scopeIdByName,
} from './support/gateway-details.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

/**
 * A gateway that never answers: diagnostics give up after 15 s ('Request timed out...'), a camera capture
 * after 30 s ('Request timed out.'), each followed by 'Try again...'; closing while waiting deletes the
 * pending instruction. Both run at once in two pages, so the spec waits 30 s, not 45.
 */
let portal: SharedPortal;
let silent: SimulatedGateways;
beforeAll(async () => {
  portal = await sharedPortal();
  silent = await startSimulatedGateways(portal, { name: 'Silent', answerInstructions: false, camera: true });
});
afterAll(async () => {
  await silent?.stop();
});

const DIAGNOSTICS_TIMEOUT_MS = 15_000;
const CAMERA_TIMEOUT_MS = 30_000;
/** Time for the page to show the time-out once it is due. */
const MARGIN_MS = 5_000;

async function openSilentCard(page: Page) {
  await signInAsRoot(page);
  await openGatewayGrid(page, await scopeIdByName(page, DEMO_CUSTOMER));
  const card = gatewayCard(page, silent.names[0]!);
  await card.getByText(/^Online/).waitFor();
  return card;
}

/** The types of the silent gateway's PENDING instructions, as the pending-instructions list gives them. */
async function pendingTypes(page: Page): Promise<string[]> {
  const response = await page.request.get(
    `/api/gateway-pending-instruction/pending-instructions?macId=${silent.macs[0]}`,
  );
  if (response.status() !== 200) throw new Error(`pending instructions answered ${response.status()}`);
  return ((await response.json()) as PendingInstruction[]).map((instruction) => instruction.type);
}

/** Diagnostics: spinner while waiting, 'Request timed out...' after 15 s, and no earlier. */
async function diagnosticsTimesOut(page: Page): Promise<number> {
  const card = await openSilentCard(page);
  await chooseMoreAction(card, 'Diagnostics');
  const dialog = page.getByRole('dialog', { name: 'Diagnostic Info' });
  const startedAt = Date.now();
  await dialog.getByRole('progressbar', { name: 'Waiting for the gateway' }).waitFor();
  await dialog
    .getByText('Request timed out...', { exact: true })
    .waitFor({ timeout: DIAGNOSTICS_TIMEOUT_MS + MARGIN_MS });
  const waited = Date.now() - startedAt;
  await dialog.getByRole('button', { name: 'Try again...' }).waitFor();
  await saveScreenshot(page, 'diagnostics-timed-out');
  // Try again asks anew: the spinner is back; closing before the answer deletes the pending instruction.
  await dialog.getByRole('button', { name: 'Try again...' }).click();
  await dialog.getByRole('progressbar', { name: 'Waiting for the gateway' }).waitFor();
  await expect.poll(() => pendingTypes(page)).toContain('DIAGNOSTICS');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => pendingTypes(page)).not.toContain('DIAGNOSTICS');
  return waited;
}

/** Camera: 'Sending capture request...' while waiting, 'Request timed out.' after 30 s. */
async function cameraTimesOut(page: Page): Promise<number> {
  const card = await openSilentCard(page);
  await card.getByRole('button', { name: 'Camera' }).click();
  const panel = page.getByRole('dialog', { name: 'Troubleshoot' });
  await panel.getByRole('button', { name: 'Capture image' }).click();
  const startedAt = Date.now();
  await panel.getByText('Sending capture request...', { exact: true }).waitFor();
  await panel
    .getByText('Request timed out.', { exact: true })
    .waitFor({ timeout: CAMERA_TIMEOUT_MS + MARGIN_MS });
  const waited = Date.now() - startedAt;
  await panel.getByRole('button', { name: 'Try again...' }).waitFor();
  await saveScreenshot(page, 'camera-timed-out');
  await panel.getByRole('button', { name: 'Try again...' }).click();
  await panel.getByText('Sending capture request...', { exact: true }).waitFor();
  await expect.poll(() => pendingTypes(page)).toContain('CAMERA_CAPTURE');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => pendingTypes(page)).not.toContain('CAMERA_CAPTURE');
  return waited;
}

describe('Instruction time-outs', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('gives up on a silent gateway: diagnostics after 15 s, a camera capture after 30 s', async () => {
    const second = await browser.context.browser()!.newContext({
      baseURL: portal.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    second.setDefaultTimeout(UI_TIMEOUT_MS);
    try {
      const [diagnosticsWaited, cameraWaited] = await Promise.all([
        diagnosticsTimesOut(browser.page),
        cameraTimesOut(await second.newPage()),
      ]);
      expect(diagnosticsWaited).toBeGreaterThanOrEqual(DIAGNOSTICS_TIMEOUT_MS - 1_000);
      expect(cameraWaited).toBeGreaterThanOrEqual(CAMERA_TIMEOUT_MS - 1_000);
    } finally {
      await second.close();
    }
  });
});
