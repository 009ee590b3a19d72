import { INSTRUCTION_ERRORS, instructionMessages as m } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { chooseMoreAction, createCustomer, gatewayCard, openGatewayGrid } from './support/gateway-details.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

/**
 * Gateways that answer diagnostics and camera captures with an error code (spec 001 section 4): each code's
 * text shows, followed by 'Try again...'. Success, offline and time-outs are in device-actions.spec.ts and
 * instruction-timeouts.spec.ts.
 */

/** One simulated gateway per failure value; '' is an empty response (ERROR without a value). */
const FAILURES = {
  rebooted: INSTRUCTION_ERRORS.gatewayRebooted,
  sendingZip: INSTRUCTION_ERRORS.sendingZip,
  cameraCapture: INSTRUCTION_ERRORS.cameraCapture,
  empty: '',
} as const;
type Failure = keyof typeof FAILURES;

let portal: SharedPortal;
const gateways = {} as Record<Failure, SimulatedGateways>;
const KINDS = Object.keys(FAILURES) as Failure[];
beforeAll(async () => {
  portal = await sharedPortal();
});
afterAll(async () => {
  await Promise.all(Object.values(gateways).map((simulated) => simulated.stop()));
});

const card = (page: Page, failure: Failure) => gatewayCard(page, gateways[failure].names[0]!);

async function diagnosticsShows(page: Page, failure: Failure, text: string): Promise<void> {
  await chooseMoreAction(card(page, failure), 'Diagnostics');
  const dialog = page.getByRole('dialog', { name: 'Diagnostic Info' });
  await dialog.getByText(text, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: m.tryAgain }).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function cameraShows(page: Page, failure: Failure, text: string, screenshot?: string): Promise<void> {
  await card(page, failure).getByRole('button', { name: 'Camera' }).click();
  const panel = page.getByRole('dialog', { name: 'Troubleshoot' });
  await panel.getByRole('button', { name: 'Capture image' }).click();
  await panel.getByText(text, { exact: true }).waitFor();
  await panel.getByRole('button', { name: m.tryAgain }).waitFor();
  if (screenshot) await saveScreenshot(page, screenshot);
  await panel.getByRole('button', { name: 'Close' }).click();
  await panel.waitFor({ state: 'detached' });
}

describe('Instruction errors', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('shows the text of each error code a gateway answers, followed by Try again...', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    // A customer of its own: its four gateways are all the grid shows (no card out of view).
    const scopeId = await createCustomer(page, 'Failing Fleet');
    await Promise.all(
      KINDS.map(async (kind) => {
        gateways[kind] = await startSimulatedGateways(portal, {
          scopeId,
          name: `Failing ${kind}`,
          camera: true,
          instructionFailure: FAILURES[kind],
        });
      }),
    );
    await openGatewayGrid(page, scopeId);
    for (const failure of KINDS) {
      await card(page, failure)
        .getByText(/^Online/)
        .waitFor();
    }

    await diagnosticsShows(page, 'rebooted', m.gatewayRebooted);
    await diagnosticsShows(page, 'sendingZip', m.sendingZipError);
    // Any other code, or none, is an error at the gateway.
    await diagnosticsShows(page, 'cameraCapture', m.gatewayError);
    await diagnosticsShows(page, 'empty', m.gatewayError);

    await cameraShows(page, 'cameraCapture', m.captureError);
    await cameraShows(page, 'rebooted', m.gatewayRebooted);
    await cameraShows(page, 'empty', m.invalidResponse, 'camera-invalid-response');
  });
});
