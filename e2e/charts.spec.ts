import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';

let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

const GATEWAY = 'Demo Gateway 1';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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

async function chooseInterval(page: Page, scope: Locator, label: string): Promise<void> {
  await scope.getByRole('combobox', { name: 'Interval' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

const chart = (scope: Locator, title: string) => scope.getByRole('figure', { name: title, exact: true });
const numberAttribute = async (locator: Locator, name: string) => Number(await locator.getAttribute(name));
const axisSpan = async (figure: Locator) =>
  (await numberAttribute(figure, 'data-axis-to')) - (await numberAttribute(figure, 'data-axis-from'));
const rangeCaption = (scope: Locator) => scope.locator('[data-chart-range]');

/** Issue 14, point 6: charts say what they show. */
describe('Charts say what they show', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it("draws '1 hour' over one hour ending now, with the range in words, and data on every interval", async () => {
    const { page } = browser;
    const card = await openGatewaysGrid(page);
    await card.getByRole('button', { name: 'Maximise' }).click();
    const view = page.getByRole('region', { name: `Sensor graphs of ${GATEWAY}` });
    const co2 = chart(view, 'CO2 (ppm)');
    await expect
      .poll(() => numberAttribute(co2, 'data-points'), { timeout: UI_TIMEOUT_MS })
      .toBeGreaterThan(100);
    // The axis is the hour itself: not 3 hours with one in the future (the padding drew 09:00 to 12:00).
    await expect.poll(() => axisSpan(co2)).toBe(HOUR);
    expect(await numberAttribute(co2, 'data-axis-to')).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(await rangeCaption(view).innerText()).toMatch(
      /^1 hour: from \w{3} \d+\w\w, \d{4} \d+:\d\d [ap]m to now/,
    );
    await saveScreenshot(page, 'charts-1-hour');

    // 90 days of demo history: every interval shows data across its range, not only since the start.
    for (const [label, span] of [
      ['1 week', 7 * DAY],
      ['3 months', 90 * DAY],
    ] as const) {
      await chooseInterval(page, view, label);
      await expect.poll(() => axisSpan(co2), { timeout: UI_TIMEOUT_MS }).toBe(span);
      // Fetched in chunks, one a second: wait for the last, then the data spans the whole range.
      await expect.poll(() => co2.getAttribute('aria-busy'), { timeout: 3 * UI_TIMEOUT_MS }).toBe('false');
      expect(await numberAttribute(co2, 'data-points')).toBeGreaterThan(300);
      const axisFrom = await numberAttribute(co2, 'data-axis-from');
      expect((await numberAttribute(co2, 'data-first-time')) - axisFrom).toBeLessThan(span / 50);
      expect(Date.now() - (await numberAttribute(co2, 'data-last-time'))).toBeLessThan(HOUR);
      expect(await rangeCaption(view).innerText()).toMatch(new RegExp(`^${label}: from `));
    }
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    // The history's CPU peaks raised alerts: the panel of 3 months lists them.
    const systemAlerts = view.getByRole('tab', { name: /^System Alerts \(\d+\)$/ });
    await expect
      .poll(async () => Number(/\((\d+)\)/.exec(await systemAlerts.innerText())?.[1]), {
        timeout: UI_TIMEOUT_MS,
      })
      .toBeGreaterThan(0);
    await saveScreenshot(page, 'charts-3-months');
  });

  it('shows the applied custom range in words, in the system-graph dialog too', async () => {
    const { page } = browser;
    const card = await openGatewaysGrid(page);
    await card.getByRole('button', { name: 'Flip' }).click();
    await card.getByRole('button', { name: 'Maximise' }).click();
    const dialog = page.getByRole('dialog', { name: GATEWAY });
    await dialog.waitFor();
    await chooseInterval(page, dialog, 'Custom Range');
    const picker = page.getByRole('dialog', { name: 'Custom Range' });
    const day = (offset: number) =>
      page.evaluate((days) => {
        const d = new Date(Date.now() - days * 86_400_000);
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      }, offset);
    const [from, to] = [await day(40), await day(38)];
    await picker.getByLabel('From').fill(from);
    await picker.getByLabel('To').fill(to);
    await picker.getByRole('button', { name: 'Apply Interval' }).click();
    await picker.waitFor({ state: 'hidden' });

    const expected = await page.evaluate(
      ([f, t]) => {
        const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
        const ord = (n: number) =>
          n % 100 >= 11 && n % 100 <= 13 ? `${n}th` : `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
        const show = (iso: string) => {
          const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
          return `${months[m - 1]} ${ord(d)}, ${y}`;
        };
        return `Custom Range: from ${show(f)} 12:00 am to ${show(t)} 11:59 pm`;
      },
      [from, to] as const,
    );
    await expect.poll(() => rangeCaption(dialog).innerText()).toContain(expected);
    const cpu = chart(dialog, 'CPU usage (%)');
    await expect.poll(() => axisSpan(cpu)).toBe(3 * DAY - 1);
    // Old history is there: the CPU chart of 40 days ago has data.
    await expect
      .poll(() => numberAttribute(cpu, 'data-points'), { timeout: UI_TIMEOUT_MS })
      .toBeGreaterThan(100);
    await saveScreenshot(page, 'charts-custom-range-caption');

    // Still visible at 1024 px, where the interval hides behind the Filter icon.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => rangeCaption(dialog).isVisible()).toBe(true);
  });

  it('gives mini-charts a scale (CPU 0-100 %) and fits all five Air Quality (5) charts in the card', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    const card = await openGatewaysGrid(page);

    await card
      .getByRole('group', { name: 'Sensor group' })
      .getByRole('button', { name: 'Air Quality (5)' })
      .click();
    const minis = card.getByRole('figure');
    await expect.poll(() => minis.count()).toBe(5);
    const cardBox = (await card.boundingBox())!;
    for (const figure of await minis.all()) {
      const box = (await figure.boundingBox())!;
      // Inside the card, whole: the TVOC chart was cut off by the card's height.
      expect(box.y + box.height, (await figure.getAttribute('aria-label')) ?? '').toBeLessThanOrEqual(
        cardBox.y + cardBox.height,
      );
      expect(box.height).toBeGreaterThan(60);
      expect(
        await figure.locator('svg').evaluate((svg) => svg.getBoundingClientRect().height),
      ).toBeGreaterThan(35);
    }
    const grid = minis.first().locator('..');
    expect(await grid.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    expect(await card.getByRole('figure', { name: 'TVOC chart' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'charts-cards-air-quality-5');

    await card.getByRole('button', { name: 'Flip' }).click();
    const cpu = card.getByRole('figure', { name: 'CPU chart' });
    await cpu.waitFor();
    expect(await cpu.getAttribute('data-scale')).toBe('0-100');
    expect(await cpu.innerText()).toMatch(/100[\s\S]*0/);
    // The line is drawn against 0-100 %, not stretched to its own extremes: the newest point sits at the
    // height its value (the caption's) has on that scale.
    // Caption and line read together, so a live sample cannot come between them.
    const { latest, newestHeight } = await cpu.evaluate((figure) => {
      const line = figure.querySelector('polyline') as SVGPolylineElement;
      const points = (line.getAttribute('points') ?? '').trim().split(' ');
      const y = Number(points[points.length - 1]?.split(',')[1]);
      const height = Number(line.ownerSVGElement?.viewBox.baseVal.height);
      const caption = figure.querySelector('figcaption')?.textContent ?? '';
      return { latest: Number(caption.match(/CPU ([\d.]+)/)?.[1]), newestHeight: 1 - y / height };
    });
    expect(latest).toBeGreaterThanOrEqual(0);
    expect(newestHeight).toBeCloseTo(latest / 100, 1);
    expect(await card.getByRole('figure', { name: 'Memory chart' }).getAttribute('data-scale')).toBe(
      '0-1000',
    );
    await saveScreenshot(page, 'charts-cards-system-scale');
  });
});
