import { LOCKS_CSV_COLUMNS, type LocksPage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { LocksBench, type LocksCustomer, lockName, READER } from './test-helpers.ts';

// What the lists, counts and CSV read from a gateway's report, walled by tenant. What the gateway's later
// reports and history change, and the lock-mode request: locks-reports.int.test.ts.
describe(`locks (${backend} backend)`, () => {
  let bench: LocksBench;
  let portal: TestPortal;
  let alpha: LocksCustomer;
  let alphaCookie: string;
  let betaCookie: string;
  let device: { mac: string; password: string };
  let now: number;
  const list: LocksBench['list'] = (...args) => bench.list(...args);
  const lockRow: LocksBench['lockRow'] = (...args) => bench.lockRow(...args);
  const lockMac = (i: number) => bench.lockMac(i);

  beforeAll(async () => {
    bench = await LocksBench.start();
    ({ portal, alpha, alphaCookie, betaCookie, device, now } = bench);
  });
  afterAll(async () => {
    await bench?.close();
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

  it('exports Locks.csv: the spec columns, a row per lock and user, "-" for empty cells, formulas neutralised', async () => {
    const db = portal.database.db;
    const lock = await lockRow(lockMac(4));
    const user = await db
      .insertInto('lock_users')
      .values({
        tenant_id: alpha.tenant.id,
        first_name: '=HYPERLINK("x")',
        last_name: 'Doe',
        email: `csv-${bench.prefix.toLowerCase()}@example.com`,
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
        email: `parent-${bench.prefix.toLowerCase()}@example.com`,
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

  it("filters a lock user's assigned locks on the server (userId), walled by tenant and IOT_USER_READ", async () => {
    const db = portal.database.db;
    const user = await db
      .insertInto('lock_users')
      .values({
        tenant_id: alpha.tenant.id,
        first_name: 'Assigned',
        last_name: 'User',
        email: `assigned-${bench.prefix.toLowerCase()}@example.com`,
        email_hash: 'h',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = await db
      .selectFrom('locks')
      .select(['id', 'mac'])
      .where('gateway_mac', '=', device.mac)
      .where('mac', 'in', [lockMac(3), lockMac(1), lockMac(2)])
      .execute();
    await db
      .insertInto('lock_user_access')
      .values(ids.map((l) => ({ user_id: user.id, lock_id: l.id, passcode: '1234' })))
      .execute();
    // A removal the lock confirmed is history: no longer assigned.
    await db
      .updateTable('lock_user_access')
      .set({ revoke_requested_at: new Date(), revoke_confirmed_at: new Date() })
      .where('user_id', '=', user.id)
      .where('lock_id', '=', ids.find((l) => l.mac === lockMac(3))!.id)
      .execute();
    const assigned = (cookie: string, extra: Record<string, string | number> = {}) =>
      injectAs(portal, cookie, 'GET', '/api/iot-service/get-all-locks-users', {
        query: { scopeId: alpha.tenant.id, userId: user.id, ...extra },
      });
    const page = (await assigned(alphaCookie)).json<LocksPage & { locks: { users: unknown[] }[] }>();
    expect(page.total).toBe(2);
    expect(page.locks.map((l) => l.macId)).toEqual([lockMac(1), lockMac(2)]);
    // Paged on the server: one row a page, the total still 2.
    const second = (await assigned(alphaCookie, { page: 1, pageSize: 1 })).json<LocksPage>();
    expect([second.total, second.locks.map((l) => l.macId)]).toEqual([2, [lockMac(2)]]);
    // get-all-locks takes it too; without IOT_USER_READ it is refused.
    const plain = await injectAs(portal, alphaCookie, 'GET', '/api/iot-service/get-all-locks', {
      query: { userId: user.id },
    });
    expect(plain.json<LocksPage>().total).toBe(2);
    const deviceOnly = await createCustomerWithUser(portal, 'DeviceOnly', {
      parentId: alpha.tenant.id,
      permissions: READER.filter((p) => p !== 'IOT_USER_READ'),
    });
    const deviceCookie = await signIn(portal, deviceOnly.email, deviceOnly.password);
    const refused = await injectAs(portal, deviceCookie, 'GET', '/api/iot-service/get-all-locks', {
      query: { userId: user.id },
    });
    expect(refused.statusCode).toBe(403);
    // Another customer's user (or no user at all) is not found, and nothing is listed.
    const foreign = await injectAs(portal, betaCookie, 'GET', '/api/iot-service/get-all-locks-users', {
      query: { userId: user.id },
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await injectAs(portal, alphaCookie, 'GET', '/api/iot-service/get-all-locks-users', {
      query: { userId: 'not-a-user' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
