import {
  cardAssignedMessage,
  cardReconfigureMessage,
  DEFAULT_PERMISSIONS,
  LOCK_USERS_CSV_COLUMNS,
  type LockUser,
  type LockUsersLiveMessage,
  type LockUsersPage,
  live,
  lockUserDeleteBlockedMessage,
  lockUserMessages,
  lockUserMobileMessage,
  peopleMessages,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  randomTag,
  sharedPortal,
  signIn,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';

const WRITER = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'IOT_USER_READ', 'IOT_USER_WRITE'];
const digits = (count: number) => '12345678901234567890'.slice(0, count);
const hex = (count: number) => randomTag(8).toUpperCase().slice(0, count);

describe(`lock users (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaCookie: string;
  let betaCookie: string;

  const body = (extra: Record<string, unknown> = {}) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada-${randomTag()}@example.com`,
    scopeId: alpha.tenant.id,
    ...extra,
  });
  const create = (extra: Record<string, unknown> = {}, cookie = alphaCookie) =>
    injectAs(portal, cookie, 'POST', '/api/create-new-iot-lock-user', { payload: body(extra) });
  const created = async (extra: Record<string, unknown> = {}) => {
    const response = await create(extra);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ user: LockUser }>().user;
  };
  const update = (id: string, payload: Record<string, unknown>, cookie = alphaCookie) =>
    injectAs(portal, cookie, 'PUT', `/api/update-iot-device-users/userId/${id}`, { payload });
  const remove = (id: string, cookie = alphaCookie) =>
    injectAs(portal, cookie, 'DELETE', `/api/delete-iot-device-user/userId/${id}`);
  const stored = (id: string) =>
    portal.database.db.selectFrom('lock_users').selectAll().where('id', '=', id).executeTakeFirst();

  /** A lock of alpha behind a gateway (connected or not), and the user's access to it in `state`. */
  async function accessOnLock(
    userId: string,
    options: { connected: boolean; state: 'pending' | 'sent' | 'confirmed' | 'failed'; card?: string | null },
  ) {
    const db = portal.database.db;
    const gatewayMac = randomMac();
    await db
      .insertInto('gateways')
      .values({
        mac: gatewayMac,
        name: 'GW',
        tenant_id: alpha.tenant.id,
        credential_hash: null,
        updated_at: new Date(),
      })
      .execute();
    await db
      .updateTable('gateways')
      .set({ connected: options.connected })
      .where('mac', '=', gatewayMac)
      .execute();
    const mac = randomMac();
    const lock = await db
      .insertInto('locks')
      .values({
        tenant_id: alpha.tenant.id,
        gateway_mac: gatewayMac,
        mac,
        name: `Lock-${mac.slice(-4)}`,
        reported_ti: Date.now(),
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lock_user_access')
      .values({ user_id: userId, lock_id: lock.id, state: options.state, card_csn: options.card ?? null })
      .execute();
    return { mac, name: lock.name!, gatewayMac };
  }

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'LockUsersAlpha', { permissions: WRITER });
    beta = await createCustomerWithUser(portal, 'LockUsersBeta', { permissions: WRITER });
    alphaCookie = await signIn(portal, alpha.email, alpha.password);
    betaCookie = await signIn(portal, beta.email, beta.password);
  });

  it('creates a lock user with every field, told live', async () => {
    const watcher = await watchLive<LockUsersLiveMessage>(
      portal,
      alphaCookie,
      live.lockUsers(alpha.tenant.id),
    );
    try {
      const user = await created({
        firstName: '  Grace',
        email: ' Grace.Hopper@Example.COM ',
        division: 'R&D',
        employeeId: 'E-42',
        mobileNo: `+${digits(12)}`,
        cardCSN: 'ab12cd34ef',
        passcode: '482913',
        role: 'ADMIN',
      });
      expect(user).toMatchObject({
        firstName: 'Grace',
        lastName: 'Lovelace',
        mergedName: 'Grace Lovelace',
        email: 'grace.hopper@example.com',
        division: 'R&D',
        employeeId: 'E-42',
        mobileNo: `+${digits(12)}`,
        cardCSN: 'AB12CD34EF',
        passcode: '482913',
        role: 'ADMIN',
        status: 'ACTIVE',
        scopeId: alpha.tenant.id,
        lockCount: 0,
      });
      expect(user.emailHash).toMatch(/^[0-9a-f]{64}$/);
      await waitFor(async () => watcher.messages.some((m) => m.type === 'newUser' && m.user.id === user.id));
    } finally {
      await watcher.client.endAsync(true);
    }
  });

  it('holds every field rule at both bounds through HTTP', async () => {
    const refused = async (extra: Record<string, unknown>, message: string) => {
      const response = await create(extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().message).toBe(message);
    };
    const max = 'x'.repeat(20);
    await created({ firstName: 'A', lastName: 'B' });
    await created({ firstName: max, lastName: max, employeeId: max, division: max });
    await refused({ firstName: '' }, lockUserMessages.firstNameRequired);
    await refused({ firstName: '   ' }, lockUserMessages.firstNameRequired);
    await refused({ lastName: '' }, lockUserMessages.lastNameRequired);
    await refused({ firstName: `${max}x` }, lockUserMessages.firstNameTooLong);
    await refused({ lastName: `${max}x` }, lockUserMessages.lastNameTooLong);
    await refused({ employeeId: `${max}x` }, lockUserMessages.employeeIdTooLong);
    await refused({ division: `${max}x` }, lockUserMessages.divisionTooLong);
    await refused({ email: '' }, peopleMessages.emailRequired);
    await refused({ email: 'no-at-sign.com' }, peopleMessages.invalidEmail);
    await created({ mobileNo: `+${digits(11)}` });
    await created({ mobileNo: `+${digits(14)}` });
    expect((await created({ mobileNo: '' })).mobileNo).toBeNull();
    await refused({ mobileNo: `+${digits(10)}` }, lockUserMobileMessage(`+${digits(10)}`));
    await refused({ mobileNo: `+${digits(15)}` }, lockUserMobileMessage(`+${digits(15)}`));
    await refused({ mobileNo: digits(12) }, lockUserMobileMessage(digits(12)));
    expect((await created({ cardCSN: hex(10) })).cardCSN).toHaveLength(10);
    expect((await created({ cardCSN: '' })).cardCSN).toBeNull();
    await refused({ cardCSN: hex(9) }, 'Invalid card id');
    await refused({ cardCSN: `${hex(10)}A` }, 'Invalid card id');
    await refused({ cardCSN: 'GGGGGGGGGG' }, 'Invalid card id');
    const missing = await injectAs(portal, alphaCookie, 'POST', '/api/create-new-iot-lock-user', {
      payload: { firstName: 'A', lastName: 'B', scopeId: alpha.tenant.id },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('keeps e-mail and card unique within a customer', async () => {
    const email = `dup-${randomTag()}@example.com`;
    const card = hex(10);
    const first = await created({ email, cardCSN: card });
    const again = await create({ email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(lockUserMessages.emailTaken);
    const cardTaken = await create({ cardCSN: card.toLowerCase() });
    expect(cardTaken.statusCode).toBe(409);
    expect(cardTaken.json().message).toBe(cardAssignedMessage(first.email));
    const other = await created();
    const onUpdate = await update(other.id, { firstName: 'A', lastName: 'B', cardCSN: card });
    expect(onUpdate.statusCode).toBe(409);
    expect(onUpdate.json().message).toBe(cardAssignedMessage(first.email));
    expect((await stored(other.id))?.card_csn).toBeNull();
    // Another customer may have the same e-mail and card.
    const elsewhere = await create({ email, cardCSN: card, scopeId: beta.tenant.id }, betaCookie);
    expect(elsewhere.statusCode).toBe(201);
  });

  it('updates names and fields, keeps the e-mail fixed, keeps fields left out', async () => {
    const user = await created({ division: 'Ops', mobileNo: `+${digits(11)}` });
    const response = await update(user.id, { firstName: ' Ann', lastName: 'Smith', employeeId: 'E1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      firstName: 'Ann',
      lastName: 'Smith',
      employeeId: 'E1',
      division: 'Ops',
    });
    expect(response.json().warning).toBeUndefined();
    const same = await update(user.id, {
      firstName: 'Ann',
      lastName: 'Smith',
      email: user.email.toUpperCase(),
    });
    expect(same.statusCode).toBe(200);
    const changed = await update(user.id, {
      firstName: 'Ann',
      lastName: 'Smith',
      email: 'other@example.com',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(lockUserMessages.emailFixed);
    const tooLong = await update(user.id, { firstName: 'x'.repeat(21), lastName: 'Smith' });
    expect(tooLong.statusCode).toBe(400);
    expect((await stored(user.id))?.first_name).toBe('Ann');
  });

  it('saves a new card with the spec warning when locks hold the old one; clearing removes it', async () => {
    const oldCard = hex(10);
    const user = await created({ cardCSN: oldCard });
    const lock = await accessOnLock(user.id, { connected: true, state: 'confirmed', card: oldCard });
    const newCard = hex(10);
    const response = await update(user.id, { firstName: 'Ada', lastName: 'Lovelace', cardCSN: newCard });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.cardCSN).toBe(newCard);
    expect(response.json().warning).toBe(cardReconfigureMessage([lock.name]));
    const cleared = await update(user.id, { firstName: 'Ada', lastName: 'Lovelace', cardCSN: null });
    expect(cleared.json().user.cardCSN).toBeNull();
  });

  it('refuses to delete a user on locks whose gateway is not connected, listing them', async () => {
    const user = await created({ firstName: 'Blocked', lastName: 'User' });
    const lock = await accessOnLock(user.id, { connected: false, state: 'confirmed' });
    const response = await remove(user.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(lockUserDeleteBlockedMessage('Blocked User'));
    expect(response.json().details).toEqual({ locks: [{ macId: lock.mac, name: lock.name }] });
    expect((await stored(user.id))?.deleted_at).toBeNull();
    // Once the gateway is connected the delete goes through and the lock's removal is asked.
    await portal.database.db
      .updateTable('gateways')
      .set({ connected: true })
      .where('mac', '=', lock.gatewayMac)
      .execute();
    const done = await remove(user.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: user.id, revoking: 1 });
    expect((await stored(user.id))?.deleted_at).not.toBeNull();
    const access = await portal.database.db
      .selectFrom('lock_user_access')
      .select('revoke_requested_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(access.revoke_requested_at).not.toBeNull();
    // The e-mail is free again.
    expect((await create({ email: (await stored(user.id))!.email })).statusCode).toBe(201);
    // A user whose credentials never reached a lock (pending) is simply deleted.
    const fresh = await created();
    await accessOnLock(fresh.id, { connected: false, state: 'pending' });
    expect((await remove(fresh.id)).json()).toEqual({ id: fresh.id, revoking: 0 });
    expect(await stored(fresh.id)).toBeUndefined();
    expect((await remove(fresh.id)).statusCode).toBe(404);
  });

  it("walls other customers off: 404 and nothing changed for another customer's user", async () => {
    const user = await created({ firstName: 'Walled' });
    const before = await stored(user.id);
    const updated = await update(user.id, { firstName: 'Hacked', lastName: 'X' }, betaCookie);
    expect(updated.statusCode).toBe(404);
    expect((await remove(user.id, betaCookie)).statusCode).toBe(404);
    expect(await stored(user.id)).toEqual(before);
    expect((await create({}, betaCookie)).statusCode).toBe(404); // scopeId is alpha's
    const listed = await injectAs(portal, betaCookie, 'GET', '/api/iotusers/all', {
      query: { search: 'Walled' },
    });
    expect(listed.json<LockUsersPage>().total).toBe(0);
    const scoped = await injectAs(portal, betaCookie, 'GET', '/api/iotusers/all', {
      query: { scopeId: alpha.tenant.id },
    });
    expect(scoped.statusCode).toBe(404);
    expect((await update('not-a-uuid', { firstName: 'A', lastName: 'B' })).statusCode).toBe(404);
    const lock = await accessOnLock(user.id, { connected: true, state: 'confirmed' });
    const ofLock = await injectAs(portal, betaCookie, 'GET', '/api/iot-device-user/all', {
      query: { macId: lock.mac },
    });
    expect(ofLock.statusCode).toBe(404);
    const mine = await injectAs(portal, alphaCookie, 'GET', '/api/iot-device-user/all', {
      query: { macId: lock.mac, scopeId: alpha.tenant.id },
    });
    expect(mine.json()).toEqual([
      expect.objectContaining({
        id: user.id,
        access: expect.objectContaining({ state: 'confirmed', revoking: false }),
      }),
    ]);
  });

  it('lists a customer’s lock users paged, searched ignoring case and spaces', async () => {
    const tag = randomTag();
    for (let i = 0; i < 12; i++)
      await created({ firstName: `Pg${tag}`, lastName: `N${String(i).padStart(2, '0')}` });
    const page = (query: Record<string, string | number>) =>
      injectAs(portal, alphaCookie, 'GET', '/api/iotusers/all', { query: { search: `pg${tag}`, ...query } });
    const first = (await page({})).json<LockUsersPage>();
    expect(first.total).toBe(12);
    expect(first.users).toHaveLength(10);
    const second = (await page({ page: 1 })).json<LockUsersPage>();
    expect(second.users.map((u) => u.lastName)).toEqual(['N10', 'N11']);
    expect(
      (await page({ search: `PG ${tag} N 0 3` })).json<LockUsersPage>().users.map((u) => u.lastName),
    ).toEqual(['N03']);
    expect((await page({ pageSize: 101 })).statusCode).toBe(400);
    expect((await page({ pageSize: 100 })).json<LockUsersPage>().users).toHaveLength(12);
  });

  it('exports LockUsers.csv: a row per user and lock, "-" for empty cells, formulas neutralised, walled', async () => {
    const tag = randomTag();
    const withLock = await created({ firstName: `=Csv${tag}`, lastName: 'A', division: '+D' });
    const lock = await accessOnLock(withLock.id, { connected: true, state: 'confirmed' });
    await created({ firstName: `Csv${tag}`, lastName: 'B' });
    const response = await injectAs(portal, alphaCookie, 'GET', '/api/lock-users/csv', {
      query: { search: `csv${tag}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="LockUsers.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(LOCK_USERS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    const cellsOf = (line: string) => {
      const cells = line.split(',');
      return (column: (typeof LOCK_USERS_CSV_COLUMNS)[number]) =>
        cells[LOCK_USERS_CSV_COLUMNS.indexOf(column)];
    };
    const first = cellsOf(lines[1]!);
    expect(first('firstName')).toBe(`'=Csv${tag}`);
    expect(first('division')).toBe("'+D");
    expect(first('macId')).toBe(lock.mac);
    expect(first('name')).toBe(lock.name);
    expect(first('mobileNo')).toBe('-');
    const second = cellsOf(lines[2]!);
    expect(second('lastName')).toBe('B');
    expect([second('macId'), second('name'), second('type'), second('status'), second('time')]).toEqual(
      Array(5).fill('-'),
    );
    const walled = await injectAs(portal, betaCookie, 'GET', '/api/lock-users/csv', {
      query: { search: `csv${tag}` },
    });
    expect(
      walled.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    expect(
      (
        await injectAs(portal, betaCookie, 'GET', '/api/lock-users/csv', {
          query: { scopeId: alpha.tenant.id },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('needs IOT_USER_READ to list and IOT_USER_WRITE to change', async () => {
    const reader = await createCustomerWithUser(portal, 'LockUsersReader', {
      parentId: alpha.tenant.id,
      permissions: [...DEFAULT_PERMISSIONS, 'IOT_USER_READ'],
    });
    const cookie = await signIn(portal, reader.email, reader.password);
    expect((await injectAs(portal, cookie, 'GET', '/api/iotusers/all')).statusCode).toBe(200);
    expect((await create({ scopeId: reader.tenant.id }, cookie)).statusCode).toBe(403);
    const nobody = await createCustomerWithUser(portal, 'LockUsersNobody', {
      permissions: [...DEFAULT_PERMISSIONS],
    });
    const none = await signIn(portal, nobody.email, nobody.password);
    expect((await injectAs(portal, none, 'GET', '/api/iotusers/all')).statusCode).toBe(403);
  });
});
