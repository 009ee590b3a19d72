import type { Locator, Page } from 'playwright-core';
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
import { DEMO_MACS, type RunningPortal, startPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

/**
 * The card's device actions against the simulator: hotspot toggle (blinking while in progress, the live
 * result), reboot (offline, then back), diagnostics and camera capture answered, and every refusal of an
 * offline gateway or a gateway without a camera. The time-outs are in instruction-timeouts.spec.ts.
 */
let portal: RunningPortal;
let cameras: SimulatedGateways;
let noCamera: SimulatedGateways;
let stopped: SimulatedGateways;
beforeAll(async () => {
  portal = await startPortal();
  [cameras, noCamera, stopped] = await Promise.all([
    startSimulatedGateways(portal, { name: 'Camera', camera: true }),
    startSimulatedGateways(portal, { name: 'No camera', camera: false }),
    startSimulatedGateways(portal, { name: 'Stopped', camera: true }),
  ]);
  await stopped.stop();
});
afterAll(async () => {
  await Promise.all([cameras?.stop(), noCamera?.stop()]);
  await portal?.stop();
});

/** The simulator switches the hotspot in 5 s and restarts in 3 s; the live result follows. */
const CHANGE_TIMEOUT_MS = 20_000;
const DEMO_GATEWAY = 'Demo Gateway 1';

async function openGrid(page: Page): Promise<void> {
  await signInAsRoot(page);
  await openGatewayGrid(page, await scopeIdByName(page, DEMO_CUSTOMER));
}

const hotspotButton = (card: Locator) => card.getByRole('button', { name: /^Hotspot (Enabled|Disabled)$/ });
const isBlinking = async (card: Locator) =>
  ((await hotspotButton(card).getAttribute('class')) ?? '').split(' ').includes('blinking');

/** Confirms the hotspot toggle of a card: the dialog asks about the other state, closes, the icon blinks. */
async function toggleHotspot(page: Page, card: Locator, to: 'ON' | 'OFF'): Promise<void> {
  await hotspotButton(card).click();
  const dialog = page.getByRole('dialog', { name: 'Gateway HotSpot Toggle' });
  await dialog.getByText(new RegExp(`turn the hotspot of .* ${to}\\?$`)).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A second toggle while the change is in progress is not offered. */
async function refusedWhileInProgress(page: Page, card: Locator): Promise<void> {
  await hotspotButton(card).click();
  const dialog = page.getByRole('dialog', { name: 'Gateway HotSpot Toggle' });
  await dialog.getByText('A hotspot change is already in progress', { exact: true }).waitFor();
  expect(await dialog.getByRole('button', { name: 'OK' }).count()).toBe(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('Device actions', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('turns the hotspot on and off: the icon blinks while it changes, then the live result shows', async () => {
    const { page } = browser;
    await openGrid(page);
    const card = gatewayCard(page, DEMO_GATEWAY);
    const mac = DEMO_MACS[0]!;
    const startedEnabled = (await hotspotButton(card).getAttribute('aria-label')) === 'Hotspot Enabled';

    // On, then off; a hotspot the simulator started enabled is first turned off.
    for (const to of startedEnabled ? (['OFF', 'ON', 'OFF'] as const) : (['ON', 'OFF'] as const)) {
      await toggleHotspot(page, card, to);
      await expect.poll(() => isBlinking(card)).toBe(true);
      await saveScreenshot(page, `hotspot-${to}-in-progress`);
      if (to === 'ON') await refusedWhileInProgress(page, card);
      await seeText(page, `Successfully updated hotspot status for ${mac}`);
      await expect.poll(() => isBlinking(card), { timeout: CHANGE_TIMEOUT_MS }).toBe(false);
      await expect
        .poll(() => hotspotButton(card).getAttribute('aria-label'))
        .toBe(to === 'ON' ? 'Hotspot Enabled' : 'Hotspot Disabled');
    }
  });

  it('refuses the hotspot, diagnostics, camera and reboot of an offline gateway without sending', async () => {
    const { page } = browser;
    await openGrid(page);
    const card = gatewayCard(page, stopped.names[0]!);
    await card.getByText(/^Offline/).waitFor();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });

    await hotspotButton(card).click();
    let dialog = page.getByRole('dialog', { name: 'Gateway HotSpot Toggle' });
    await dialog.getByText('Gateway is offline...', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'OK' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await card.getByRole('button', { name: 'Reboot' }).click();
    dialog = page.getByRole('dialog', { name: 'Rebooting Device' });
    await dialog.getByText('Gateway is offline...', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await chooseMoreAction(card, 'Diagnostics');
    dialog = page.getByRole('dialog', { name: 'Diagnostic Info' });
    await dialog.getByText('Gateway is offline...', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await card.getByRole('button', { name: 'Camera' }).click();
    const panel = page.getByRole('dialog', { name: 'Troubleshoot' });
    await panel.getByRole('button', { name: 'Capture image' }).click();
    await panel.getByText('Gateway is offline...', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Try again...' }).waitFor();
    await saveScreenshot(page, 'camera-offline');
    expect(sent.filter((call) => /instruction|hotspot|command/.test(call))).toEqual([]);
  });

  it('reboots a gateway: it goes offline and comes back online', async () => {
    const { page } = browser;
    await openGrid(page);
    const card = gatewayCard(page, noCamera.names[0]!);
    await card.getByText(/^Online/).waitFor();
    await card.getByRole('button', { name: 'Reboot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rebooting Device' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await seeText(page, 'Gateway Restarted ...');
    await card.getByText(/^Offline/).waitFor({ timeout: CHANGE_TIMEOUT_MS });
    await card.getByText(/^Online/).waitFor({ timeout: CHANGE_TIMEOUT_MS });
  });

  it('shows the diagnostics of a gateway in four sections', async () => {
    const { page } = browser;
    await openGrid(page);
    // Seeing the answer records the user activity diagnosticViewed.
    const dialog = page.getByRole('dialog', { name: 'Diagnostic Info' });
    const [activitySaved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/saveUserActivities' &&
          response.request().headers()['activity-key'] === 'diagnosticViewed',
      ),
      chooseMoreAction(gatewayCard(page, cameras.names[0]!), 'Diagnostics').then(() =>
        dialog.getByText('Gateway responded', { exact: true }).waitFor(),
      ),
    ]);
    expect(activitySaved.status()).toBe(200);
    for (const section of ['Network Info', 'Gateway Firmware', 'Memory Info', 'Gateway OS']) {
      await dialog.getByRole('region', { name: section }).waitFor();
    }
    expect(await dialog.getByRole('region', { name: 'Memory Info' }).innerText()).toMatch(/\d+(\.\d+)? MB/);
    expect(await dialog.getByRole('region', { name: 'Gateway Firmware' }).innerText()).toMatch(
      /FW \d{4}-\d{2}-\d{2}/,
    );
    await saveScreenshot(page, 'diagnostics-answered');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('captures a camera image, and offers no capture on a gateway without a camera module', async () => {
    const { page } = browser;
    await openGrid(page);

    await gatewayCard(page, cameras.names[0]!).getByRole('button', { name: 'Camera' }).click();
    const panel = page.getByRole('dialog', { name: 'Troubleshoot' });
    await panel.getByRole('button', { name: 'Capture image' }).click();
    await panel.getByText('Image capture success...', { exact: true }).waitFor();
    const image = panel.getByRole('img', { name: `Camera image of ${cameras.names[0]}` });
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await saveScreenshot(page, 'camera-captured');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    // A gateway whose card says it has no camera module offers no capture, and says why.
    const noCameraButton = gatewayCard(page, noCamera.names[0]!).getByRole('button', {
      name: 'Camera not installed',
    });
    expect(await noCameraButton.isDisabled()).toBe(true);
  });
});
