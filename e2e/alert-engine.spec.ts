import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { saveScreenshot, signIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import {
  chooseMoreAction,
  DEMO_CUSTOMER,
  gatewayCard,
  openGatewayGrid,
  scopeIdByName,
} from './support/gateway-details.ts';
import { DEMO_MACS, type RunningPortal, startPortal } from './support/portal.ts';

let portal: RunningPortal;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  portal = await startPortal('embedded', { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

const GATEWAY = 'Demo Gateway 1';
const MAC = DEMO_MACS[0]!;

describe('Alert engine', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it("a sensor alert crossed by a simulated gateway reaches its Sensor Alerts panel and the receiver's mail", async () => {
    const { page } = browser;
    await signIn(page);
    // The first sign-in after the start waits for the demo history being written; give it longer.
    await page.waitForURL(/#\/admin\/tenants$/, { timeout: 60_000 });
    const scopeId = await scopeIdByName(page, DEMO_CUSTOMER);
    const email = `ops-${randomBytes(3).toString('hex')}@example.com`;
    const user = await page.request.post('/api/createPortalUser', {
      data: {
        email,
        firstName: 'Olga',
        lastName: 'Ops',
        scopeId,
        permissions: ['IOT_DEVICE_READ', 'ALERTS_READ'],
      },
    });
    expect(user.status(), await user.text()).toBe(201);
    const userId = ((await user.json()) as { id: string }).id;
    // A retry of this test meets the rule its first try made (one CO2 rule per customer): remove it first.
    const existing = await page.request.get(`/api/sensor-alerts/all?scopeId=${scopeId}`);
    const { alerts: rules } = (await existing.json()) as { alerts: Array<{ id: string; alertType: string }> };
    for (const rule of rules)
      if (rule.alertType === 'HIGH_CO2') await page.request.delete(`/api/sensor-alerts/${rule.id}`);
    // Indoor CO2 is always above 100 ppm: the demo gateways' next sample fires it (waiting time 0).
    const created = await page.request.post('/api/sensor-alerts', {
      data: {
        alertType: 'HIGH_CO2',
        alertName: 'Demo CO2 watch',
        waitingTime: 0,
        thresholdType: 'greater_than',
        threshold: 100,
        receivers: [{ userId, email }],
        emailAlert: true,
        smsAlert: false,
        scopeId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The gateway's next sample after the rule reached it: seconds, more on a loaded machine.
    const mail = await expect
      .poll(() => smtp.messages.find((m) => m.to.includes(email) && m.subject.includes(`(${MAC})`)), {
        timeout: 45_000,
      })
      .toBeTruthy()
      .then(() => smtp.messages.find((m) => m.to.includes(email) && m.subject.includes(`(${MAC})`))!);
    expect(mail.subject).toMatch(
      new RegExp(`^Alert: Demo CO2 watch - CO2 \\d+(\\.\\d+)? \\(above 100\\) on ${GATEWAY} \\(${MAC}\\)$`),
    );

    await openGatewayGrid(page, scopeId);
    await chooseMoreAction(gatewayCard(page, GATEWAY), 'CO2 history');
    const dialog = page.getByRole('dialog', { name: `CO2 history - ${GATEWAY}` });
    await dialog.getByRole('tab', { name: /^Sensor Alerts \(\d+\)$/ }).click();
    const alerts = dialog.getByRole('complementary', { name: 'Alerts' });
    const row = alerts.getByRole('listitem').filter({ hasText: 'CO2 High' }).first();
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await row.getAttribute('data-color')).toBe('red');
    await saveScreenshot(page, 'alert-engine sensor alert in the panel');
  });
});
