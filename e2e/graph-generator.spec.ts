import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPath, saveScreenshot, signIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';

let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

const HOUR = 3_600_000;
/** A chart reads the rollups of the demo history: more than a click's wait on a loaded machine. */
const CHART_TIMEOUT_MS = 3 * UI_TIMEOUT_MS;

/** Root signs in; the first sign-in after the portal's start takes longer than a UI step on a busy machine. */
async function signInAsRoot(page: Page): Promise<void> {
  await signIn(page);
  await page.waitForURL(/#\/admin\/tenants$/, { timeout: 3 * UI_TIMEOUT_MS });
}

/** Issue 18 item 4: the User graph page (/cli/UserDashboard) turns a sentence into a chart, or asks. */
describe('Graph generator', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('draws the chart a sentence asks for, with what it understood as chips, and asks about an ambiguous word', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'UserDashboard' })
      .click();
    await page.getByRole('heading', { name: 'Graph generator' }).waitFor();
    expect(hashPath(page)).toBe('/cli/UserDashboard');

    const box = page.getByRole('textbox', { name: 'What do you want to see?' });
    const generate = page.getByRole('button', { name: 'Generate' });
    // Disabled for empty text (spaces included).
    expect(await generate.isDisabled()).toBe(true);
    await box.fill('   ');
    expect(await generate.isDisabled()).toBe(true);

    // The demo gateways' history: a sentence draws it, the axis padded by an hour on each side.
    await box.fill('hourly average CO2 of Demo Gateway 1 in the last 6 hours');
    await generate.click();
    const figure = page.getByRole('figure', { name: 'CO2 (ppm) · Demo Gateway 1' });
    await figure.waitFor({ timeout: CHART_TIMEOUT_MS });
    await expect.poll(() => figure.getAttribute('data-points')).not.toBe('0');
    const axisFrom = Number(await figure.getAttribute('data-axis-from'));
    const axisTo = Number(await figure.getAttribute('data-axis-to'));
    expect(axisTo - axisFrom).toBe(6 * HOUR + 2 * HOUR);
    expect(Math.abs(axisTo - HOUR - Date.now())).toBeLessThan(5 * 60_000);
    const chips = page.getByRole('group', { name: 'Understood as' });
    await chips.getByText('Metric: CO2').waitFor();
    await chips.getByText('Gateways: Demo Gateway 1').waitFor();
    await chips.getByText('Aggregation: hourly average').waitFor();
    await chips.getByText(/^Range: last 6 hours \(/).waitFor();
    await saveScreenshot(page, 'graph-generator-chart');

    // A chip edited: the metric becomes Temperature, the same gateway and range.
    await chips.getByRole('button', { name: /^Metric: CO2/ }).click();
    await page.getByRole('menuitem', { name: 'Temperature (°C)' }).click();
    await page
      .getByRole('figure', { name: 'Temperature (°C) · Demo Gateway 1' })
      .waitFor({ timeout: CHART_TIMEOUT_MS });

    // An ambiguous word: a question with candidates, no chart; a candidate re-phrases and draws.
    await box.fill('air quality of Demo Gateway 2 today');
    await generate.click();
    const question = page.getByRole('status', { name: 'Question' });
    await question
      .getByText(/"air quality" can mean several readings\. Did you mean/)
      .waitFor({ timeout: CHART_TIMEOUT_MS });
    expect(await page.getByRole('figure').count()).toBe(0);
    await saveScreenshot(page, 'graph-generator-question');
    await question.getByRole('button', { name: 'TVOC', exact: true }).click();
    expect(await box.inputValue()).toBe('TVOC of Demo Gateway 2 today');
    await page
      .getByRole('figure', { name: 'TVOC (ppb) · Demo Gateway 2' })
      .waitFor({ timeout: CHART_TIMEOUT_MS });

    // A range with no readings: the spec's 'No data available to plot.'
    await box.fill('CO2 of Demo Gateway 3 on 2 January 2025');
    await generate.click();
    await page
      .getByText('No data available to plot.', { exact: true })
      .waitFor({ timeout: CHART_TIMEOUT_MS });
  });

  it('edits the lines and the threshold as chips, the threshold within its bounds', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    await page.goto('/#/cli/UserDashboard');
    const box = page.getByRole('textbox', { name: 'What do you want to see?' });
    await box.fill('compare CO2 of Demo Gateway 1 and Demo Gateway 2 in the last 6 hours');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page
      .getByRole('figure', { name: 'CO2 (ppm) · Demo Gateway 2' })
      .waitFor({ timeout: CHART_TIMEOUT_MS });
    const chips = page.getByRole('group', { name: 'Understood as' });
    await chips.getByText('Lines: one per gateway').waitFor();
    await chips.getByText('Threshold: none').waitFor();

    // One line for both gateways.
    await chips.getByRole('button', { name: /^Lines: one per gateway/ }).click();
    await page.getByRole('menuitem', { name: 'one for all gateways' }).click();
    await chips.getByText('Lines: one for all gateways').waitFor({ timeout: CHART_TIMEOUT_MS });
    await page
      .getByRole('figure', { name: 'CO2 (ppm) · Demo Gateway 1, Demo Gateway 2' })
      .waitFor({ timeout: CHART_TIMEOUT_MS });
    expect(await page.getByRole('figure').count()).toBe(1);

    // A threshold past its bound is refused in the form; one within draws only the gateways passing it.
    await chips.getByRole('button', { name: /^Threshold: none/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Threshold' });
    await dialog.getByRole('combobox', { name: 'Only gateways' }).click();
    await page.getByRole('option', { name: 'Below (lowest reading)' }).click();
    const value = dialog.getByRole('textbox', { name: 'Value (ppm)' });
    await value.fill('-1000001');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('The threshold must be a number from -1000000 to 1000000').waitFor();
    await saveScreenshot(page, 'graph-generator-threshold-refused');
    await value.fill('0');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await chips.getByText('Threshold: below 0 ppm').waitFor({ timeout: CHART_TIMEOUT_MS });
    await page.getByText(/0 of 2 gateways had CO2 below 0/).waitFor({ timeout: CHART_TIMEOUT_MS });
    await page.getByText('No data available to plot.', { exact: true }).waitFor();
    await saveScreenshot(page, 'graph-generator-lines-and-threshold');
  });

  // Issue 32: what operators type, at a phone's 360 px and a desktop's 1440 px.
  for (const width of [360, 1440]) {
    it(`reads several readings, the whole fleet, typos and the default hour, and asks about a range it cannot honour (${width} px)`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await signInAsRoot(page);
      await page.goto('/#/cli/UserDashboard');
      const box = page.getByRole('textbox', { name: 'What do you want to see?' });
      const generate = page.getByRole('button', { name: 'Generate' });
      const chips = page.getByRole('group', { name: 'Understood as' });

      // Two readings with a typo in the gateway's name: one chart per reading, each in its own unit.
      await box.fill('CO2 and temperature of Demo Gatway 1 in the last 6 hours');
      await generate.click();
      const co2 = page.getByRole('figure', { name: 'CO2 (ppm) · Demo Gateway 1' });
      const temperature = page.getByRole('figure', { name: 'Temperature (°C) · Demo Gateway 1' });
      await co2.waitFor({ timeout: CHART_TIMEOUT_MS });
      await temperature.waitFor({ timeout: CHART_TIMEOUT_MS });
      await chips.getByText('Metric: CO2, Temperature').waitFor();
      await chips.getByText('Gateways: Demo Gateway 1').waitFor();
      await expect.poll(() => temperature.getAttribute('data-points')).not.toBe('0');
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `graph-generator-two-readings-${width}`);

      // Picking one reading on the chip charts that one alone.
      await chips.getByRole('button', { name: /^Metric: CO2, Temperature/ }).click();
      await page.getByRole('menuitem', { name: 'Memory (MB)' }).click();
      await page
        .getByRole('figure', { name: 'Memory (MB) · Demo Gateway 1' })
        .waitFor({ timeout: CHART_TIMEOUT_MS });
      expect(await page.getByRole('figure', { name: /^CO2 \(ppm\)/ }).count()).toBe(0);

      // No gateway and no time named: the whole fleet over the portal's default hour.
      await box.fill('CO2 of all gws');
      await generate.click();
      await chips.getByText('Gateways: all gateways').waitFor({ timeout: CHART_TIMEOUT_MS });
      await chips.getByText(/^Range: last hour \(default\) \(/).waitFor();

      // "last year" is longer than the custom range allows: a question naming the rule, never a shorter chart.
      await box.fill('CO2 of Demo Gateway 1 last year');
      await generate.click();
      const question = page.getByRole('status', { name: 'Question' });
      await question.getByText("Custom range can't exceed 3 months.").waitFor({ timeout: CHART_TIMEOUT_MS });
      expect(await page.getByRole('figure').count()).toBe(0);
      await saveScreenshot(page, `graph-generator-range-rule-${width}`);
      await question.getByRole('button', { name: 'last 3 months' }).click();
      expect(await box.inputValue()).toBe('CO2 of Demo Gateway 1 last 3 months');
      await page
        .getByRole('figure', { name: 'CO2 (ppm) · Demo Gateway 1' })
        .waitFor({ timeout: CHART_TIMEOUT_MS });
      await chips.getByText(/^Range: last 3 months \(/).waitFor();
    });
  }
});
