import { randomBytes } from 'node:crypto';
import { agentConfigMessages, type SensorReading } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { saveScreenshot, signIn, useBrowser } from './support/browser.ts';
import { createCustomer, seeText } from './support/gateway-details.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

/**
 * Issue 19 items 1-2 (spec 002 sections 2, 4, 5, 8; docs/agent-config.md): an operator changes the poll
 * frequency of a customer's agent configuration; its simulated gateways receive it on their own topic, confirm the
 * version, and really sample and post at the new cadence.
 */
let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

/** The gateway's CPU readings from `from` on, as the charts read them. */
async function readings(page: Page, mac: string, from: number): Promise<SensorReading[]> {
  const response = await page.request.get(
    `/api/device/cpuMm/macId/${mac}/fromTime/${from}/toTime/${Date.now()}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as SensorReading[];
}
const gaps = (samples: SensorReading[]) => samples.slice(1).map((sample, i) => sample.TI - samples[i]!.TI);

describe('agent configuration', () => {
  const session = useBrowser(() => portal.baseUrl);
  let gateways: SimulatedGateways | undefined;
  afterAll(async () => {
    await gateways?.stop();
  });

  it('changes the poll frequency; the gateways confirm it and sample at the new cadence', async () => {
    const { page } = session;
    await signIn(page);
    // A loaded machine may take its time over the password hash: the sign-in waits longer than a click.
    await page.waitForURL(/#\/admin\/tenants$/, { timeout: 60_000 });
    const scopeId = await createCustomer(page, `Agents ${randomBytes(3).toString('hex')}`);
    gateways = await startSimulatedGateways(portal, { scopeId, count: 2, name: 'Agent' });
    const [mac] = gateways.macs;
    if (!mac) throw new Error('no gateway');

    await page.goto(`/#/cli/agent-config?scopeId=${scopeId}`);
    await page.getByRole('heading', { name: 'Agent Configuration' }).waitFor();
    await expect
      .poll(() => page.getByTestId('agent-config-unconfirmed').textContent())
      .toBe('2 not confirmed');
    const apply = page.getByRole('button', { name: 'Apply', exact: true });
    const reset = page.getByRole('button', { name: 'Reset to default' });
    expect(await apply.isDisabled()).toBe(true);
    expect(await reset.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Number fields take digits only; a value out of range is shown and blocks Apply.
    const poll = page.getByRole('spinbutton', { name: 'Poll frequency (s)' });
    for (const key of ['e', 'E', '+', '-', '.']) await poll.press(key);
    expect(await poll.inputValue()).toBe('5');
    await poll.fill('31');
    await seeText(page, 'Enter a whole number from 1 to 30 s.');
    expect(await apply.isDisabled()).toBe(true);
    // 2 s: the record frequency (5) is no multiple of it any more; the choices are its multiples.
    await poll.fill('2');
    expect(await apply.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Data record frequency (s)' }).click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.slice(0, 4)).toEqual(['5', '2', '4', '6']);
    expect(offered.at(-1)).toBe('900');
    await page.getByRole('option', { name: '2', exact: true }).click();
    await page.getByRole('combobox', { name: 'Data post frequency (s)' }).click();
    await page.getByRole('option', { name: '4', exact: true }).click();
    await page.getByRole('combobox', { name: 'CCF (s)' }).waitFor();
    expect(await apply.isDisabled()).toBe(false);
    await saveScreenshot(page, 'agent-config-1280');

    const changedAt = Date.now();
    await apply.click();
    const dialog = page.getByRole('dialog', { name: 'Apply agent configuration' });
    // The success notice lasts 2 s: watched for from before the click.
    await Promise.all([
      seeText(page, agentConfigMessages.updated),
      dialog.getByRole('button', { name: 'Apply' }).click(),
    ]);
    await page.getByTestId('agent-config-version').filter({ hasText: 'Version 2' }).waitFor();
    // Both gateways confirm version 2: the counts follow live.
    await expect
      .poll(() => page.getByTestId('agent-config-current').textContent(), { timeout: 15_000 })
      .toBe('2 on version 2');
    expect(await page.getByTestId('agent-config-unconfirmed').textContent()).toBe('0 not confirmed');
    expect(await reset.isDisabled()).toBe(false);

    // The new cadence: a sample every 2 s (it was 5 s), posted every 4 s.
    const settled = await expect
      .poll(
        async () => {
          const samples = (await readings(page, mac, changedAt + 1_000)).slice(-4);
          return samples.length === 4 && gaps(samples).every((gap) => gap >= 1_700 && gap <= 2_300);
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    void settled;

    // The version is kept with what changed and who changed it.
    await page.getByRole('button', { name: 'Versions' }).click();
    const newest = page.getByRole('listitem', { name: 'Version 2' });
    await newest.getByText('poll.pti: 5 → 2').waitFor();
    await newest.getByText(/Changed by root@e2e\.local/).waitFor();

    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('heading', { name: 'Agent Configuration' }).scrollIntoViewIfNeeded();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await saveScreenshot(page, 'agent-config-360');
  });
});
