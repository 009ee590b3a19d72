import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { provisionedGateways } from '@portal/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { createCustomer, gatewayCard } from './support/gateway-details.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';

/**
 * Issue 30.9: a gateway's firmware reads 'FW' plus year-month-day on every screen and in Customers.csv
 * (spec 000 section 2), whatever form the gateway reports it in: the rolled-out '20261101' as the
 * simulator's 'v2024-05-12'.
 */
let portal: SharedPortal;
let device: MqttClient | undefined;
beforeAll(async () => {
  portal = await sharedPortal();
});
afterAll(async () => {
  await device?.endAsync();
});

const REPORTED = '20261101';
const SHOWN = 'FW 2026-11-01';

describe('Firmware shown one way', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it(`shows a gateway reporting ${REPORTED} as '${SHOWN}' on every screen and in Customers.csv`, async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const customer = `Firmware ${randomBytes(3).toString('hex')}`;
    const scopeId = await createCustomer(page, customer);
    const provisioned = await page.request.post('/api/gateway/provision', {
      data: { scopeId, count: 1, name: 'Fw' },
    });
    expect(provisioned.status()).toBe(200);
    const [gateway] = provisionedGateways.parse(await provisioned.json());
    const name = `Fw ${gateway!.mac.slice(-4)}`;
    // The gateway itself, as a device that runs the version of its file name reports it.
    device = await mqtt.connectAsync(portal.deviceBrokerUrl, {
      clientId: gateway!.mac,
      username: gateway!.mac,
      password: gateway!.password,
      reconnectPeriod: 0,
    });
    const send = (kind: string, body: object) => {
      const message = JSON.stringify({ TI: Date.now(), ...body });
      return device!.publishAsync(`gateways/${gateway!.mac}/send/${kind}`, message, { qos: 1 });
    };
    await send('state', { FW: REPORTED, OS: '06.01' });
    await send('status', { CS: 1 });

    // Root's Global Dashboard lists every customer's gateways.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Global Dashboard', exact: true })
      .click();
    await page
      .getByRole('table', { name: 'Gateways of every customer' })
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('cell', { name: SHOWN, exact: true })
      .waitFor();

    // The customers list and its CSV.
    await page.goto('/#/admin/tenants');
    await page.getByRole('searchbox', { name: 'Search' }).fill(customer);
    const customerRow = page.getByRole('row').filter({ hasText: customer });
    await customerRow.getByRole('cell', { name: SHOWN, exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n').find((line) => line.startsWith(`${customer},`))).toContain(`,${SHOWN},`);

    // The gateways list and the card's back.
    await page.goto(`/#/cli/gateways/list_view?scopeId=${scopeId}`);
    const listRow = page.getByRole('table', { name: 'Gateways' }).getByRole('row').filter({ hasText: name });
    await listRow.getByRole('cell', { name: SHOWN, exact: true }).waitFor();
    expect(await page.getByText(REPORTED).count()).toBe(0);
    await page.goto(`/#/cli/gateways/grid_view?scopeId=${scopeId}`);
    const card = gatewayCard(page, name);
    await card.getByRole('button', { name: 'Flip' }).click();
    await card.getByText(`Firmware ${SHOWN}`, { exact: true }).waitFor();

    // The customer's Dashboard: the firmware column, and the list it opens with its 'Filtered by' chip.
    await page.goto(`/#/cli/dashboard?scopeId=${scopeId}`);
    const column = page
      .getByRole('figure', { name: 'Gateway Firmware' })
      .getByRole('link', { name: `${SHOWN}: 1`, exact: true });
    await column.waitFor();
    await saveScreenshot(page, 'firmware format dashboard');
    await column.click();
    await page
      .getByRole('region', { name: 'Filtered by' })
      .getByText(`Firmware ${SHOWN}`, { exact: true })
      .waitFor();

    // Global search by the gateway's MAC (it searches 2.5 s after typing stops, across every customer).
    await page.goto('/#/global-search');
    await page.getByRole('searchbox', { name: 'Search' }).fill(gateway!.mac);
    await page
      .getByRole('table', { name: 'Gateways' })
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('cell', { name: SHOWN, exact: true })
      .waitFor({ timeout: 3 * UI_TIMEOUT_MS });
    expect(await page.getByText(REPORTED).count()).toBe(0);
    await saveScreenshot(page, 'firmware format global search');
  });
});
