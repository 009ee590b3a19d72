import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { DEMO_CUSTOMER, scopeIdByName } from './support/gateway-details.ts';
import { DEMO_MACS, ROOT_NAME, type RunningPortal, startPortal } from './support/portal.ts';

/**
 * docs/alerts.md 'Incidents' and 'Escalation and channels' (issue 31): a sensor rule the demo gateways cross at
 * once (CO2 above 100 ppm, waiting time 0) fires one incident per gateway; root acknowledges one from the
 * Incidents screen at 360 px (cards) and another at 1440 px (table), and sees who acknowledged it; the rule's
 * 'Escalation & channels' dialog saves a reminder.
 */
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

const RULE = 'Incident CO2 watch';

interface Incident {
  ruleName: string;
  gatewayMac: string;
  state: string;
  acknowledgedAt: number | null;
}

/** The demo customer, with the rule created once (by the first test that asks) and its incidents firing. */
let demo: { scopeId: string; ruleId: string } | undefined;
async function firingRule(page: Page): Promise<{ scopeId: string; ruleId: string }> {
  if (demo) return demo;
  const scopeId = await scopeIdByName(page, DEMO_CUSTOMER);
  const user = await page.request.post('/api/createPortalUser', {
    data: {
      email: `ops-${Date.now()}@example.com`,
      firstName: 'Olga',
      lastName: 'Ops',
      scopeId,
      permissions: ['ALERTS_READ'],
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  const userId = ((await user.json()) as { id: string }).id;
  const created = await page.request.post('/api/sensor-alerts', {
    data: {
      alertType: 'HIGH_CO2',
      alertName: RULE,
      waitingTime: 0,
      thresholdType: 'greater_than',
      threshold: 100,
      receivers: [{ userId }],
      emailAlert: true,
      smsAlert: false,
      scopeId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ruleId = ((await created.json()) as { alert: { id: string } }).alert.id;
  demo = { scopeId, ruleId };
  return demo;
}

/**
 * Waits until one of the rule's incidents fires and nobody acknowledged it yet (the demo gateways send a sample
 * every few seconds), and gives its gateway's MAC: a test acknowledges another gateway's than the one before.
 */
async function firingGateway(page: Page, scopeId: string): Promise<string> {
  let mac: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/alert-incidents?scopeId=${scopeId}&state=open`);
        const { incidents } = (await answer.json()) as { incidents: Incident[] };
        mac = incidents.find(
          (i) => i.ruleName === RULE && i.state === 'firing' && i.acknowledgedAt === null,
        )?.gatewayMac;
        return mac !== undefined;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return mac!;
}

describe('Incidents', () => {
  const browser = useBrowser(() => portal.baseUrl);

  for (const width of [360, 1440]) {
    it(`acknowledges a firing incident and shows who did (${width} px)`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width, height: 900 });
      await signInAsRoot(page);
      const { scopeId } = await firingRule(page);
      const mac = await firingGateway(page, scopeId);
      expect(DEMO_MACS).toContain(mac);

      if (width === 1440) {
        await page.goto(`/#/cli/dashboard?scopeId=${scopeId}`);
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Incidents' })
          .click();
      } else {
        await page.goto(`/#/cli/incidents?scopeId=${scopeId}`);
      }
      await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();

      // Below 900 px a card per incident, a table above.
      const entry = (within: Page) =>
        width === 360
          ? within
              .getByRole('list', { name: 'Incidents' })
              .getByRole('listitem', { name: RULE })
              .filter({ hasText: mac })
          : within
              .getByRole('table', { name: 'Incidents' })
              .getByRole('row', { name: RULE })
              .filter({ hasText: mac });
      const open = entry(page);
      await open.getByText('Firing').waitFor({ timeout: UI_TIMEOUT_MS });
      await open.getByRole('button', { name: `Acknowledge ${RULE}` }).click();
      await page.getByText('Incident acknowledged', { exact: true }).waitFor();
      // Acknowledged, it leaves the Open filter; the Acknowledged filter shows it with the name and time.
      await open.waitFor({ state: 'detached' });
      await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Acknowledged' }).click();
      const done = entry(page);
      await done.getByText(new RegExp(`^${ROOT_NAME}, `)).waitFor();
      await done.getByText('Acknowledged', { exact: true }).waitFor();
      expect(await done.getByRole('button', { name: `Acknowledge ${RULE}` }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `incidents acknowledged ${width}`);

      // Its notifications: the e-mail the firing sent.
      await done.getByRole('button', { name: `Details of ${RULE}` }).click();
      const dialog = page.getByRole('dialog', { name: `Incident: ${RULE}` });
      await dialog.getByRole('list', { name: 'Notifications' }).getByText('E-mail').first().waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
    });
  }

  it("saves a reminder in the rule's 'Escalation & channels'", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsRoot(page);
    const { scopeId, ruleId } = await firingRule(page);
    await page.goto(`/#/cli/alerts?scopeId=${scopeId}`);
    await page.getByRole('button', { name: `Escalation & channels of ${RULE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Escalation & channels: ${RULE}` });
    await dialog.getByLabel('Remind while firing and not acknowledged').check();
    const minutes = dialog.getByLabel('Every (minutes)');
    await minutes.fill('4');
    await dialog.getByText('Reminder interval should be in between 5 and 1440 minutes').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await minutes.fill('15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Alert routing saved', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const saved = await page.request.get(`/api/alert-rules/${ruleId}/routing`);
    expect(((await saved.json()) as { reminderMinutes: number | null }).reminderMinutes).toBe(15);
  });
});
