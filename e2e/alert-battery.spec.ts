import { randomBytes } from 'node:crypto';
import { type LocksPage, provisionedGateways } from '@portal/contract';
import { type Simulation, startSimulation } from '@portal/gateway-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { chooseMoreAction, createCustomer, gatewayCard, openGatewayGrid } from './support/gateway-details.ts';
import { ROOT_EMAIL, ROOT_PASSWORD, type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 17: a battery alert from a draining simulated lock. A BATTERY_LOW lock alert is set a few points
 * below the fullest lock of a simulated gateway whose locks are opened often and use much battery per bolt
 * movement (the simulator's lock settings); the lock's battery reports cross the threshold, the 'Lock Battery
 * Low' item shows in the gateway's System Alerts and the receiver's mail reaches a real SMTP server.
 */
let portal: RunningPortal;
let simulation: Simulation | undefined;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  // Every firing mailed at once: the gateway's other locks cross the threshold too, and with the default digest
  // window (docs/alert-engine.md) this lock's mail would come in the rule's digest ten minutes later.
  portal = await startPortal('embedded', { SMTP_URL: smtp.url, ALERT_DIGEST_SECONDS: '0' });
  // A fresh portal's first sign-in is slow on a loaded machine; the browser's waits are for the screen.
  await fetch(`${portal.baseUrl}/api/login/twoFactorKey/test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ROOT_EMAIL, password: ROOT_PASSWORD }),
  });
});
afterAll(async () => {
  await simulation?.stop();
  await portal?.stop();
  await smtp?.close();
});

const GATEWAY = 'Drainhouse';
/** Points under the fullest lock's level: a few openings at 3 % per bolt movement cross it. */
const BELOW = 6;

async function locksOf(page: Page, scopeId: string): Promise<LocksPage['locks']> {
  const response = await page.request.get(`/api/iot-service/get-all-locks?scopeId=${scopeId}&pageSize=100`);
  return ((await response.json()) as LocksPage).locks;
}

/** A customer with one simulated gateway whose locks are opened every few seconds and drain fast. */
async function drainingGateway(page: Page): Promise<{ scopeId: string; gatewayName: string }> {
  const scopeId = await createCustomer(page, `Battery ${randomBytes(3).toString('hex')}`);
  const provisioned = await page.request.post('/api/gateway/provision', {
    data: { scopeId, count: 1, name: GATEWAY },
  });
  expect(provisioned.status()).toBe(200);
  const credentials = provisionedGateways.parse(await provisioned.json());
  simulation = startSimulation({
    brokerUrl: portal.deviceBrokerUrl,
    // Every lock near it managed: a drawn whitelist names none now and then.
    gateways: credentials.map((credential) => ({ ...credential, whitelist: '*' as const })),
    telemetryIntervalMs: 60_000,
    locks: {
      // At the quietest hour 15 % of this: an opening every ~15 s per lock, two bolt movements each.
      openingsPerHour: 1_600,
      batteryDrainPerOperation: 3,
      autoRelockMs: 1_000,
      refusalRate: 0,
      jamRate: 0,
      outOfRangePerHour: 0,
      unreachableRate: 0,
      rejectRate: 0,
    },
  });
  await simulation.whenConnected();
  return { scopeId, gatewayName: `${GATEWAY} ${credentials[0]!.mac.slice(-4)}` };
}

describe('Battery alert', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it("a draining simulated lock crosses a BATTERY_LOW alert: System Alerts shows it and the receiver's mail arrives", async () => {
    const { page } = browser;
    // The first screen of a fresh portal on a loaded machine may take longer than a screen's usual wait.
    await page.goto('/#/login');
    await page.getByLabel('Email').waitFor({ timeout: 60_000 });
    await signInAsRoot(page);
    const { scopeId, gatewayName } = await drainingGateway(page);

    // The fullest lock the gateway reports, while it is still well above where the alert will be.
    let fullest: LocksPage['locks'][number] | undefined;
    await expect
      .poll(
        async () => {
          const locks = (await locksOf(page, scopeId)).filter((l) => (l.batteryLevel ?? 0) > BELOW + 10);
          fullest = locks.sort((a, b) => (b.batteryLevel ?? 0) - (a.batteryLevel ?? 0))[0];
          return fullest?.batteryLevel ?? 0;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBeGreaterThan(BELOW + 10);
    const lock = fullest!;
    const threshold = lock.batteryLevel! - BELOW;

    const email = `keeper-${randomBytes(3).toString('hex')}@example.com`;
    const user = await page.request.post('/api/createPortalUser', {
      data: { email, firstName: 'Kim', lastName: 'Keeper', scopeId, permissions: ['ALERTS_READ'] },
    });
    expect(user.status(), await user.text()).toBe(201);
    const userId = ((await user.json()) as { id: string }).id;
    const created = await page.request.post('/api/alert/createAlert', {
      data: {
        scopeId,
        alertType: 'BATTERY_LOW',
        receivers: [userId],
        batteryLevel: threshold,
        intervalTime: String(24 * 3600_000),
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The lock was above the threshold when the alert was made; its reports then cross it.
    const ofLock = () =>
      smtp.messages.find((m) => m.to.includes(email) && `${m.text}${m.html}`.includes(lock.macId));
    await expect.poll(ofLock, { timeout: 180_000, interval: 500 }).toBeTruthy();
    const mail = ofLock()!;
    // The lock by its name, as every notification names locks (docs/alert-engine.md).
    const reported = /lock (.+) battery (\d+)% \(alert at (\d+)% or less\)/.exec(mail.subject);
    expect(reported?.[1]).toBe(lock.name ?? lock.macId);
    expect(mail.subject).toContain(`on ${gatewayName}`);
    expect(Number(reported?.[3])).toBe(threshold);
    expect(Number(reported?.[2])).toBeLessThanOrEqual(threshold);

    // Where users see a gateway's alerts: its System Alerts, with the level and the lock.
    await openGatewayGrid(page, scopeId);
    await chooseMoreAction(gatewayCard(page, gatewayName), 'System graphs');
    const dialog = page.getByRole('dialog', { name: gatewayName });
    const alerts = dialog.getByRole('complementary', { name: 'Alerts' });
    const row = alerts
      .getByRole('listitem')
      .filter({ hasText: lock.name ?? lock.macId })
      .filter({ hasText: 'Lock Battery Low' });
    await row.first().waitFor({ timeout: UI_TIMEOUT_MS });
    await saveScreenshot(page, 'alert-engine battery alert in System Alerts');
  });
});
