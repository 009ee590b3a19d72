import { DEFAULT_PERMISSIONS, deviceDown, deviceUp, live, type Permission } from '@portal/contract';
import type { Simulation } from '@portal/gateway-sim';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, endClients, injectAs, type TestPortal, waitFor, watchLive } from '../../../test/harness.ts';
import {
  type Customer,
  command,
  type FakeGateway,
  fakeGateway,
  sharedCommandsPortal,
  signedInUser,
  simulateGateways,
} from './test-helpers.ts';

describe(`whitelist, force probe and scanned locks (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let alphaCookie: string;
  let betaCookie: string;
  let simulation: Simulation;
  let simulated: string;
  let fake: FakeGateway;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    ({ portal, alpha, alphaCookie, betaCookie } = await sharedCommandsPortal());
    const started = await simulateGateways(portal, alpha.tenant.id);
    simulation = started.simulation;
    simulated = started.macs[0]!;
    fake = await fakeGateway(portal, alpha.tenant.id);
  });
  afterAll(async () => {
    await endClients(clients);
    await simulation?.stop();
    await fake?.close();
  });

  const whitelist = (cookie: string, mac: string, list: unknown) =>
    injectAs(portal, cookie, 'PUT', `/api/gateway/${mac}/whitelist`, {
      payload: { listOfWhiteListedLocks: list },
    });
  const forceProbe = (cookie: string, mac: string, locks: unknown) =>
    injectAs(portal, cookie, 'POST', `/api/gateway/${mac}/force-probe`, { payload: { locks } });
  const stored = (mac: string) =>
    portal.database.db
      .selectFrom('gateways')
      .select(['whitelist', 'whitelist_all'])
      .where('mac', '=', mac)
      .executeTakeFirstOrThrow();

  describe('PUT /api/gateway/{mac}/whitelist', () => {
    it('stores the names de-duplicated and sorted, and sends them with their count', async () => {
      const from = fake.received.length;
      const response = await whitelist(alphaCookie, fake.mac, ['Lock-B', 'Lock-A', 'Lock-B', 'a_b.c-d:e@f']);
      expect(response.statusCode).toBe(200);
      const list = ['Lock-A', 'Lock-B', 'a_b.c-d:e@f'];
      expect(response.json()).toEqual({
        macId: fake.mac,
        noOfWhiteListedDevices: 3,
        listOfWhiteListedLocks: list,
      });
      expect(await stored(fake.mac)).toEqual({ whitelist: list, whitelist_all: false });
      const sent = await fake.next((topic) => topic === deviceDown.whitelist(fake.mac), from);
      expect(sent.body).toEqual({ noOfWhiteListedDevices: 3, listOfWhiteListedLocks: list });
    });

    it("collapses '*' to every lock, sent as count -1; the simulated gateway reports '*'", async () => {
      const states = await watchLive<{ macId: string; state?: { whitelistedLocksCount?: unknown } }>(
        portal,
        alphaCookie,
        live.gateways(alpha.tenant.id),
      );
      clients.push(states.client);
      const response = await whitelist(alphaCookie, simulated, ['Lock-1', '*']);
      expect(response.json()).toEqual({
        macId: simulated,
        noOfWhiteListedDevices: -1,
        listOfWhiteListedLocks: ['*'],
      });
      expect(await stored(simulated)).toEqual({ whitelist: [], whitelist_all: true });
      await waitFor(async () =>
        states.messages.some((m) => m.macId === simulated && m.state?.whitelistedLocksCount === '*'),
      );
    });

    it('refuses names outside letters, numbers and _ . - : @, and longer than 40', async () => {
      const rule = 'Lock names may only use letters, numbers and _ . - : @';
      for (const bad of ['Lock 1', 'Lock#1', 'x'.repeat(41), '']) {
        const response = await whitelist(alphaCookie, fake.mac, [bad]);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().message).toContain(rule);
      }
      expect((await whitelist(alphaCookie, fake.mac, ['x'.repeat(40)])).statusCode).toBe(200);
    });

    it('refuses an offline gateway, another tenant (404, nothing stored or sent) and a viewer (403)', async () => {
      const offline = await fakeGateway(portal, alpha.tenant.id, { online: false });
      const refused = await whitelist(alphaCookie, offline.mac, ['Lock-1']);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Gateway is offline...');
      await offline.close();

      const before = await stored(fake.mac);
      const from = fake.received.length;
      expect((await whitelist(betaCookie, fake.mac, ['Intruder'])).statusCode).toBe(404);
      expect(await stored(fake.mac)).toEqual(before);
      const viewer = await signedInUser(portal, alpha.tenant.id, {
        permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ'] as Permission[],
      });
      expect((await whitelist(viewer.cookie, fake.mac, ['Viewer'])).statusCode).toBe(403);
      await whitelist(alphaCookie, fake.mac, ['Owner']);
      const next = await fake.next(() => true, from);
      expect(next.body).toEqual({ noOfWhiteListedDevices: 1, listOfWhiteListedLocks: ['Owner'] });
    });
  });

  describe('the last scan', () => {
    it('is kept from the scan report of a simulated gateway, names and MACs', async () => {
      // The weakest threshold: every lock in range is heard (the radio still misses one now and then).
      await command(portal, alphaCookie, simulated, { command: 'RSSI-VALUE', rssiValue: -1000 });
      await command(portal, alphaCookie, simulated, { command: 'SCAN' });
      const scan = await waitFor(async () => {
        const response = await injectAs(portal, alphaCookie, 'GET', `/api/gateway/${simulated}/last-scan`);
        const body = response.json() as { TI: number | null; locks: { lockName: string; macId: string }[] };
        return body.locks.length > 0 && body;
      });
      for (const lock of scan.locks) expect(lock.lockName).toBe(`Lock-${lock.macId.slice(-4)}`);
    });

    it('downloads as ScannedData.csv', async () => {
      const response = await injectAs(portal, alphaCookie, 'GET', `/api/gateway/${simulated}/scanned-locks`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="ScannedData.csv"');
      const [header, ...rows] = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header).toBe('Lock Name,MAC,RSSI,Time');
      for (const row of rows) expect(row).toMatch(/^Lock-[0-9A-F]{4},[0-9A-F]{12},-\d+,\d{4}-\d\d-\d\dT/);
      expect(
        (await injectAs(portal, betaCookie, 'GET', `/api/gateway/${simulated}/scanned-locks`)).statusCode,
      ).toBe(404);
    });
  });

  describe('POST /api/gateway/{mac}/force-probe', () => {
    const heard = [
      { MAC: 'A4C138F00A01', name: 'Lock-0A01', RSSI: -50 },
      { MAC: 'A4C138F00A02', name: 'Lock-0A02', RSSI: -70 },
    ];

    beforeAll(async () => {
      await fake.publish(deviceUp.scan(fake.mac), { TI: Date.now(), locks: heard });
      await waitFor(async () => {
        const response = await injectAs(portal, alphaCookie, 'GET', `/api/gateway/${fake.mac}/last-scan`);
        return response.json().locks.length === 2;
      });
    });

    it('sends the MACs of the named locks of the last scan', async () => {
      const from = fake.received.length;
      const response = await forceProbe(alphaCookie, fake.mac, ['Lock-0A02', 'a4:c1:38:f0:0a:01']);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        macId: fake.mac,
        locks: ['A4C138F00A02', 'A4C138F00A01'],
        message: 'Successfully published force probe',
      });
      const sent = await fake.next((topic) => topic === deviceDown.forceProbe(fake.mac), from);
      expect(sent.body).toEqual(['A4C138F00A02', 'A4C138F00A01']);
    });

    it('refuses locks the gateway did not hear, and an empty selection', async () => {
      for (const locks of [['Lock-0A01', 'Lock-FFFF'], []]) {
        const response = await forceProbe(alphaCookie, fake.mac, locks);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain('Please select valid locks for force probe');
      }
    });

    it('probes on a simulated gateway, which goes to LockProbingState', async () => {
      const scan = (await injectAs(portal, alphaCookie, 'GET', `/api/gateway/${simulated}/last-scan`)).json();
      const states = await watchLive<{ macId: string; state?: { currentState?: string } }>(
        portal,
        alphaCookie,
        live.gateways(alpha.tenant.id),
      );
      clients.push(states.client);
      const response = await forceProbe(alphaCookie, simulated, [scan.locks[0].lockName]);
      expect(response.statusCode).toBe(200);
      await waitFor(async () =>
        states.messages.some((m) => m.macId === simulated && m.state?.currentState === 'LockProbingState'),
      );
    });

    it('needs TOP_LEVEL_SCOPE_READ as well as IOT_DEVICE_WRITE (403); another tenant gets 404', async () => {
      const writer = await signedInUser(portal, alpha.tenant.id, {
        permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'IOT_DEVICE_WRITE'] as Permission[],
      });
      expect((await forceProbe(writer.cookie, fake.mac, ['Lock-0A01'])).statusCode).toBe(403);
      const from = fake.received.length;
      expect((await forceProbe(betaCookie, fake.mac, ['Lock-0A01'])).statusCode).toBe(404);
      await forceProbe(alphaCookie, fake.mac, ['Lock-0A01']);
      expect((await fake.next(() => true, from)).body).toEqual(['A4C138F00A01']);
    });
  });
});
