import { GATEWAY_LIST_MAX_LIMIT, type GatewayPage } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { WRITER_PERMISSIONS } from './test-helpers.ts';

/**
 * GET /api/gateway/get-gateways-page (issue 14.9): windows of a scope subtree's gateways matching the page's
 * search and filters, in any list column's order, with the counts; and deleteOfflineGateways' `select`.
 */
describe(`GET /api/gateway/get-gateways-page (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };
  let child: Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };
  /** MAC by gateway name. */
  const mac: Record<string, string> = {};

  const customer = async (label: string, parentId?: string) => {
    const created = await createCustomerWithUser(portal, label, {
      permissions: WRITER_PERMISSIONS,
      parentId,
    });
    return { ...created, cookie: await signIn(portal, created.email, created.password) };
  };

  /** Alpha: Echo..Alpha (five, one unregistered, two online, firmware and readings on some); its child: Zulu. */
  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await customer('Alpha');
    child = await customer('AlphaChild', alpha.tenant.id);
    beta = await customer('Beta');
    const db = portal.database.db;
    const add = async (
      tenantId: string,
      name: string,
      row: { connected?: boolean; registered?: boolean; firmware?: string; os?: string; online?: number },
    ) => {
      mac[name] = randomMac();
      await portal.services.gateways.provision(tenantId, mac[name]!, name, {
        registered: row.registered ?? true,
      });
      await db
        .updateTable('gateways')
        .set({
          connected: row.connected ?? false,
          firmware: row.firmware ?? null,
          os_version: row.os ?? null,
          ...(row.online ? { last_online_at: new Date(row.online), last_offline_at: null } : {}),
        })
        .where('mac', '=', mac[name]!)
        .execute();
    };
    await add(alpha.tenant.id, 'Echo', {
      connected: true,
      firmware: 'v2024-05-12',
      os: 'Bookworm 12',
      online: 3,
    });
    await add(alpha.tenant.id, 'delta', { firmware: 'v2023-01-01', os: 'Bullseye' });
    await add(alpha.tenant.id, 'Charlie', { connected: true, online: 1 });
    await add(alpha.tenant.id, 'Bravo', { registered: false, os: 'Bookworm 12' });
    await add(alpha.tenant.id, 'Alpha', { firmware: '  ', online: 2 });
    await add(child.tenant.id, 'Zulu', { firmware: 'v2025-12-12' });
    await add(beta.tenant.id, 'Beta One', {});
    const device = (name: string) => ({ mac: mac[name]!, tenantId: alpha.tenant.id });
    await portal.services.telemetry.recordSamples(device('Echo'), [
      { TI: 1_800_000_000_000, CO2: 900, TEMP: 20 },
    ]);
    await portal.services.telemetry.recordSamples(device('delta'), [
      { TI: 1_800_000_001_000, CO2: 400, TEMP: 25 },
      { TI: 1_800_000_002_000, CO2: 700 },
    ]);
  });

  const page = async (cookie: string, query: Record<string, string | number>) => {
    const response = await injectAs(portal, cookie, 'GET', '/api/gateway/get-gateways-page', {
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    return response;
  };
  const names = async (query: Record<string, string | number>, cookie = alpha.cookie) => {
    const response = await page(cookie, { scopeId: alpha.tenant.id, ...query });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as GatewayPage).gateways.map((g) => g.name);
  };

  it('pages the subtree by name with the counts, from the first window to past the last', async () => {
    const first = await page(alpha.cookie, { scopeId: alpha.tenant.id, limit: 2 });
    expect(first.statusCode).toBe(200);
    const body = first.json() as GatewayPage;
    expect(body.gateways.map((g) => g.name)).toEqual(['Alpha', 'Bravo']);
    expect(body).toMatchObject({ offset: 0, total: 6, scopeTotal: 6, mixed: true });
    expect(await names({ offset: 2, limit: 2 })).toEqual(['Charlie', 'delta']);
    expect(await names({ offset: 4, limit: 2 })).toEqual(['Echo', 'Zulu']);
    expect(await names({ offset: 5, limit: 2 })).toEqual(['Zulu']);
    const past = (await page(alpha.cookie, { scopeId: alpha.tenant.id, offset: 6 })).json() as GatewayPage;
    expect(past).toMatchObject({ gateways: [], offset: 6, total: 6 });
    // The latest sample comes with each row of the window.
    const echo = (
      (await page(alpha.cookie, { scopeId: alpha.tenant.id, offset: 4, limit: 1 })).json() as GatewayPage
    ).gateways[0]!;
    expect(echo).toMatchObject({ name: 'Echo', deviceStatus: 'online', latest: { CO2: 900, TEMP: 20 } });
    // A customer without sub-customers' gateways is not a mixed view.
    const own = (await page(child.cookie, { scopeId: child.tenant.id })).json() as GatewayPage;
    expect(own).toMatchObject({ total: 1, scopeTotal: 1, mixed: false });
  });

  it('answers a window without counting the subtree when asked counts=false, and refuses other values', async () => {
    const bare = await page(alpha.cookie, { scopeId: alpha.tenant.id, offset: 2, limit: 2, counts: 'false' });
    expect(bare.statusCode, bare.body).toBe(200);
    const body = bare.json() as GatewayPage;
    expect(body.gateways.map((g) => g.name)).toEqual(['Charlie', 'delta']);
    expect(body.offset).toBe(2);
    expect(body).not.toHaveProperty('total');
    expect(body).not.toHaveProperty('scopeTotal');
    expect(body).not.toHaveProperty('mixed');
    const counted = (
      await page(alpha.cookie, { scopeId: alpha.tenant.id, limit: 1, counts: 'true', status: 'online' })
    ).json() as GatewayPage;
    expect(counted).toMatchObject({ total: 2, scopeTotal: 6, mixed: true });
    expect((await page(alpha.cookie, { scopeId: alpha.tenant.id, counts: 'no' })).statusCode).toBe(400);
    // The tenant wall holds without counts too.
    const foreign = await page(beta.cookie, { scopeId: alpha.tenant.id, counts: 'false' });
    expect(foreign.statusCode).toBe(404);
  });

  it('accepts an offset from 0 and a limit from 1 to 500, refuses the rest', async () => {
    expect(await names({ limit: 1 })).toEqual(['Alpha']);
    expect((await names({ limit: GATEWAY_LIST_MAX_LIMIT })).length).toBe(6);
    const refused: Record<string, number>[] = [
      { limit: 0 },
      { limit: GATEWAY_LIST_MAX_LIMIT + 1 },
      { limit: 2.5 },
      { offset: -1 },
    ];
    for (const bad of refused) {
      const response = await page(alpha.cookie, { scopeId: alpha.tenant.id, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const long = await page(alpha.cookie, { scopeId: alpha.tenant.id, search: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
  });

  it('searches name, MAC, firmware (also as FW yyyy-mm-dd), OS and status, ignoring case and spaces', async () => {
    const spaced = mac.Charlie!.toLowerCase().split('').join(' ');
    expect(await names({ search: spaced })).toEqual(['Charlie']);
    expect(await names({ search: ' DEL ta ' })).toEqual(['delta']);
    expect(await names({ search: 'fw 2024-05' })).toEqual(['Echo']);
    expect(await names({ search: 'v2023' })).toEqual(['delta']);
    expect(await names({ search: 'bookworm12' })).toEqual(['Bravo', 'Echo']);
    expect(await names({ search: 'ONLINE' })).toEqual(['Charlie', 'Echo']);
    expect(await names({ search: 'no such gateway' })).toEqual([]);
    const counted = (
      await page(alpha.cookie, { scopeId: alpha.tenant.id, search: 'online' })
    ).json() as GatewayPage;
    expect(counted).toMatchObject({ total: 2, scopeTotal: 6 });
  });

  it("filters by status, enrollment and a global search's gateway name", async () => {
    expect(await names({ status: 'online' })).toEqual(['Charlie', 'Echo']);
    expect(await names({ status: 'offline', enrollment: 'registered' })).toEqual(['Alpha', 'delta', 'Zulu']);
    expect(await names({ enrollment: 'unregistered' })).toEqual(['Bravo']);
    expect(await names({ name: ' DELTA ' })).toEqual(['delta']);
    expect(await names({ name: 'delt' })).toEqual([]);
    const response = await page(alpha.cookie, { scopeId: alpha.tenant.id, status: 'sideways' });
    expect(response.statusCode).toBe(400);
  });

  it('sorts by every list column either way, gateways without a value last, ties by name', async () => {
    expect(await names({ order: 'desc' })).toEqual(['Zulu', 'Echo', 'delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(await names({ sort: 'status' })).toEqual(['Alpha', 'Bravo', 'delta', 'Zulu', 'Charlie', 'Echo']);
    expect(await names({ sort: 'status', order: 'desc' })).toEqual([
      'Charlie',
      'Echo',
      'Alpha',
      'Bravo',
      'delta',
      'Zulu',
    ]);
    // Since: the time of the current state; Alpha went offline at 2 (its last_offline_at is unset: none).
    expect(await names({ sort: 'since' })).toEqual(['Charlie', 'Echo', 'Alpha', 'Bravo', 'delta', 'Zulu']);
    expect(await names({ sort: 'firmware' })).toEqual(['delta', 'Echo', 'Zulu', 'Alpha', 'Bravo', 'Charlie']);
    expect(await names({ sort: 'firmware', order: 'desc' })).toEqual([
      'Zulu',
      'Echo',
      'delta',
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
    expect((await names({ sort: 'os' })).slice(0, 3)).toEqual(['Bravo', 'Echo', 'delta']);
    expect(await names({ sort: 'co2' })).toEqual(['delta', 'Echo', 'Alpha', 'Bravo', 'Charlie', 'Zulu']);
    expect(await names({ sort: 'co2', order: 'desc' })).toEqual([
      'Echo',
      'delta',
      'Alpha',
      'Bravo',
      'Charlie',
      'Zulu',
    ]);
    // delta's latest sample has no temperature: it goes last with those that have none.
    expect((await names({ sort: 'temperature' }))[0]).toBe('Echo');
    expect((await names({ sort: 'lastUpdate', order: 'desc' })).slice(0, 2)).toEqual(['delta', 'Echo']);
    expect((await names({ sort: 'customer', order: 'desc' }))[0]).toBe('Zulu');
    expect((await names({ sort: 'customer' })).at(-1)).toBe('Zulu');
    const macs = [...Object.entries(mac)].filter(([name]) => name !== 'Beta One').map(([, m]) => m);
    const byMac = await page(alpha.cookie, { scopeId: alpha.tenant.id, sort: 'macId', limit: 10 });
    expect((byMac.json() as GatewayPage).gateways.map((g) => g.macId)).toEqual([...macs].sort());
    expect((await page(alpha.cookie, { scopeId: alpha.tenant.id, sort: 'battery' })).statusCode).toBe(400);
  });

  it('gives another customer nothing: 404 for a scope outside its reach, its own gateways only', async () => {
    const outside = await page(beta.cookie, { scopeId: alpha.tenant.id });
    expect(outside.statusCode).toBe(404);
    const above = await page(child.cookie, { scopeId: alpha.tenant.id });
    expect(above.statusCode).toBe(404);
    const own = (await page(beta.cookie, { scopeId: beta.tenant.id })).json() as GatewayPage;
    expect(own.gateways.map((g) => g.name)).toEqual(['Beta One']);
    expect(own).toMatchObject({ total: 1, scopeTotal: 1, mixed: false });
    const root = (await page(await signIn(portal), { scopeId: alpha.tenant.id })).json() as GatewayPage;
    expect(root.total).toBe(6);
  });

  it("deletes the offline gateways a selection names: the first N of the list's order, or all but some", async () => {
    const db = portal.database.db;
    const scope = await customer('Deleting');
    const made: string[] = [];
    for (const name of ['Del A', 'Del B', 'Del C', 'Del D', 'Del E']) {
      const m = randomMac();
      made.push(m);
      await portal.services.gateways.provision(scope.tenant.id, m, name);
    }
    await sql`UPDATE gateways SET connected = true WHERE mac = ${made[1]!}`.execute(db);
    const remove = (payload: Record<string, unknown>, cookie = scope.cookie) =>
      injectAs(portal, cookie, 'PUT', '/api/deleteOfflineGateways', {
        payload: { scopeId: scope.tenant.id, offlineGateways: [], ...payload },
      });

    // Another customer's selection over this scope: 404, nothing deleted.
    expect((await remove({ select: {} }, beta.cookie)).statusCode).toBe(404);
    // The first two offline ones by name descending: E, D.
    const firstTwo = await remove({ select: { order: 'desc', first: 2 } });
    expect(firstTwo.statusCode, firstTwo.body).toBe(200);
    const firstDeleted = firstTwo.json() as { deleted: string[]; refused: string[] };
    expect([...firstDeleted.deleted].sort()).toEqual([made[4], made[3]].sort());
    expect(firstDeleted.refused).toEqual([]);
    // All offline ones matching a search but one excepted: A and C match 'del', C is excepted.
    const all = await remove({ select: { search: 'del', except: [made[2]] } });
    expect((all.json() as { deleted: string[] }).deleted).toEqual([made[0]]);
    const left = await db
      .selectFrom('gateways')
      .select('name')
      .where('tenant_id', '=', scope.tenant.id)
      .execute();
    expect(left.map((g) => g.name).sort()).toEqual(['Del B', 'Del C']);
    // Neither MACs nor a selection: 400, as before.
    expect((await remove({})).statusCode).toBe(400);
  });
});
