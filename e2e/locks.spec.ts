import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { LOCKS_CSV_COLUMNS, type LockReport, provisionedGateways } from '@portal/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { chooseMoreAction, createCustomer, gatewayCard, seeText } from './support/gateway-details.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';

/**
 * Issue 15 points 1-2 (web): a gateway's locks (spec 001 sections 2, 4, 5; spec 002 sections 2, 3). The locks
 * are seeded the way a gateway reports them: a provisioned gateway connects over MQTT and publishes its lock
 * inventory on gateways/{mac}/send/locks (docs/mqtt.md 2.6), then updates. At 1280 and 360 px.
 */
let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

const lockMac = () => `A${randomBytes(6).toString('hex').toUpperCase().slice(0, 11)}`;
/** Waits for running transitions (a dialog fading in, a panel sliding in) before a screenshot. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface SeededGateway {
  scopeId: string;
  mac: string;
  device: MqttClient;
  locks: { front: string; back: string; locker: string };
  report: (report: LockReport) => Promise<void>;
}

/** A new customer with one provisioned gateway, connected and online, that reports three locks. */
async function seedGateway(page: Page): Promise<SeededGateway> {
  const scopeId = await createCustomer(page, `Locks ${randomBytes(3).toString('hex')}`);
  const provisioned = await page.request.post('/api/gateway/provision', {
    data: { scopeId, count: 1, name: 'Lockhouse' },
  });
  expect(provisioned.status()).toBe(200);
  const [gateway] = provisionedGateways.parse(await provisioned.json());
  if (!gateway) throw new Error('no gateway provisioned');
  const device = await mqtt.connectAsync(portal.deviceBrokerUrl, {
    clientId: gateway.mac,
    username: gateway.mac,
    password: gateway.password,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  await device.publishAsync(
    `gateways/${gateway.mac}/send/status`,
    JSON.stringify({ CS: 1, TI: Date.now() }),
    {
      qos: 1,
    },
  );
  const report = async (body: LockReport) => {
    await device.publishAsync(`gateways/${gateway.mac}/send/locks`, JSON.stringify(body), { qos: 1 });
  };
  const locks = { front: lockMac(), back: lockMac(), locker: lockMac() };
  const now = Date.now();
  await report({
    kind: 'full',
    TI: now,
    part: 1,
    parts: 1,
    total: 3,
    locks: [
      {
        MAC: locks.front,
        name: 'Front-Door',
        type: 'BLE-A',
        batteryLevel: 80,
        status: 'LOCKED',
        mode: 'residential',
        inUse: false,
        RSSI: -55,
        reachable: true,
        lastAccessedTime: now - 60_000,
      },
      {
        MAC: locks.back,
        name: 'Back-Door',
        type: 'BLE-A',
        batteryLevel: 15,
        status: 'UNLOCKED',
        mode: 'residential',
        inUse: false,
        RSSI: -80,
        reachable: true,
      },
      {
        MAC: locks.locker,
        name: 'Locker-7',
        type: 'BLE-B',
        batteryLevel: 60,
        status: 'LOCKED',
        mode: 'shared',
        inUse: true,
        RSSI: -70,
        reachable: false,
      },
    ],
  });
  return { scopeId, mac: gateway.mac, device, locks, report };
}

describe('Locks', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it("lists a gateway's locks with their state, updates rows live, selects, checks Add User's type and downloads the CSV", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const seeded = await seedGateway(page);
    try {
      await page.goto(`/#/cli/locks?scopeId=${seeded.scopeId}&macId=${seeded.mac}`);
      await page.getByRole('heading', { name: `Locks of gateway ${seeded.mac}`, level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'Locks' });
      const front = table.getByRole('row', { name: 'Front-Door' });
      await front.waitFor();
      await front.getByText('LOCKED', { exact: true }).waitFor();
      await front.getByText('80%', { exact: true }).waitFor();
      await front.getByText(seeded.locks.front, { exact: true }).waitFor();
      await front.getByText('Resident', { exact: true }).waitFor();
      await front.getByText('-55 dBm', { exact: true }).waitFor();
      await table.getByRole('row', { name: 'Back-Door' }).getByText('open', { exact: true }).waitFor();
      const locker = table.getByRole('row', { name: 'Locker-7' });
      await locker.getByText('In use', { exact: true }).waitFor();
      await locker.getByText('Out of range', { exact: true }).waitFor();
      await page
        .getByRole('status', { name: 'Lock counts' })
        .getByText('Online 2 · Offline 1 · Total 3')
        .waitFor();
      await expect.poll(() => page.title(), { timeout: 10_000 }).toMatch(/^Locks · /);

      // Live: the gateway reports the front door open; the row changes without a reload.
      await seeded.report({
        kind: 'update',
        TI: Date.now(),
        locks: [{ MAC: seeded.locks.front, status: 'UNLOCKED', batteryLevel: 79 }],
        removed: [],
      });
      await front.getByText('open', { exact: true }).waitFor();
      await front.getByText('79%', { exact: true }).waitFor();
      await settled(page);
      await saveScreenshot(page, 'locks gateway list 1280');
      // Every column shown fits: the table does not scroll sideways.
      expect(
        await table.evaluate((node) => node.parentElement!.scrollWidth - node.parentElement!.clientWidth),
      ).toBe(0);

      // Add User needs locks of one type.
      await page.getByRole('checkbox', { name: 'Select Front-Door' }).check();
      await page.getByRole('checkbox', { name: 'Select Locker-7' }).check();
      await page.getByText('Selected locks - 2').waitFor();
      await page.getByRole('button', { name: 'Add User', exact: true }).click();
      await seeText(page, 'Please select same type of Locks.');
      await page.getByRole('checkbox', { name: 'Select Locker-7' }).uncheck();
      await page.getByRole('checkbox', { name: 'Select Back-Door' }).check();
      await page.getByRole('button', { name: 'Add User', exact: true }).click();
      const addUser = page.getByRole('dialog', { name: 'Add User' });
      await addUser.getByText('2 locks of type BLE-A', { exact: false }).waitFor();
      await settled(page);
      await saveScreenshot(page, 'locks add user 1280');
      await addUser.getByRole('button', { name: 'Cancel' }).click();
      await addUser.waitFor({ state: 'detached' });

      // The users of a lock.
      await front.getByRole('button', { name: 'Users of Front-Door: 0' }).click();
      const users = page.getByRole('dialog', { name: 'Users of Front-Door' });
      await users.getByText('No lock user has access to this lock.', { exact: false }).waitFor();
      await users.getByRole('button', { name: 'Close' }).click();

      // Locks.csv of what the list shows, in the columns of spec 002 section 3.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Locks.csv');
      const csv = await readFile((await download.path()) ?? '', 'utf8');
      const [header, ...rows] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(header).toBe(LOCKS_CSV_COLUMNS.join(','));
      expect(rows.some((line) => line.startsWith(`${seeded.locks.front},Front-Door,79,`))).toBe(true);

      expect(await seriousViolations(page)).toEqual([]);

      // A lock that leaves the gateway leaves the list.
      await seeded.report({ kind: 'update', TI: Date.now(), locks: [], removed: [seeded.locks.locker] });
      await locker.waitFor({ state: 'detached' });

      // Phones: cards, nothing scrolls sideways.
      await page.setViewportSize({ width: 360, height: 780 });
      const cards = page.getByRole('list', { name: 'Locks' });
      await cards.getByRole('listitem', { name: 'Front-Door' }).getByText('open', { exact: true }).waitFor();
      expect(await page.getByRole('table', { name: 'Locks' }).count()).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);
      await settled(page);
      await saveScreenshot(page, 'locks gateway cards 360');

      // The same list opens from the gateway's card: More actions, Locks (full screen on phones).
      const gatewayName = `Lockhouse ${seeded.mac.slice(-4)}`;
      await page.goto(`/#/cli/gateways/grid_view?scopeId=${seeded.scopeId}`);
      await chooseMoreAction(gatewayCard(page, gatewayName), 'Locks');
      const dialog = page.getByRole('dialog', { name: `Locks of ${gatewayName}` });
      await dialog.getByRole('listitem', { name: 'Front-Door' }).getByText('open', { exact: true }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await settled(page);
      await saveScreenshot(page, 'locks gateway dialog 360');
      await page.setViewportSize({ width: 1280, height: 800 });
      await dialog.getByRole('table', { name: 'Locks' }).getByRole('row', { name: 'Back-Door' }).waitFor();
      await settled(page);
      await saveScreenshot(page, 'locks gateway dialog 1280');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The customer's locks (every gateway), from the side navigation's Locks.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/#/cli/locks?scopeId=${seeded.scopeId}`);
      await page.getByRole('heading', { name: 'Locks', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Locks' }).getByRole('row', { name: 'Back-Door' }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await settled(page);
      await saveScreenshot(page, 'locks customer list 1280');
      // Wide screens name each lock's gateway.
      await page.setViewportSize({ width: 1600, height: 800 });
      await page
        .getByRole('table', { name: 'Locks' })
        .getByRole('row', { name: 'Back-Door' })
        .getByText('Lockhouse', { exact: false })
        .waitFor();
    } finally {
      await seeded.device.endAsync();
    }
  });
});
