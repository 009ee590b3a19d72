import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { DEMO_GATEWAYS, DEMO_MACS, type RunningPortal, startPortal } from './support/portal.ts';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

const gatewayTable = (page: Page) => page.getByRole('table', { name: 'Gateways' });

/** The CO2 cell of a demo gateway's row. */
async function co2Of(page: Page, mac: string): Promise<string> {
  const row = gatewayTable(page).getByRole('row').filter({ hasText: mac });
  return row.getByRole('cell').nth(4).innerText();
}

describe('Gateways (first fleet list)', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('shows the demo gateways online on first start, with readings that change live', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Gateways' })
      .click();

    const rows = gatewayTable(page).getByRole('row').filter({ hasText: 'Demo Gateway' });
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT_MS }).toBe(DEMO_GATEWAYS);
    for (const mac of DEMO_MACS) {
      const row = rows.filter({ hasText: mac });
      await expect.poll(() => row.getByText('Online').count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
      await expect.poll(() => co2Of(page, mac), { timeout: UI_TIMEOUT_MS }).toMatch(/^\d+(\.\d{1,2})?$/);
    }

    // No reload, no polling: the next samples arrive over /mqtt and the cells change.
    const before = await Promise.all(DEMO_MACS.map((mac) => co2Of(page, mac)));
    await expect
      .poll(async () => (await Promise.all(DEMO_MACS.map((mac) => co2Of(page, mac)))).join(), {
        timeout: 20_000,
      })
      .not.toBe(before.join());
    await saveScreenshot(page, 'gateways-live');
  });
});
