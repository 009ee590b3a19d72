import {
  DEFAULT_PERMISSIONS,
  deviceUp,
  LOCKS_CSV_COLUMNS,
  type LockReport,
  type LocksLiveMessage,
  type LocksPage,
  live,
} from '@portal/contract';
import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  randomMac,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';

const READER = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'IOT_USER_READ', 'IOT_DEVICE_WRITE'];
/** A lock MAC of this run: a random prefix and a number. */
const prefix = randomMac().slice(0, 8);
const lockMac = (i: number) => `${prefix}${i.toString(16).toUpperCase().padStart(4, '0')}`;
const lockName = (i: number) => `Lock-${String(i).padStart(3, '0')}`;

describe(`locks (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaCookie: string;
  let betaCookie: string;
  let device: { mac: string; password: string };
  let gateway: MqttClient;
  const now = Date.now();

  const publish = (topic: string, body: unknown) =>
    gateway.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
  const report = (body: LockReport | Record<string, unknown>) => publish(deviceUp.locks(device.mac), body);
  const list = (cookie: string, query: Record<string, string | number> = {}) =>
    injectAs(portal, cookie, 'GET', '/api/iot-service/get-all-locks', { query });
  const lockRow = (mac: string) =>
    portal.database.db
      .selectFrom('locks')
      .selectAll()
      .where('gateway_mac', '=', device.mac)
      .where('mac', '=', mac)
      .executeTakeFirst();

  beforeAll(async () => {
    portal = await startPortal();
    alpha = await createCustomerWithUser(portal, 'LockAlpha', { permissions: READER });
    beta = await createCustomerWithUser(portal, 'LockBeta', { permissions: READER });
    alphaCookie = await signIn(portal, alpha.email, alpha.password);
    betaCookie = await signIn(portal, beta.email, beta.password);
    device = await portal.services.gateways.provision(alpha.tenant.id, randomMac(), 'Lock gateway');
    gateway = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: device.mac,
      username: device.mac,
      password: device.password,
    });
    await publish(deviceUp.status(device.mac), { CS: 1, TI: now });
    // 30 locks in one full inventory of two parts.
    const locks = Array.from({ length: 30 }, (_, i) => ({
      MAC: lockMac(i),
      name: lockName(i),
      type: i < 20 ? 'BLE-L1' : 'BLE-L2',
      batteryLevel: 80,
      firmwareVersion: '2.1.0',
      serialNumber: `SN-${i}`,
      status: 'LOCKED' as const,
      mode: 'shared' as const,
      inUse: false,
      RSSI: -60,
      reachable: i !== 29,
      lastAccessedTime: now - 60_000,
      timeZone: 'Europe/Berlin',
    }));
    await report({ kind: 'full', TI: now, part: 1, parts: 2, total: 30, locks: locks.slice(0, 15) });
    await report({ kind: 'full', TI: now, part: 2, parts: 2, total: 30, locks: locks.slice(15) });
    await waitFor(async () => (await list(alphaCookie)).json<LocksPage>().total === 30);
  });
  afterAll(async () => {
    await gateway?.endAsync(true);
    await portal?.close();
  });

  it('lists a gateway report as pages of the customer, by name', async () => {
    const first = (await list(alphaCookie, { scopeId: alpha.tenant.id })).json<LocksPage>();
    expect(first.total).toBe(30);
    expect(first.locks).toHaveLength(25);
    expect(first.locks[0]).toMatchObject({
      macId: lockMac(0),
      name: lockName(0),
      batteryLevel: 80,
      firmwareVersion: '2.1.0',
      status: 'LOCKED',
      serialNumber: 'SN-0',
      type: 'BLE-L1',
      mode: 'shared',
      inUse: false,
      rssi: -60,
      gatewayMacId: device.mac,
      gatewayConnected: true,
      scopeId: alpha.tenant.id,
      userCount: 0,
      location: { timeZone: 'Europe/Berlin' },
    });
    const second = (await list(alphaCookie, { page: 1 })).json<LocksPage>();
    expect(second.locks.map((l) => l.name)).toEqual([25, 26, 27, 28, 29].map(lockName));
    const one = (await list(alphaCookie, { pageSize: 1 })).json<LocksPage>();
    expect(one.locks).toHaveLength(1);
    expect((await list(alphaCookie, { pageSize: 101 })).statusCode).toBe(400);
    expect((await list(alphaCookie, { pageSize: 0 })).statusCode).toBe(400);
  });

  it('searches ignoring case and spaces, and filters by gateway and type', async () => {
    const found = (await list(alphaCookie, { search: 'lock- 01' })).json<LocksPage>();
    expect(found.locks.map((l) => l.name)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map(lockName));
    expect((await list(alphaCookie, { macId: device.mac })).json<LocksPage>().total).toBe(30);
    expect((await list(alphaCookie, { macId: randomMac() })).json<LocksPage>().total).toBe(0);
    expect((await list(alphaCookie, { type: 'BLE-L2' })).json<LocksPage>().total).toBe(10);
  });

  it("walls other tenants off: none of another customer's locks, 404 for its scope", async () => {
    expect((await list(betaCookie)).json<LocksPage>()).toEqual({ locks: [], total: 0 });
    expect((await list(betaCookie, { scopeId: alpha.tenant.id })).statusCode).toBe(404);
    expect((await list(betaCookie, { macId: device.mac })).json<LocksPage>().total).toBe(0);
    const counts = await injectAs(portal, betaCookie, 'GET', '/api/online-offline/locksCount', {
      query: { scopeId: alpha.tenant.id },
    });
    expect(counts.statusCode).toBe(404);
    const csv = await injectAs(portal, betaCookie, 'GET', '/api/locks/csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    const users = await injectAs(portal, betaCookie, 'GET', '/api/iot-service/get-all-locks-users');
    expect(users.json()).toEqual({ locks: [], total: 0 });
    const mode = await injectAs(
      portal,
      betaCookie,
      'POST',
      '/api/lock-mode-instruction/instruction/lockType/BLE-L1',
      {
        payload: { mode: 'residential' },
      },
    );
    expect(mode.statusCode).toBe(404);
    expect((await lockRow(lockMac(0)))?.requested_mode).toBeNull();
    const root = await signIn(portal);
    expect((await list(root, { scopeId: alpha.tenant.id })).json<LocksPage>().total).toBe(30);
  });

  it('counts locks online (gateway connected and lock heard) and users per lock', async () => {
    const counts = await injectAs(portal, alphaCookie, 'GET', '/api/online-offline/locksCount');
    expect(counts.json()).toEqual({ total: 30, online: 29, offline: 1 });
    const perLock = await injectAs(portal, alphaCookie, 'GET', '/api/users-count/locks', {
      query: { macIds: `${lockMac(0)},${lockMac(1)}` },
    });
    expect(perLock.json()).toEqual([
      { macId: lockMac(0), userCount: 0 },
      { macId: lockMac(1), userCount: 0 },
    ]);
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

  it('exports Locks.csv: the spec columns, a row per lock and user, "-" for empty cells, formulas neutralised', async () => {
    const db = portal.database.db;
    const lock = await lockRow(lockMac(4));
    const user = await db
      .insertInto('lock_users')
      .values({
        tenant_id: alpha.tenant.id,
        first_name: '=HYPERLINK("x")',
        last_name: 'Doe',
        email: `csv-${prefix.toLowerCase()}@example.com`,
        email_hash: 'abc',
        division: null,
        employee_id: '@E1',
        mobile_no: null,
        card_csn: null,
        passcode: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lock_user_access')
      .values({ user_id: user.id, lock_id: lock!.id, passcode: '482913', role: 'ADMIN', state: 'confirmed' })
      .execute();
    const response = await injectAs(portal, alphaCookie, 'GET', '/api/locks/csv', {
      query: { search: lockName(4) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Locks.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(LOCKS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',');
    const cell = (column: (typeof LOCKS_CSV_COLUMNS)[number]) => cells[LOCKS_CSV_COLUMNS.indexOf(column)];
    expect(cell('macId')).toBe(lockMac(4));
    expect(cell('firstName')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(cell('employeeId')).toBe("'@E1");
    expect(cell('passcode')).toBe('482913');
    expect(cell('role')).toBe('ADMIN');
    expect(cell('division')).toBe('-');
    expect(cell('ipAddress')).toBe('-');
    expect(cell('city')).toBe('-');
    expect(cell('timeZone')).toBe('Europe/Berlin');
    // A lock without users: one row, its user cells '-'.
    const alone = await injectAs(portal, alphaCookie, 'GET', '/api/locks/csv', {
      query: { search: lockName(5) },
    });
    const row = alone.body.trim().split('\r\n')[1]!.split(',');
    expect(row.slice(LOCKS_CSV_COLUMNS.indexOf('time'), LOCKS_CSV_COLUMNS.indexOf('userStatus') + 1)).toEqual(
      Array(10).fill('-'),
    );
    // The users of the page, and the count.
    const withUsers = await injectAs(portal, alphaCookie, 'GET', '/api/iot-service/get-all-locks-users', {
      query: { search: lockName(4) },
    });
    expect(withUsers.json().locks[0].users).toEqual([
      expect.objectContaining({ userId: user.id, passcode: '482913', role: 'ADMIN', state: 'confirmed' }),
    ]);
    const perLock = await injectAs(portal, alphaCookie, 'GET', '/api/users-count/locks', {
      query: { macIds: lockMac(4) },
    });
    expect(perLock.json()).toEqual([{ macId: lockMac(4), userCount: 1 }]);
  });

  it("shows a sub-customer's viewers the users of its locks that are theirs, not a parent customer's", async () => {
    const db = portal.database.db;
    const child = await createCustomerWithUser(portal, 'LockChild', {
      parentId: alpha.tenant.id,
      permissions: READER,
    });
    const childCookie = await signIn(portal, child.email, child.password);
    const gatewayMac = randomMac();
    await db
      .insertInto('gateways')
      .values({
        mac: gatewayMac,
        name: 'Child GW',
        tenant_id: child.tenant.id,
        credential_hash: null,
        updated_at: new Date(),
      })
      .execute();
    const lock = await db
      .insertInto('locks')
      .values({
        tenant_id: child.tenant.id,
        gateway_mac: gatewayMac,
        mac: randomMac(),
        name: 'Child-Lock',
        reported_ti: now,
      })
      .returning(['id', 'mac'])
      .executeTakeFirstOrThrow();
    const parentUser = await db
      .insertInto('lock_users')
      .values({
        tenant_id: alpha.tenant.id,
        first_name: 'Parent',
        last_name: 'User',
        email: `parent-${prefix.toLowerCase()}@example.com`,
        email_hash: 'h',
        division: null,
        employee_id: null,
        mobile_no: null,
        card_csn: null,
        passcode: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('lock_user_access').values({ user_id: parentUser.id, lock_id: lock.id }).execute();
    const users = (cookie: string) =>
      injectAs(portal, cookie, 'GET', '/api/iot-service/get-all-locks-users', {
        query: { search: 'Child-Lock' },
      });
    expect((await users(childCookie)).json().locks[0].users).toEqual([]);
    expect((await users(alphaCookie)).json().locks[0].users).toEqual([
      expect.objectContaining({ userId: parentUser.id }),
    ]);
    const ofLock = await injectAs(portal, childCookie, 'GET', '/api/iot-device-user/all', {
      query: { macId: lock.mac },
    });
    expect(ofLock.json()).toEqual([]);
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
