import { randomBytes } from 'node:crypto';
import { type ProvisionedGateway, provisionedGateways } from '@portal/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { hashPath, saveScreenshot, signIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { createCustomer, signInAsNewUser } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 18 items 1-3 (docs/dashboards.md): a customer user lands on the Dashboard, which follows its gateways
 * live, and an offline slice opens exactly those gateways with the 'Filtered by :' banner; root's Global
 * Dashboard draws the server's clusters over tiles that cannot load here (the message says so) and zooms into
 * a cluster.
 */
let smtp: TestSmtp;
let portal: RunningPortal;
const devices: MqttClient[] = [];
beforeAll(async () => {
  smtp = await startSmtp();
  portal = await startPortal('embedded', { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.endAsync()));
  await portal?.stop();
  await smtp?.close();
});

const suffix = randomBytes(3).toString('hex');

/** A provisioned gateway connected over MQTT, as the device itself: its place and status published. */
async function connect(
  gateway: ProvisionedGateway,
  at: [number, number],
  online: boolean,
): Promise<MqttClient> {
  const device = await mqtt.connectAsync(portal.deviceBrokerUrl, {
    clientId: gateway.mac,
    username: gateway.mac,
    password: gateway.password,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  devices.push(device);
  await device.publishAsync(
    `gateways/${gateway.mac}/send/state`,
    JSON.stringify({ TI: Date.now(), LCTN: { LAT: at[0], LNG: at[1] } }),
    { qos: 1 },
  );
  await status(device, gateway, online);
  return device;
}

const status = (device: MqttClient, gateway: ProvisionedGateway, online: boolean) =>
  device.publishAsync(
    `gateways/${gateway.mac}/send/status`,
    JSON.stringify({ CS: online ? 1 : 0, TI: Date.now() }),
    {
      qos: 1,
    },
  );

/** Three gateways of a new customer in one Sydney street (far from the demo fleet): one online, two offline. */
async function seedCustomer(
  page: Page,
): Promise<{ scopeId: string; gateways: ProvisionedGateway[]; devices: MqttClient[] }> {
  const scopeId = await createCustomer(page, `Dash ${suffix}`);
  const response = await page.request.post('/api/gateway/provision', {
    data: { scopeId, count: 3, name: 'Dash' },
  });
  expect(response.status()).toBe(200);
  const gateways = provisionedGateways.parse(await response.json());
  const connected = [];
  for (const [i, gateway] of gateways.entries()) {
    connected.push(await connect(gateway, [-33.8688 + i * 0.0005, 151.2093 + i * 0.0005], i === 0));
  }
  return { scopeId, gateways, devices: connected };
}

/** Root signs in (argon2 on a busy machine can take longer than a UI step). */
async function signInAsRoot(page: Page): Promise<void> {
  await signIn(page);
  await page.waitForURL(/#\/admin\/tenants$/, { timeout: 3 * UI_TIMEOUT_MS });
}

const slice = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).first();

describe('Dashboards', () => {
  const browser = useBrowser(() => portal.baseUrl);
  let seeded: Awaited<ReturnType<typeof seedCustomer>> | undefined;

  it('a customer user lands on the Dashboard, sees it follow a gateway live, and opens the offline slice', async () => {
    const { page: root, context } = browser;
    await signInAsRoot(root);
    seeded ??= await seedCustomer(root);
    const page = await context.newPage();
    await signInAsNewUser(root, page, smtp, seeded.scopeId, ['IOT_DEVICE_READ']);
    await page.waitForURL(/#\/cli\/dashboard/, { timeout: 3 * UI_TIMEOUT_MS });
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await slice(page, 'Offline: 2').waitFor();
    await slice(page, 'Online: 1').waitFor();
    await page.getByRole('figure', { name: 'Gateway Firmware' }).waitFor();

    // The second gateway comes online: the devices channel refreshes the figures, no reload.
    await status(seeded.devices[1]!, seeded.gateways[1]!, true);
    await slice(page, 'Offline: 1').waitFor({ timeout: UI_TIMEOUT_MS });
    await slice(page, 'Online: 2').waitFor();
    await saveScreenshot(page, 'dashboards customer dashboard');

    await slice(page, 'Offline: 1').click();
    await page.waitForURL(/#\/cli\/gateways\/list_view\?.*status=offline/);
    expect(hashPath(page)).toBe('/cli/gateways/list_view');
    const banner = page.getByRole('region', { name: 'Filtered by' });
    await banner.getByText('Filtered by :').waitFor();
    await banner.getByText('Offline', { exact: true }).waitFor();
    const offlineName = `Dash ${seeded.gateways[2]!.mac.slice(-4)}`;
    await page.getByText(offlineName, { exact: true }).first().waitFor();
    for (const other of seeded.gateways.slice(0, 2)) {
      expect(await page.getByText(`Dash ${other.mac.slice(-4)}`, { exact: true }).count()).toBe(0);
    }
    await saveScreenshot(page, 'dashboards offline slice opens the filtered list');
  });

  it("root's Global Dashboard clusters the map on the server and zooms into a cluster", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    seeded ??= await seedCustomer(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Global Dashboard', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Global Dashboard' }).waitFor();
    await page
      .getByRole('figure', { name: 'Gateways Distribution' })
      .getByRole('link', { name: `Dash ${suffix}: 3`, exact: true })
      .waitFor();
    // The map loads when its place comes into view.
    await page.getByText('Locations', { exact: true }).scrollIntoViewIfNeeded();
    // No internet here: the tiles fail and the map says so, its markers still drawn.
    await page.getByText('Map tiles could not be loaded. Gateways and clusters are still shown.').waitFor();
    const map = page.getByRole('region', { name: 'Locations map' });
    // The fleet (the demo gateways and the three in Sydney) in clusters, each named by its online/offline split.
    const clusters = map.getByRole('button', { name: /^\d+ gateways: \d+ online, \d+ offline$/ });
    await clusters.first().waitFor();
    const biggest = await clusters.evaluateAll(
      (elements) =>
        elements
          .map((element) => element.getAttribute('aria-label') ?? '')
          .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))[0],
    );
    expect(Number.parseInt(biggest ?? '', 10)).toBeGreaterThanOrEqual(3);
    const zoomBefore = Number(await map.getAttribute('data-zoom'));
    await saveScreenshot(page, 'dashboards global dashboard');
    await map.getByRole('button', { name: biggest, exact: true }).first().click();
    await page.getByRole('button', { name: 'Zoom into cluster', exact: true }).click();
    // The server answers the closer view: that cluster opens into smaller ones or single gateways.
    await expect
      .poll(async () => Number(await map.getAttribute('data-zoom')), { timeout: UI_TIMEOUT_MS })
      .toBeGreaterThan(zoomBefore);
    await expect
      .poll(() => map.getByRole('button', { name: biggest, exact: true }).count(), { timeout: UI_TIMEOUT_MS })
      .toBe(0);
    await saveScreenshot(page, 'dashboards global dashboard zoomed into a cluster');
  });
});
