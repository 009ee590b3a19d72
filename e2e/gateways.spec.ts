import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { createCustomer, registerGateway } from './support/gateway-details.ts';
import { DEMO_GATEWAYS, DEMO_MACS, type RunningPortal, startPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

const SEARCH = 'Search using keyword or name..';
const LIVE_TIMEOUT_MS = 20_000;

const cards = (page: Page) => page.getByRole('article');
/** The demo gateways' cards (other tests add gateways of their own to the demo customer). */
const demoCards = (page: Page) => page.getByRole('article', { name: /^Demo Gateway \d+$/ });
/** Polls with the UI time-out (expect.poll's own default is 1 s). */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: UI_TIMEOUT_MS });
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const cardNames = async (page: Page) =>
  (await cards(page).evaluateAll((elements) => elements.map((e) => e.getAttribute('aria-label')))).sort();

/** The number of points a mini-chart draws (its aria-label says 'CO2: 12 points on a scale of 0 to 2000 ppm'). */
async function chartPoints(page: Page, gateway: string, chart: string): Promise<number> {
  const label = await card(page, gateway)
    .getByRole('img', { name: new RegExp(`^${chart}: \\d+ points on a scale of `) })
    .getAttribute('aria-label');
  return Number(label?.match(/(\d+) points/)?.[1] ?? -1);
}

async function openGateways(page: Page): Promise<void> {
  await signInAsRoot(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Gateways' })
    .click();
  await poll(() => demoCards(page).count()).toBe(DEMO_GATEWAYS);
}

describe('Gateways page', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('shows the demo gateways as flip cards whose mini-charts fill live, with the sensor selector', async () => {
    const { page } = browser;
    await openGateways(page);

    const first = card(page, 'Demo Gateway 1');
    expect(await first.getByText(/^(Online|Offline) · (Today|Yesterday|\d+ Days|-)$/).count()).toBe(1);
    for (const label of ['Information', 'Maximise', 'Reboot', 'Flip', 'More actions']) {
      expect(await first.getByRole('button', { name: label, exact: true }).count()).toBe(1);
    }
    // The camera button names the card's camera state (disabled where none is installed).
    expect(await first.getByRole('button', { name: /^Camera( not installed)?$/ }).count()).toBe(1);
    expect(await first.getByRole('button', { name: /^Hotspot (Enabled|Disabled)$/ }).count()).toBe(1);
    expect(await first.getByRole('button', { name: /^(Location|No Location)$/ }).count()).toBe(1);

    // The CO2 group is the default; its charts gain points as samples arrive over /mqtt.
    const co2Button = first.getByRole('button', { name: 'CO2', exact: true });
    expect(await co2Button.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => chartPoints(page, 'Demo Gateway 1', 'CO2'), { timeout: LIVE_TIMEOUT_MS })
      .toBeGreaterThan(0);
    const before = await chartPoints(page, 'Demo Gateway 1', 'CO2');
    if (before < 50) {
      await expect
        .poll(() => chartPoints(page, 'Demo Gateway 1', 'CO2'), { timeout: LIVE_TIMEOUT_MS })
        .toBeGreaterThan(before);
    }
    expect(await first.getByRole('img', { name: /^Temperature: \d+ points on a scale of / }).count()).toBe(1);

    // Air Quality (5) replaces CO2 and temperature with its five charts; the groups exclude each other.
    await first.getByRole('button', { name: 'Air Quality (5)' }).click();
    for (const chart of ['CO', 'NH3', 'NO2', 'Resistance', 'TVOC']) {
      expect(
        await first.getByRole('img', { name: new RegExp(`^${chart}: \\d+ points on a scale of `) }).count(),
      ).toBe(1);
    }
    expect(await first.getByRole('img', { name: /^CO2: / }).count()).toBe(0);
    expect(await co2Button.getAttribute('aria-pressed')).toBe('false');
    await first.getByRole('button', { name: 'Air Quality 2' }).click();
    expect(await first.getByRole('img', { name: /^(Resistance|TVOC): / }).count()).toBe(2);
    expect(await first.getByRole('img', { name: /^CO: / }).count()).toBe(0);
    await saveScreenshot(page, 'gateways-grid');

    // The back: CPU and memory, camera, firmware and OS; flipping again shows the sensors as they were.
    await first.getByRole('button', { name: 'Flip' }).click();
    await first.getByRole('img', { name: /^CPU: \d+ points on a scale of / }).waitFor();
    expect(await first.getByRole('img', { name: /^Memory: \d+ points on a scale of / }).count()).toBe(1);
    expect(await first.getByText(/^Firmware (FW \d{4}-\d{2}-\d{2}|.+)$/).count()).toBe(1);
    expect(await first.getByText(/^OS /).count()).toBe(1);
    expect(await first.getByText(/^Camera (installed|not installed)$/).count()).toBe(1);
    await saveScreenshot(page, 'gateways-card-back');
    await first.getByRole('button', { name: 'Flip' }).click();
    await first.getByRole('img', { name: /^TVOC: / }).waitFor();
  });

  it('searches by MAC and by firmware ignoring case and spaces', async () => {
    const { page } = browser;
    await openGateways(page);
    const search = page.getByPlaceholder(SEARCH);
    await search.fill(' de 0000 000002 ');
    await poll(() => cardNames(page)).toEqual(['Demo Gateway 2']);

    // The firmware as the card back shows it ('FW 2024-05-12'), typed in lower case with spaces.
    await search.fill('');
    await poll(() => demoCards(page).count()).toBe(DEMO_GATEWAYS);
    const third = card(page, 'Demo Gateway 3');
    await third.getByRole('button', { name: 'Flip' }).click();
    const firmware = (await third.getByText(/^Firmware /).innerText()).replace(/^Firmware /, '');
    const typed = firmware.toLowerCase().split('').join(' ');
    await search.fill(typed);
    await poll(() => cardNames(page)).toContain('Demo Gateway 3');
    await search.fill('no such gateway');
    await poll(() => cards(page).count()).toBe(0);
  });

  it('lists the gateways with rows per page remembered after a reload', async () => {
    const { page } = browser;
    await openGateways(page);
    await page.getByRole('button', { name: 'List view' }).click();
    await page.waitForURL(/#\/cli\/gateways\/list_view/);
    const table = page.getByRole('table', { name: 'Gateways' });
    const rows = table.getByRole('row').filter({ hasText: 'Demo Gateway' });
    await poll(() => rows.count()).toBe(DEMO_GATEWAYS);
    for (const mac of DEMO_MACS) expect(await rows.filter({ hasText: mac }).count()).toBe(1);
    const row = table.getByRole('row', { name: 'Demo Gateway 1' });
    expect(await row.getByRole('button', { name: 'Information' }).count()).toBe(1);
    await row.getByRole('button', { name: 'More actions' }).click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toContain('Gateway status');
    await page.keyboard.press('Escape');

    // 25 rows by default; 5 is remembered for the session (locksRPP).
    const rowsPerPage = page.getByRole('combobox', { name: /Rows per page/ });
    expect(await rowsPerPage.innerText()).toBe('25');
    await rowsPerPage.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['5', '10', '15', '20', '25']);
    await page.getByRole('option', { name: '5', exact: true }).click();
    await page.reload();
    await poll(() => rows.count()).toBe(DEMO_GATEWAYS);
    expect(await page.getByRole('combobox', { name: /Rows per page/ }).innerText()).toBe('5');
    await saveScreenshot(page, 'gateways-list');
  });

  it("rotates a gateway's credential: a confirmation, the new one shown once, the gateway cut off", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const scopeId = await createCustomer(page, `Rotate Fleet ${randomBytes(3).toString('hex')}`);
    let gateways: SimulatedGateways | undefined = await startSimulatedGateways(portal, {
      scopeId,
      name: 'Rotate',
    });
    try {
      const name = gateways.names[0]!;
      await page.goto(`/#/cli/gateways/grid_view?scopeId=${scopeId}`);
      const rotated = card(page, name);
      await rotated.getByText(/^Online · /).waitFor({ timeout: LIVE_TIMEOUT_MS });
      await rotated.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Rotate credential' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rotate credential' });
      await dialog.getByText(`Issue a new credential for ${name}?`, { exact: false }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // Cancel changes nothing: the gateway stays online.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await rotated.getByText(/^Online · /).count()).toBe(1);

      await rotated.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Rotate credential' }).click();
      await dialog.getByRole('button', { name: 'Rotate', exact: true }).click();
      const field = dialog.getByRole('textbox', { name: 'Device credential' });
      await field.waitFor();
      expect((await field.inputValue()).length).toBeGreaterThanOrEqual(20);
      expect(await dialog.getByRole('textbox', { name: /^MAC/ }).inputValue()).toBe(gateways.macs[0]);
      const notice = page.getByText('New credential issued: the previous one no longer works.');
      await notice.waitFor();
      await saveScreenshot(page, 'gateways-rotate-credential');
      // Escape does not lose the credential by accident; axe once the snackbar (its own colours) has gone.
      await page.keyboard.press('Escape');
      await notice.waitFor({ state: 'detached', timeout: 15_000 });
      expect(await field.isVisible()).toBe(true);
      await page.waitForTimeout(600);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The simulated gateway still has the old credential: dropped, then refused, so it shows offline.
      await rotated.getByText(/^Offline · /).waitFor({ timeout: LIVE_TIMEOUT_MS });
      await gateways.stop();
      gateways = undefined;
    } finally {
      await gateways?.stop();
    }
  });

  it("shows the 'Filtered by :' banners and removes each filter with its icon", async () => {
    const { page } = browser;
    await openGateways(page);
    // A customer of its own whose gateways never connect (offline, registered): no demo gateway comes and goes.
    const scopeId = await createCustomer(page, `Filter Fleet ${randomBytes(3).toString('hex')}`);
    for (const name of ['Filter Gateway A', 'Filter Gateway B']) await registerGateway(page, scopeId, name);
    const both = ['Filter Gateway A', 'Filter Gateway B'];
    const banner = page.getByRole('region', { name: 'Filtered by' });
    const open = (query: string) => page.goto(`/#/cli/gateways/grid_view?scopeId=${scopeId}&${query}`);

    await open('status=online');
    await banner.getByText('Online', { exact: true }).waitFor();
    expect(await banner.getByText('Filtered by :').count()).toBe(1);
    await poll(() => cards(page).count()).toBe(0);
    await banner.getByRole('button', { name: 'Remove filter Online' }).click();
    await poll(() => cardNames(page)).toEqual(both);
    expect(await banner.count()).toBe(0);

    await open('status=offline&enrollment=registered');
    await banner.getByText('Offline', { exact: true }).waitFor();
    await banner.getByText('Registered', { exact: true }).waitFor();
    await poll(() => cardNames(page)).toEqual(both);

    await open('enrollment=unregistered');
    await banner.getByText('Unregistered', { exact: true }).waitFor();
    await poll(() => cards(page).count()).toBe(0);
    await banner.getByRole('button', { name: 'Remove filter Unregistered' }).click();
    await poll(() => cardNames(page)).toEqual(both);

    // A name from the global search: the same name, ignoring case.
    await page.goto(`/#/cli/gateways?scopeId=${scopeId}&name=filter%20gateway%20b`);
    await banner.getByText('filter gateway b', { exact: true }).waitFor();
    await poll(() => cardNames(page)).toEqual(['Filter Gateway B']);
    await saveScreenshot(page, 'gateways-filtered-by');
    await banner.getByRole('button', { name: 'Remove filter filter gateway b' }).click();
    await poll(() => cardNames(page)).toEqual(both);
  });

  it('deletes offline gateways in delete mode with the spec message', async () => {
    const { page } = browser;
    await openGateways(page);
    const scopeId = await createCustomer(page, `Offline Fleet ${randomBytes(3).toString('hex')}`);
    // Gateways registered here never connect: they stay offline.
    const idle = ['Idle Gateway A', 'Idle Gateway B', 'Idle Gateway C'];
    for (const name of idle) await registerGateway(page, scopeId, name);
    await page.goto(`/#/cli/gateways/grid_view?scopeId=${scopeId}`);
    await poll(() => cards(page).count()).toBe(idle.length);

    await page.getByRole('button', { name: 'Delete offline gateways' }).click();
    const header = page.getByRole('heading', { name: /^Selected Offline Gateways - / });
    expect(await header.innerText()).toBe('Selected Offline Gateways - 0 / 3');
    // Only offline gateways are listed in delete mode.
    await poll(() => cardNames(page)).toEqual(idle);
    expect(await page.getByRole('button', { name: 'Delete Gateways' }).isDisabled()).toBe(true);

    await page.getByRole('checkbox', { name: 'Select Idle Gateway B' }).check();
    expect(await header.innerText()).toBe('Selected Offline Gateways - 1 / 3');
    await page.getByRole('button', { name: 'Select Gateways' }).click();
    expect(
      await page
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((r) => r.parentElement?.parentElement?.textContent)),
    ).toEqual(['10', '50', '100', 'Custom number', 'All']);
    await page.getByRole('radio', { name: 'Custom number' }).check();
    await page.getByLabel('Number of gateways').fill('0');
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await page.getByLabel('Number of gateways').fill('2');
    await page.getByRole('button', { name: 'Apply' }).click();
    expect(await header.innerText()).toBe('Selected Offline Gateways - 2 / 3');
    expect(await page.getByRole('checkbox', { name: 'Select Idle Gateway A' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Select Idle Gateway C' }).isChecked()).toBe(false);

    // A failing call keeps the gateways and says so.
    await page.route('**/api/deleteOfflineGateways', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"INTERNAL","message":"x"}',
      }),
    );
    await page.getByRole('button', { name: 'Delete Gateways' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Gateway confirmation' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Failed to Delete Gateway(s)', { exact: true }).waitFor();
    await page.unroute('**/api/deleteOfflineGateways');
    await poll(() => cards(page).count()).toBe(3);

    await page.getByRole('checkbox', { name: 'Select Idle Gateway A' }).check();
    await page.getByRole('checkbox', { name: 'Select Idle Gateway B' }).check();
    await page.getByRole('button', { name: 'Delete Gateways' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Successfully Deleted Gateway(s)', { exact: true }).waitFor();
    // Done deleting: the page leaves delete mode (issue 14.7).
    await header.waitFor({ state: 'detached' });
    await poll(() => cardNames(page)).toEqual(['Idle Gateway C']);
    expect(await page.getByRole('button', { name: 'Exit delete mode' }).count()).toBe(0);
    await saveScreenshot(page, 'gateways-delete-mode');
  });

  it('shows a gateway going offline live, without a reload', async () => {
    const { page } = browser;
    const gateways = await startSimulatedGateways(portal, { count: 1, name: 'Live Gateway' });
    try {
      await signInAsRoot(page);
      await page.goto(`/#/cli/gateways/grid_view?scopeId=${gateways.scopeId}`);
      const live = card(page, gateways.names[0]!);
      await live.getByText(/^Online · /).waitFor();
      // Stop only once the page hears the live channels: a live sample reaches the card's chart.
      await page.getByRole('img', { name: 'Live updates connected' }).waitFor();
      const points = await chartPoints(page, gateways.names[0]!, 'CO2');
      await expect
        .poll(() => chartPoints(page, gateways.names[0]!, 'CO2'), { timeout: LIVE_TIMEOUT_MS })
        .toBeGreaterThan(points);
      const stopping = gateways.stop();
      await live.getByText(/^Offline · /).waitFor({ timeout: LIVE_TIMEOUT_MS });
      await saveScreenshot(page, 'gateways-live-offline');
      await stopping;
    } catch (error) {
      await gateways.stop().catch(() => undefined);
      throw error;
    }
  });

  it("selects gateways for onboarding with the 'selected - N' heading", async () => {
    const { page } = browser;
    await openGateways(page);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.getByRole('button', { name: 'Select gateways' }).click();
    const onboard = page.getByRole('button', { name: 'Onboard selected' });
    expect(await onboard.isDisabled()).toBe(true);
    await page.getByText('selected - 0', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Demo Gateway 1' }).check();
    await page.getByRole('checkbox', { name: 'Select Demo Gateway 3' }).check();
    await page.getByText('selected - 2', { exact: true }).waitFor();
    expect(await onboard.isDisabled()).toBe(false);
    // The selection survives a change of view.
    await page.getByRole('button', { name: 'List view' }).click();
    expect(await page.getByRole('checkbox', { name: 'Select Demo Gateway 3' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Cancel selection' }).click();
    expect(await page.getByRole('checkbox').count()).toBe(0);
  });
});
