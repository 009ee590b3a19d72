import { instructionMessages as m } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { DEMO_CUSTOMER, gatewayCard, openGatewayGrid, scopeIdByName } from './support/gateway-details.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

/**
 * Spec 001 sections 2 and 4: the Gateway Location map, and the device-logs request of the Information panel,
 * to the download link and to the time-out with a gateway that never answers.
 */
let portal: SharedPortal;
let silent: SimulatedGateways;
beforeAll(async () => {
  portal = await sharedPortal();
  silent = await startSimulatedGateways(portal, { count: 1, answerInstructions: false });
});
afterAll(async () => {
  await silent?.stop();
});

/** The device-logs wait of a gateway app up to version 158 (spec 001 section 9). */
const LOGS_TIMEOUT_MS = 60_000;

async function openDemoGrid(page: Page): Promise<void> {
  await signInAsRoot(page);
  await openGatewayGrid(page, await scopeIdByName(page, DEMO_CUSTOMER));
}

describe('Gateway Location', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('shows a full-screen map with the gateway marker; tiles that cannot load change nothing', async () => {
    const { page } = browser;
    // No internet in tests: every tile request fails.
    await page.route(/tile/, (route) => route.abort());
    await openDemoGrid(page);
    await gatewayCard(page, 'Demo Gateway 1').getByRole('button', { name: 'Location', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Gateway Location - Demo Gateway 1' });
    await dialog.locator('.leaflet-marker-icon[title="Demo Gateway 1"]').waitFor();
    await saveScreenshot(page, 'gateway-location');
    await dialog.getByRole('button', { name: 'Minimize' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('Device logs', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('requests the logs and offers the saved file as a download link', async () => {
    const { page } = browser;
    await openDemoGrid(page);
    await gatewayCard(page, 'Demo Gateway 2').getByRole('button', { name: 'Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Gateway Information' });
    await panel.getByRole('button', { name: 'Request device logs' }).click();
    // The gateway reports its upload step by step; the panel shows the percent.
    await panel.getByText(/^(25|50|75|100)%$/).waitFor();
    await panel.getByText(m.logsSaved, { exact: true }).waitFor();
    await panel.getByText(m.logsLinkReady, { exact: true }).waitFor();
    const link = panel.getByRole('link', { name: 'Download device logs' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/device-logs\//);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect((await file.body()).length).toBeGreaterThan(0);
    await saveScreenshot(page, 'gateway-device-logs');
  });

  it('gives up on a gateway that never answers', async () => {
    const { page } = browser;
    await openDemoGrid(page);
    await gatewayCard(page, silent.names[0]!).getByRole('button', { name: 'Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Gateway Information' });
    // The browser's clock, not the test's, runs the minute forward.
    await page.clock.install();
    await panel.getByRole('button', { name: 'Request device logs' }).click();
    await panel.getByText(m.requestingDevice, { exact: true }).waitFor();
    await page.clock.fastForward(LOGS_TIMEOUT_MS - 1_000);
    expect(await panel.getByText(m.logsTimedOut, { exact: true }).count()).toBe(0);
    await page.clock.fastForward(2_000);
    await panel.getByText(m.logsTimedOut, { exact: true }).waitFor();
    // Asking again is possible.
    expect(await panel.getByRole('button', { name: 'Request device logs' }).isEnabled()).toBe(true);
  });
});
