import { DEFAULT_PERMISSIONS, deviceUp, type LocksLiveMessage, type LocksPage, live } from '@portal/contract';
import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  signIn,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';
import { LocksBench, type LocksCustomer, lockName } from './test-helpers.ts';

// What a gateway's later reports change (updates, removals, a complete inventory, refused reports), its
// locks' history, and the lock-mode request on what is left. The lists, counts and CSV: locks.int.test.ts.
describe(`locks: the gateway's reports (${backend} backend)`, () => {
  let bench: LocksBench;
  let portal: TestPortal;
  let alpha: LocksCustomer;
  let alphaCookie: string;
  let device: { mac: string; password: string };
  let gateway: MqttClient;
  let now: number;
  const publish: LocksBench['publish'] = (...args) => bench.publish(...args);
  const report: LocksBench['report'] = (...args) => bench.report(...args);
  const list: LocksBench['list'] = (...args) => bench.list(...args);
  const lockRow: LocksBench['lockRow'] = (...args) => bench.lockRow(...args);
  const lockMac = (i: number) => bench.lockMac(i);

  beforeAll(async () => {
    bench = await LocksBench.start();
    ({ portal, alpha, alphaCookie, device, gateway, now } = bench);
  });
  afterAll(async () => {
    await bench?.close();
  });

  it('takes updates: a status change is told live, an older report changes nothing, removed locks go', async () => {
    const watcher = await watchLive<LocksLiveMessage>(portal, alphaCookie, live.locks(alpha.tenant.id));
    try {
      await report({
        kind: 'update',
        TI: now + 2000,
        locks: [{ MAC: lockMac(0), status: 'UNLOCKED', batteryLevel: 79 }],
      });
      await waitFor(async () => (await lockRow(lockMac(0)))?.status === 'UNLOCKED');
      // Older than what set the status: ignored, but fills nothing that is already known.
      await report({ kind: 'update', TI: now + 1000, locks: [{ MAC: lockMac(0), status: 'LOCKED' }] });
      await report({ kind: 'update', TI: now + 3000, removed: [lockMac(1)] });
      await waitFor(async () => (await lockRow(lockMac(1)))?.removed_at);
      expect(await lockRow(lockMac(0))).toMatchObject({
        status: 'UNLOCKED',
        battery_level: 79,
        name: lockName(0),
      });
      await waitFor(async () => watcher.messages.some((m) => m.type === 'deleteLock'));
      expect(watcher.messages).toContainEqual(
        expect.objectContaining({ type: 'lockStatus', macId: lockMac(0), status: 'UNLOCKED' }),
      );
      expect(watcher.messages).toContainEqual(
        expect.objectContaining({ type: 'lockData', lock: expect.objectContaining({ macId: lockMac(0) }) }),
      );
      expect((await list(alphaCookie)).json<LocksPage>().total).toBe(29);
      // A newer report brings a removed lock back.
      await report({ kind: 'update', TI: now + 4000, locks: [{ MAC: lockMac(1) }] });
      await waitFor(async () => (await lockRow(lockMac(1)))?.removed_at === null);
      // The gateway going offline is told on the locks channel too.
      await publish(deviceUp.status(device.mac), { CS: 0, TI: now + 5000 });
      await waitFor(async () => watcher.messages.some((m) => m.type === 'gatewayOffline'));
      await publish(deviceUp.status(device.mac), { CS: 1, TI: now + 6000 });
    } finally {
      await watcher.client.endAsync(true);
    }
  });

  it('removes the locks a complete full inventory leaves out, not before it is complete', async () => {
    const ti = now + 10_000;
    const kept = Array.from({ length: 28 }, (_, i) => ({ MAC: lockMac(i) }));
    await report({ kind: 'full', TI: ti, part: 1, parts: 2, total: 28, locks: kept.slice(0, 14) });
    await new Promise((r) => setTimeout(r, 300));
    expect((await lockRow(lockMac(29)))?.removed_at).toBeNull();
    await report({ kind: 'full', TI: ti, part: 2, parts: 2, total: 28, locks: kept.slice(14) });
    await waitFor(async () => (await lockRow(lockMac(29)))?.removed_at);
    expect((await lockRow(lockMac(28)))?.removed_at).not.toBeNull();
    expect((await lockRow(lockMac(27)))?.removed_at).toBeNull();
    expect((await list(alphaCookie)).json<LocksPage>().total).toBe(28);
  });

  it('refuses a bad report whole (counted), and keeps the connection', async () => {
    const before = portal.inbox.counters.rejected;
    await report({ kind: 'update', TI: now, locks: [{ MAC: lockMac(2), batteryLevel: 101 }] });
    await report({ kind: 'full', TI: now, part: 3, parts: 2, total: 1, locks: [] });
    await report({ kind: 'update', TI: Math.floor(now / 1000), locks: [] });
    await publish(deviceUp.lockEvents(device.mac), {
      events: [{ id: 'x', MAC: lockMac(2), TI: now, kind: 'REFUSED' }],
    });
    await waitFor(async () => portal.inbox.counters.rejected >= before + 4);
    expect((await lockRow(lockMac(2)))?.battery_level).toBe(80);
    expect(gateway.connected).toBe(true);
  });

  it('keeps each history entry once per lock and id', async () => {
    const events = [
      {
        id: 'h-1',
        MAC: lockMac(3),
        TI: now - 86_400_000 * 30,
        kind: 'UNLOCKED',
        method: 'card',
        cardCSN: '0A1B2C3D4E',
      },
      { id: 'h-2', MAC: lockMac(3), TI: now, kind: 'REFUSED', method: 'passcode', reason: 'WRONG_CODE' },
      { id: 'h-3', MAC: lockMac(3), TI: now, kind: 'ALARM', alarm: 'JAMMED' },
    ];
    const stranger = randomMac(); // a lock this gateway never reported: its entries are dropped
    await publish(deviceUp.lockEvents(device.mac), {
      events: [...events, { id: 'h-4', MAC: stranger, TI: now, kind: 'LOCKED' }],
    });
    await publish(deviceUp.lockEvents(device.mac), { events }); // a redelivery
    const count = () =>
      portal.database.db
        .selectFrom('lock_events')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('lock_mac', '=', lockMac(3))
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    await waitFor(async () => (await count()) === 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(await count()).toBe(3);
    const strangers = await portal.database.db
      .selectFrom('lock_events')
      .select('event_id')
      .where('lock_mac', '=', stranger)
      .execute();
    expect(strangers).toEqual([]);
  });

  it('records a lock mode asked for a type and sends LOCK_DEVICE_MODE instructions', async () => {
    const response = await injectAs(
      portal,
      alphaCookie,
      'POST',
      '/api/lock-mode-instruction/instruction/lockType/BLE-L2',
      { payload: { mode: 'residential', scopeId: alpha.tenant.id } },
    );
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.locks).toBe(8); // BLE-L2: locks 20..27 still behind the gateway
    expect(result.instructions).toHaveLength(8);
    expect((await lockRow(lockMac(20)))?.requested_mode).toBe('residential');
    const pending = await portal.database.db
      .selectFrom('instructions')
      .select(['type', 'value'])
      .where('mac', '=', device.mac)
      .where('type', '=', 'LOCK_DEVICE_MODE')
      .execute();
    expect(pending).toHaveLength(8);
    expect(pending[0]!.value).toMatchObject({ mode: 'residential' });
    const none = await injectAs(
      portal,
      alphaCookie,
      'POST',
      '/api/lock-mode-instruction/instruction/lockType/NOPE',
      {
        payload: { mode: 'residential' },
      },
    );
    expect(none.statusCode).toBe(404);
    const reader = await createCustomerWithUser(portal, 'LockReader', {
      parentId: alpha.tenant.id,
      permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ'],
    });
    const readerCookie = await signIn(portal, reader.email, reader.password);
    const refused = await injectAs(
      portal,
      readerCookie,
      'POST',
      '/api/lock-mode-instruction/instruction/lockType/BLE-L2',
      {
        payload: { mode: 'shared' },
      },
    );
    expect(refused.statusCode).toBe(403);
  });
});
