import {
  type AuditEntry,
  type AuditPage,
  DEFAULT_PERMISSIONS,
  deviceUp,
  superAdminPreset,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { hashPassword } from '../../lib/crypto.ts';

const OPERATOR = [
  ...DEFAULT_PERMISSIONS,
  'IOT_DEVICE_READ',
  'IOT_USER_READ',
  'IOT_DEVICE_WRITE',
  'GATEWAY_INSTRUCTIONS_WRITE',
];

/*
 * The Activity screen in people's words (issue 30, docs/audit.md): an unlock, a threshold change and a user
 * created read as sentences with the names as they were, the search finds 'unlock', the filters narrow by
 * person, thing and action, and another customer sees none of it.
 */
describe(`audit log in people's words (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaAdmin: string;
  let betaAdmin: string;
  let rita: string;
  let gateway: MqttClient;
  const lockMac = randomMac();
  const tag = randomMac().slice(0, 6);
  const ritaEmail = `rita-${tag.toLowerCase()}@example.com`;

  const activity = async (cookie: string, query: Record<string, string> = {}) => {
    const response = await injectAs(portal, cookie, 'GET', '/api/audit', {
      query: { pageSize: 100, ...query },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  };
  const sentences = async (cookie: string, query: Record<string, string> = {}) =>
    (await activity(cookie, query)).items.map((entry: AuditEntry) => entry.description.text);

  beforeAll(async () => {
    portal = await sharedPortal();
    root = await signIn(portal);
    alpha = await createCustomerWithUser(portal, 'Alpha', { permissions: superAdminPreset(false) });
    const beta = await createCustomerWithUser(portal, 'Beta', { permissions: superAdminPreset(false) });
    [alphaAdmin, betaAdmin] = await Promise.all([
      signIn(portal, alpha.email, alpha.password),
      signIn(portal, beta.email, beta.password),
    ]);
    const device = await portal.services.gateways.provision(
      alpha.tenant.id,
      randomMac(),
      `Demo Gateway ${tag}`,
    );
    gateway = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: device.mac,
      username: device.mac,
      password: device.password,
    });
    await gateway.publishAsync(deviceUp.status(device.mac), JSON.stringify({ CS: 1, TI: Date.now() }), {
      qos: 1,
    });
    await gateway.publishAsync(
      deviceUp.locks(device.mac),
      JSON.stringify({
        kind: 'full',
        TI: Date.now(),
        part: 1,
        parts: 1,
        total: 1,
        locks: [{ MAC: lockMac, name: 'Door-12', status: 'LOCKED', reachable: true }],
      }),
      { qos: 1 },
    );
    await waitFor(async () =>
      portal.database.db.selectFrom('locks').select('id').where('mac', '=', lockMac).executeTakeFirst(),
    );
  });
  afterAll(async () => {
    await gateway?.endAsync(true);
  });

  it('tells a user created, an unlock and a threshold change in sentences, names as they were', async () => {
    const created = await injectAs(portal, alphaAdmin, 'POST', '/api/createPortalUser', {
      payload: {
        email: ritaEmail,
        firstName: 'Rita',
        lastName: 'Meyer',
        scopeId: alpha.tenant.id,
        permissions: OPERATOR,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Rita's first password, as her activation link would set it (outside any call: no audit row).
    await portal.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('UserPass1') })
      .where('email', '=', ritaEmail)
      .execute();
    rita = await signIn(portal, ritaEmail, 'UserPass1');

    const unlock = await injectAs(portal, rita, 'PUT', '/api/generic/create-instruction', {
      payload: {
        type: 'lock-unlock',
        time: Date.now(),
        macId: lockMac,
        gatewayMacId: (await gatewayMac()) as string,
        locked: false,
        name: 'Door-12',
        scopeId: alpha.tenant.id,
      },
    });
    expect(unlock.statusCode, unlock.body).toBe(200);

    const alert = (threshold: number) => ({
      alertType: 'HIGH_CO2',
      alertName: 'High CO2',
      waitingTime: 10,
      thresholdType: 'greater_than',
      threshold,
      receivers: [{ userId: created.json<{ id: string }>().id }],
      emailAlert: true,
      smsAlert: false,
      scopeId: alpha.tenant.id,
    });
    const saved = await injectAs(portal, root, 'POST', '/api/sensor-alerts', { payload: alert(1000) });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json<{ alert: { id: string } }>().alert.id;
    const changed = await injectAs(portal, root, 'PUT', `/api/sensor-alerts/${id}`, { payload: alert(1200) });
    expect(changed.statusCode, changed.body).toBe(200);

    // Names change later; the rows keep them as they were.
    const renamed = await injectAs(portal, root, 'PUT', '/api/updatePortalUser', {
      payload: {
        id: created.json<{ id: string }>().id,
        email: ritaEmail,
        firstName: 'Rita',
        lastName: 'Schulz',
        scopeId: alpha.tenant.id,
        permissions: OPERATOR,
      },
    });

    expect(renamed.statusCode, renamed.body).toBe(200);

    const told = await sentences(alphaAdmin);
    expect(told).toContain(`Alpha User created the portal user 'Rita Meyer'`);
    expect(told).toContain(`Rita Meyer unlocked Door-12 (gateway Demo Gateway ${tag})`);
    expect(told).toContain(`Root Administrator created the alert 'High CO2'`);
    expect(told).toContain(
      `Root Administrator changed the alert 'High CO2' threshold from 1,000 to 1,200 ppm`,
    );
    expect(told).toContain(
      `Root Administrator changed the portal user 'Rita Schulz' last name from Meyer to Schulz`,
    );
    // No raw route, table name or id in any sentence.
    for (const sentence of told) {
      expect(sentence).not.toMatch(/\/api\/|[0-9a-f]{8}-[0-9a-f]{4}-|_/);
    }
    const unlockEntry = (await activity(alphaAdmin, { q: 'unlock' })).items[0]!;
    expect(unlockEntry.description).toMatchObject({
      action: 'unlocked',
      thing: 'lock',
      actor: 'Rita Meyer',
      name: 'Door-12',
      gateway: `Demo Gateway ${tag}`,
    });
    // The raw row is still there.
    expect(unlockEntry).toMatchObject({ table: 'instructions', operation: 'INSERT', actorEmail: ritaEmail });
  });

  it("finds 'unlock' in the sentences, server side and paged", async () => {
    for (const cookie of [alphaAdmin, root]) {
      const found = await activity(cookie, { q: 'unlock' });
      expect(found.items.map((e) => e.description.text)).toContain(
        `Rita Meyer unlocked Door-12 (gateway Demo Gateway ${tag})`,
      );
    }
    // Every row found in the customer's own activity says it (root's search also spans the rows the shared
    // portal's other files make, whose names and changed fields are theirs).
    const own = await activity(alphaAdmin, { q: 'unlock' });
    expect(
      own.items.filter((e) => !/unlock/i.test(e.description.text)).map((e) => e.description.text),
    ).toEqual([]);
    expect(await sentences(alphaAdmin, { q: 'rita unlocked door' })).toEqual([
      `Rita Meyer unlocked Door-12 (gateway Demo Gateway ${tag})`,
    ]);
    expect(await sentences(alphaAdmin, { q: 'threshold' })).toEqual([
      `Root Administrator changed the alert 'High CO2' threshold from 1,000 to 1,200 ppm`,
    ]);
    const page = await activity(alphaAdmin, { q: 'rita', pageSize: '1', page: '1' });
    expect(page.total).toBeGreaterThan(1);
    expect(page.items).toHaveLength(1);
  });

  it('filters by person, thing, named thing and kind of action', async () => {
    const byRita = await activity(alphaAdmin, { who: 'Rita Meyer' });
    expect(byRita.items.map((e) => e.description.text)).toEqual([
      `Rita Meyer unlocked Door-12 (gateway Demo Gateway ${tag})`,
    ]);
    expect((await activity(alphaAdmin, { who: ritaEmail })).total).toBe(1);
    expect(await sentences(alphaAdmin, { thing: 'lock' })).toEqual([
      `Rita Meyer unlocked Door-12 (gateway Demo Gateway ${tag})`,
    ]);
    expect(await sentences(alphaAdmin, { name: 'Door-12' })).toEqual([
      `Rita Meyer unlocked Door-12 (gateway Demo Gateway ${tag})`,
    ]);
    expect(await sentences(alphaAdmin, { thing: 'alert', action: 'changed' })).toEqual([
      `Root Administrator changed the alert 'High CO2' threshold from 1,000 to 1,200 ppm`,
    ]);
    const users = await activity(alphaAdmin, { thing: 'portalUser', action: 'created' });
    expect(users.items.map((e) => e.description.text)).toContain(
      `Alpha User created the portal user 'Rita Meyer'`,
    );
    expect(
      users.items.every((e) => e.description.thing === 'portalUser' && e.description.action === 'created'),
    ).toBe(true);
    expect((await activity(alphaAdmin, { action: 'unlocked', who: 'Root' })).total).toBe(0);
  });

  it('tells the rows in German to a caller asking in German, and finds them by German words', async () => {
    const german = async (query: Record<string, string> = {}) => {
      const response = await portal.app.inject({
        method: 'GET',
        url: '/api/audit',
        headers: { cookie: alphaAdmin, 'accept-language': 'de' },
        query: { pageSize: '100', ...query },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditPage>().items.map((entry) => entry.description.text);
    };
    const told = await german();
    expect(told).toContain(`Alpha User erstellte den Portalbenutzer 'Rita Meyer'`);
    expect(told).toContain(`Rita Meyer entsperrte Door-12 (Gateway Demo Gateway ${tag})`);
    expect(told).toContain(
      `Root Administrator änderte den Alarm 'High CO2': Schwellwert von 1.000 auf 1.200 ppm`,
    );
    expect(await german({ q: 'entsperrt' })).toEqual([
      `Rita Meyer entsperrte Door-12 (Gateway Demo Gateway ${tag})`,
    ]);
    expect(await german({ q: 'Schwellwert' })).toEqual([
      `Root Administrator änderte den Alarm 'High CO2': Schwellwert von 1.000 auf 1.200 ppm`,
    ]);
    // The CSV of a German caller says the German sentence; without Accept-Language the API answers in English.
    const csv = await portal.app.inject({
      method: 'GET',
      url: '/api/audit/csv',
      headers: { cookie: alphaAdmin, 'accept-language': 'de-DE,de;q=0.9' },
      query: { q: 'entsperrt' },
    });
    expect(csv.body).toContain(`Rita Meyer entsperrte Door-12 (Gateway Demo Gateway ${tag})`);
    expect(await sentences(alphaAdmin, { q: 'entsperrt' })).toEqual([
      `Rita Meyer unlocked Door-12 (gateway Demo Gateway ${tag})`,
    ]);
  });

  it('shows another customer none of it, searched or not; the CSV says the sentences', async () => {
    const beta = await activity(betaAdmin);
    expect(beta.items.some((e) => /Rita|Alpha|High CO2|Door-12/.test(e.description.text))).toBe(false);
    expect((await activity(betaAdmin, { q: 'unlock' })).total).toBe(0);
    expect((await activity(betaAdmin, { who: 'Rita' })).total).toBe(0);
    expect((await activity(betaAdmin, { name: 'Door-12' })).total).toBe(0);
    expect((await activity(betaAdmin, { thing: 'alert' })).total).toBe(0);

    const csv = await injectAs(portal, alphaAdmin, 'GET', '/api/audit/csv', { query: { q: 'unlock' } });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.trim().split('\r\n');
    expect(header).toBe('Time,Activity,Who,Action,Operation,Table,Target,Customer,Changes,Request,Address');
    expect(row).toContain(`Rita Meyer unlocked Door-12 (gateway Demo Gateway ${tag})`);
  });

  async function gatewayMac(): Promise<string> {
    const row = await portal.database.db
      .selectFrom('locks')
      .select('gateway_mac')
      .where('mac', '=', lockMac)
      .executeTakeFirstOrThrow();
    return row.gateway_mac;
  }
});
