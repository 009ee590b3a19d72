import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { DEMO_MACS, type SharedPortal, sharedPortal } from './support/portal.ts';

let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

const GATEWAY = 'Demo Gateway 1';
const MAC = DEMO_MACS[0]!;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A graph call the page made: its series ('co2Data', 'states', 'events'...), range and path. */
interface GraphCall {
  kind: string;
  fromTime: number;
  toTime: number;
  path: string;
}

/**
 * Notes in the page when the app called fetch, by path: the browser's own clock at the call, which a loaded
 * machine cannot shift (the test process may hear of a request hundreds of milliseconds late).
 */
const FETCH_CLOCK = `(() => {
  if (window.fetchCalledAt) return;
  const calledAt = (window.fetchCalledAt = {});
  const original = window.fetch;
  window.fetch = function (input, init) {
    const path = new URL(typeof input === 'string' ? input : input.url, location.href).pathname;
    (calledAt[path] ??= []).push(Date.now());
    return original.call(this, input, init);
  };
})()`;

/** Records every graph call of the page from now on. */
function recordGraphCalls(page: Page): GraphCall[] {
  const calls: GraphCall[] = [];
  void page.addInitScript(FETCH_CLOCK);
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    const match = /\/api\/device\/(\w+)\/macId\/(\w+)\/fromTime\/(\d+)\/toTime\/(\d+)$/.exec(path);
    if (match && match[2] === MAC) {
      calls.push({ kind: match[1]!, fromTime: Number(match[3]), toTime: Number(match[4]), path });
    }
  });
  return calls;
}

/** When the app called fetch for each of `calls` (its first call of that path). */
async function calledAt(page: Page, calls: GraphCall[]): Promise<number[]> {
  const times = await page.evaluate(
    () => (window as unknown as { fetchCalledAt: Record<string, number[]> }).fetchCalledAt,
  );
  return calls.map((call) => times[call.path]?.[0] ?? Number.NaN);
}

async function openGatewaysGrid(page: Page): Promise<Locator> {
  await signInAsRoot(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Gateways' })
    .click();
  const card = page.getByRole('article', { name: GATEWAY });
  await card.waitFor();
  return card;
}

async function openSensorView(page: Page): Promise<Locator> {
  const card = await openGatewaysGrid(page);
  await card.getByRole('button', { name: 'Maximise' }).click();
  const view = page.getByRole('region', { name: `Sensor graphs of ${GATEWAY}` });
  await view.waitFor();
  return view;
}

async function openFromMenu(page: Page, item: string): Promise<Locator> {
  const card = await openGatewaysGrid(page);
  await card.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog').first();
}

const chart = (scope: Locator, title: string) => scope.getByRole('figure', { name: title, exact: true });
const heightOf = async (locator: Locator) => Math.round((await locator.boundingBox())?.height ?? 0);
const chartTitles = (scope: Locator) =>
  scope.getByRole('figure').evaluateAll((figures) => figures.map((f) => f.getAttribute('aria-label')));

async function chooseInterval(page: Page, scope: Locator, label: string): Promise<void> {
  await scope.getByRole('combobox', { name: 'Interval' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('Gateway graphs', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('maximises a card into sensor charts that chips add and remove (565 alone, 270 each otherwise)', async () => {
    const { page } = browser;
    const calls = recordGraphCalls(page);
    const [listed, view] = await Promise.all([
      // It spans the first sign-in after the portal's start, the customers list and the gateways page.
      page.waitForResponse((response) => response.url().includes('/api/gateway/get-gateways'), {
        timeout: 3 * UI_TIMEOUT_MS,
      }),
      openSensorView(page),
    ]);
    const sensors = view.getByRole('group', { name: 'Sensors' });

    // The CO2 board: CO2 and Temperature, 270 high each, drawn from the demo gateway's samples.
    await expect.poll(() => chartTitles(view)).toEqual(['CO2 (ppm)', 'Temperature (°C)']);
    await expect.poll(() => heightOf(chart(view, 'CO2 (ppm)'))).toBe(270);
    await expect.poll(() => heightOf(chart(view, 'Temperature (°C)'))).toBe(270);
    await expect
      .poll(async () => Number(await chart(view, 'CO2 (ppm)').getAttribute('data-points')), {
        timeout: UI_TIMEOUT_MS,
      })
      .toBeGreaterThan(0);

    await sensors.getByRole('button', { name: 'Temperature' }).click();
    await expect.poll(() => chartTitles(view)).toEqual(['CO2 (ppm)']);
    await expect.poll(() => heightOf(chart(view, 'CO2 (ppm)'))).toBe(565);
    await sensors.getByRole('button', { name: 'Temperature' }).click();
    await expect.poll(() => chartTitles(view)).toEqual(['CO2 (ppm)', 'Temperature (°C)']);
    await expect.poll(() => heightOf(chart(view, 'CO2 (ppm)'))).toBe(270);

    // Air Quality (5): the five gas and resistance readings; Air Quality 2: resistance and organic compounds.
    await view
      .getByRole('group', { name: 'Sensor group' })
      .getByRole('button', { name: 'Air Quality (5)' })
      .click();
    await expect
      .poll(() => chartTitles(view))
      .toEqual([
        'NH3 (ppb)',
        'NO2 (ppb)',
        'CO (ppb)',
        'Resistance (ohms)',
        'Total Volatile Organic Compounds (ppb)',
      ]);
    await expect.poll(() => heightOf(chart(view, 'CO (ppb)'))).toBe(270);
    await view
      .getByRole('group', { name: 'Sensor group' })
      .getByRole('button', { name: 'Air Quality 2' })
      .click();
    await expect
      .poll(() => chartTitles(view))
      .toEqual(['Resistance (ohms)', 'Total Volatile Organic Compounds (ppb)']);
    await sensors.getByRole('button', { name: 'Resistance' }).click();
    await expect.poll(() => heightOf(chart(view, 'Total Volatile Organic Compounds (ppb)'))).toBe(565);

    // The alerts panel: Sensor Alerts and System Alerts with their counts.
    const alerts = view.getByRole('complementary', { name: 'Alerts' });
    await alerts.getByRole('tab', { name: /^Sensor Alerts \(\d+\)$/ }).waitFor();
    await alerts.getByRole('tab', { name: /^System Alerts \(\d+\)$/ }).click();
    await saveScreenshot(page, 'graphs-sensor-view');

    await view.getByRole('button', { name: 'Minimize' }).click();
    await page.getByRole('article', { name: GATEWAY }).waitFor();
    expect(await view.count()).toBe(0);

    // Grey offline areas: off by default (no OFF flags asked for); Portal Configuration turns them on.
    expect(calls.filter((c) => c.kind === 'states')).toHaveLength(0);
    // The page asks its list a window at a time (get-gateways-page, issue 14.9): the rows are its `gateways`.
    const { gateways } = (await listed.json()) as { gateways: { macId: string; scopeId: string }[] };
    const scopeId = gateways.find((gateway) => gateway.macId === MAC)!.scopeId;
    const setGreyAreas = (option: 'On' | 'Off') =>
      page.evaluate(
        async ([id, value]) =>
          (await fetch(`/api/iotdevices/${value}/scopeId/${id}`, { method: 'POST' })).status,
        [scopeId, option] as const,
      );
    expect(await setGreyAreas('On')).toBe(200);
    try {
      await page.reload();
      await page.getByRole('article', { name: GATEWAY }).getByRole('button', { name: 'Maximise' }).click();
      await expect.poll(() => calls.filter((c) => c.kind === 'states').length).toBe(1);
      const [states] = calls.filter((c) => c.kind === 'states');
      expect(states!.toTime - states!.fromTime).toBe(HOUR);
    } finally {
      expect(await setGreyAreas('Off')).toBe(200);
    }
  });

  it('reloads on an interval change and fetches a month in 4 chunks, one per second', async () => {
    const { page } = browser;
    const calls = recordGraphCalls(page);
    const view = await openSensorView(page);
    await expect.poll(() => calls.filter((c) => c.kind === 'co2Data').length).toBe(1);
    const [hour] = calls.filter((c) => c.kind === 'co2Data');
    expect(hour!.toTime - hour!.fromTime).toBe(HOUR);
    // Events and alerts for the side panel; no offline flags while Portal Configuration has grey areas off.
    expect(calls.filter((c) => c.kind === 'events')).toHaveLength(1);
    expect(calls.filter((c) => c.kind === 'states')).toHaveLength(0);

    await chooseInterval(page, view, '6 hours');
    await expect.poll(() => calls.filter((c) => c.kind === 'co2Data').length).toBe(2);
    const six = calls.filter((c) => c.kind === 'co2Data')[1]!;
    expect(six.toTime - six.fromTime).toBe(6 * HOUR);

    calls.length = 0;
    await chooseInterval(page, view, '1 month');
    await expect.poll(() => calls.filter((c) => c.kind === 'co2Data').length, { timeout: 15_000 }).toBe(4);
    const month = calls.filter((c) => c.kind === 'co2Data');
    expect(month.map((c) => c.toTime - c.fromTime)).toEqual([14 * DAY, 7 * DAY, 7 * DAY, 2 * DAY - 3]);
    const started = await calledAt(page, month);
    for (let i = 1; i < month.length; i++) {
      expect(month[i]!.fromTime).toBe(month[i - 1]!.toTime + 1);
      // 1 s apart (a few milliseconds allowed for the clock and the timer not ticking together).
      expect(started[i]! - started[i - 1]!).toBeGreaterThanOrEqual(995);
    }

    // Moving on cancels the rest of a chunked range: 3 months would take 12 requests.
    calls.length = 0;
    await chooseInterval(page, view, '3 months');
    await expect.poll(() => calls.filter((c) => c.kind === 'co2Data').length).toBeGreaterThanOrEqual(1);
    await chooseInterval(page, view, '24 hours');
    await page.waitForTimeout(2000); // what is asserted is that nothing more comes
    const quarter = calls.filter((c) => c.kind === 'co2Data' && c.toTime - c.fromTime > DAY);
    expect(quarter.length).toBeLessThanOrEqual(2);
    expect(calls.filter((c) => c.kind === 'co2Data' && c.toTime - c.fromTime === DAY)).toHaveLength(1);
  });

  it('applies a custom range only when valid, reverts when closed without applying, ignores failed answers', async () => {
    const { page } = browser;
    const calls = recordGraphCalls(page);
    const view = await openSensorView(page);
    await chooseInterval(page, view, '24 hours');

    await chooseInterval(page, view, 'Custom Range');
    const picker = page.getByRole('dialog', { name: 'Custom Range' });
    const from = picker.getByLabel('From');
    const to = picker.getByLabel('To');
    const apply = picker.getByRole('button', { name: 'Apply Interval' });
    expect(await apply.isDisabled()).toBe(true);

    await from.fill('2023-12-31');
    await to.fill('2024-01-10');
    await picker.getByText('From date cannot be before 01/01/2024').waitFor();
    expect(await apply.isDisabled()).toBe(true);
    await from.fill('2024-01-01');
    await to.fill('2024-04-02');
    await picker.getByText("Custom range can't exceed 3 months.").waitFor();
    expect(await apply.isDisabled()).toBe(true);
    await to.fill('2024-04-01');
    expect(await picker.getByText("Custom range can't exceed 3 months.").count()).toBe(0);
    expect(await apply.isDisabled()).toBe(false);

    // From passing To moves To along.
    await to.fill('2024-02-01');
    await from.fill('2024-03-01');
    expect(await to.inputValue()).toBe('2024-03-01');
    // To after today is refused.
    const tomorrow = await page.evaluate(() => {
      const d = new Date(Date.now() + 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await to.fill(tomorrow);
    await picker.getByText('To date cannot be after today').waitFor();
    expect(await apply.isDisabled()).toBe(true);
    await saveScreenshot(page, 'graphs-custom-range');

    // Closed without Apply: back to 24 hours, nothing fetched.
    const before = calls.length;
    await picker.getByRole('button', { name: 'Close' }).click();
    await picker.waitFor({ state: 'hidden' });
    expect(await view.getByRole('combobox', { name: 'Interval' }).innerText()).toBe('24 hours');
    expect(calls.length).toBe(before);

    // Applied: From's midnight to To's 23:59, in one request (a week). Its answer carries a status field: a
    // failure, ignored; the chart stays empty and loading ends.
    await page.route('**/api/device/co2Data/**', (route) =>
      route.fulfill({ json: { status: 'FAILED', message: 'no data' } }),
    );
    await chooseInterval(page, view, 'Custom Range');
    await picker.getByLabel('From').fill('2024-03-01');
    await picker.getByLabel('To').fill('2024-03-07');
    await picker.getByRole('button', { name: 'Apply Interval' }).click();
    expect(await view.getByRole('combobox', { name: 'Interval' }).innerText()).toBe('Custom Range');
    const expected = await page.evaluate(() => ({
      fromTime: new Date(2024, 2, 1).getTime(),
      toTime: new Date(2024, 2, 7, 23, 59, 59, 999).getTime(),
    }));
    await expect
      .poll(() => calls.filter((c) => c.kind === 'co2Data' && c.fromTime === expected.fromTime).length)
      .toBe(1);
    expect(calls.find((c) => c.kind === 'co2Data' && c.fromTime === expected.fromTime)?.toTime).toBe(
      expected.toTime,
    );
    const co2 = chart(view, 'CO2 (ppm)');
    await co2.getByText('No data for this interval').waitFor();
    expect(await co2.getAttribute('aria-busy')).toBe('false');
    await view.getByText('No Sensor Alerts').waitFor();
    await view.getByRole('tab', { name: 'System Alerts (0)' }).click();
    await view.getByText('No System Alerts').waitFor();
  });

  it('shows the history dialogs, and the system-graph dialog with its alerts behind an icon at 1024 px', async () => {
    const { page } = browser;
    const co2 = await openFromMenu(page, 'CO2 history');
    await co2.getByRole('heading', { name: `CO2 history - ${GATEWAY}` }).waitFor();
    await expect.poll(() => chartTitles(co2)).toEqual(['CO2 (ppm)', 'Temperature (°C)']);
    await co2.getByRole('tab', { name: /^Sensor Alerts \(\d+\)$/ }).waitFor();
    await chooseInterval(page, co2, '1 week');
    await co2.getByRole('button', { name: 'Close' }).click();
    await co2.waitFor({ state: 'hidden' });

    await page.getByRole('article', { name: GATEWAY }).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Air quality history' }).click();
    const air = page.getByRole('dialog', { name: `Air quality history - ${GATEWAY}` });
    await expect.poll(() => chartTitles(air)).toEqual(['CO (ppb)', 'NH3 (ppb)', 'NO2 (ppb)']);
    await air.getByRole('tab', { name: /^System Alerts \(\d+\)$/ }).waitFor();
    await saveScreenshot(page, 'graphs-air-quality-history');
    await air.getByRole('button', { name: 'Close' }).click();
    await air.waitFor({ state: 'hidden' });

    // CPU and memory, full screen, titled with the gateway's name; the gateway reported an event and two alerts.
    const now = Date.now();
    await page.route('**/api/device/events/**', (route) =>
      route.fulfill({
        json: {
          SE: [{ nme: 'Gateway reboot', val: 'Portal', TI: now - 60_000 }],
          SA: [
            { nme: 'CPU Usage Normal', val: 40, sr: 'CP', alrt: 2, TI: now - 2 * DAY },
            { nme: 'CPU Usage High', val: 91, sr: 'CP', alrt: 1, TI: now - 120_000 },
          ],
        },
      }),
    );
    await page.getByRole('article', { name: GATEWAY }).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'System graphs' }).click();
    const dialog = page.getByRole('dialog', { name: GATEWAY });
    await dialog.getByRole('heading', { name: GATEWAY }).waitFor();
    await expect.poll(() => heightOf(chart(dialog, 'CPU usage (%)'))).toBe(205);
    await expect.poll(() => heightOf(chart(dialog, 'Used memory (MB)'))).toBe(220);
    await expect
      .poll(async () => Number(await chart(dialog, 'Used memory (MB)').getAttribute('data-points')))
      .toBeGreaterThan(0);
    // Newest first, grouped by day; red for a high alert, green for CPU at 50 or less and for the event.
    const alerts = dialog.getByRole('complementary', { name: 'Alerts' });
    await alerts.getByRole('heading', { name: 'System Alerts (3)' }).waitFor();
    const rows = alerts.getByRole('listitem');
    await expect.poll(() => rows.allInnerTexts()).toHaveLength(3);
    const texts = await rows.allInnerTexts();
    // Each row: its time, then name and value.
    const lines = (text: string) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    expect(texts.map((text) => lines(text)[0])).toEqual(
      texts.map(() => expect.stringMatching(/^\d{1,2}:\d{2}:\d{2} (am|pm)$/)),
    );
    expect(texts.map((text) => lines(text).slice(1).join(' '))).toEqual([
      'Gateway reboot Portal',
      'CPU Usage High 91',
      'CPU Usage Normal 40',
    ]);
    expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-color')))).toEqual([
      'green',
      'red',
      'green',
    ]);
    expect(await alerts.getByText(/^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}$/).count()).toBe(2);
    await alerts.getByLabel('Search').fill('usage high');
    await expect.poll(() => rows.allInnerTexts()).toHaveLength(1);
    await alerts.getByLabel('Search').fill('');
    await saveScreenshot(page, 'graphs-system-dialog');

    // 1024 px or less: the interval and the alerts open through icons.
    await page.setViewportSize({ width: 1000, height: 800 });
    await dialog.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('combobox', { name: 'Interval' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Alerts' }).click();
    await page
      .getByRole('complementary', { name: 'Alerts' })
      .getByRole('heading', { name: /System Alerts/ })
      .waitFor();
    await page.keyboard.press('Escape');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
