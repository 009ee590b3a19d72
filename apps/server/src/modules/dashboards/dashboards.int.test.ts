import type { DashboardMap, DashboardSummary, GatewayPage, ReachablePage } from '@portal/contract';
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

type Customer = Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };

const WORLD = { west: -180, south: -85, east: 180, north: 85 };
const PARIS = { west: 2.2, south: 48.8, east: 2.5, north: 48.9 };

/** The first value `read` gives within `ms` (polled every 50 ms); fails after. */
async function within<T>(ms: number, read: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The dashboards' calls (docs/dashboards.md) against a fleet built here: Alpha (four gateways, three located,
 * two of them in Paris and one in New York), its child AlphaKid (one in Paris), Beta (one in Paris).
 */
describe(`dashboards (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let kid: Customer;
  let beta: Customer;
  let root: string;
  const mac: Record<string, string> = {};

  const customer = async (label: string, parentId?: string) => {
    const created = await createCustomerWithUser(portal, label, { parentId });
    return { ...created, cookie: await signIn(portal, created.email, created.password) };
  };

  beforeAll(async () => {
    portal = await sharedPortal();
    root = await signIn(portal);
    alpha = await customer('Alpha');
    kid = await customer('AlphaKid', alpha.tenant.id);
    beta = await customer('Beta');
    const db = portal.database.db;
    const add = async (
      tenantId: string,
      name: string,
      row: {
        online: boolean;
        registered?: boolean;
        fw?: string;
        os?: string;
        at?: [number, number];
        device?: boolean;
      },
    ) => {
      mac[name] = randomMac();
      await portal.services.gateways.provision(tenantId, mac[name]!, name, {
        registered: row.registered ?? true,
      });
      const location = row.at ? { LAT: row.at[0], LNG: row.at[1] } : null;
      await db
        .updateTable('gateways')
        .set({
          connected: row.online,
          firmware: row.fw ?? null,
          os_version: row.os ?? null,
          // A location entered at registration, or (device) reported by the gateway in its state.
          ...(location && !row.device ? { address: JSON.stringify(location) } : {}),
          ...(location && row.device ? { state: JSON.stringify({ LCTN: location }) } : {}),
        })
        .where('mac', '=', mac[name]!)
        .execute();
    };
    await add(alpha.tenant.id, 'A1', { online: true, fw: 'v1', os: 'Bookworm', at: [48.85, 2.35] });
    await add(alpha.tenant.id, 'A2', { online: false, fw: 'v1', os: 'Bookworm', at: [48.86, 2.36] });
    await add(alpha.tenant.id, 'A3', {
      online: false,
      registered: false,
      fw: 'v2',
      at: [40.71, -74],
      device: true,
    });
    await add(alpha.tenant.id, 'A4', { online: true });
    await add(kid.tenant.id, 'K1', { online: true, fw: 'v2', at: [48.855, 2.355] });
    await add(beta.tenant.id, 'B1', { online: true, fw: 'v9', at: [48.85, 2.35] });
    const now = Date.now();
    await portal.services.telemetry.recordSamples({ mac: mac.A1!, tenantId: alpha.tenant.id }, [
      { TI: now - 1000, CO2: 900 },
    ]);
    await portal.services.telemetry.recordSamples({ mac: mac.A2!, tenantId: alpha.tenant.id }, [
      { TI: now - 1000, CO2: 500 },
    ]);
    await portal.services.telemetry.flush();
    const lock = (battery: number, i: number) => ({
      tenant_id: alpha.tenant.id,
      gateway_mac: mac.A1!,
      mac: randomMac(),
      name: `Lock ${i}`,
      battery_level: battery,
      reported_ti: now,
    });
    await db
      .insertInto('locks')
      .values([lock(10, 1), lock(19, 2), lock(20, 3), lock(90, 4)])
      .execute();
  });

  const get = (cookie: string, url: string, query: Record<string, string | number> = {}) =>
    injectAs(portal, cookie, 'GET', url, { query });
  const summary = async (cookie: string, scopeId: string) => {
    const response = await get(cookie, '/api/dashboards/summary', { scopeId });
    expect(response.statusCode).toBe(200);
    return response.json() as DashboardSummary;
  };
  const map = async (scopeId: string, zoom: number, bounds = WORLD) => {
    const response = await get(alpha.cookie, '/api/dashboards/map', { scopeId, zoom, ...bounds });
    expect(response.statusCode).toBe(200);
    return response.json() as DashboardMap;
  };
  const onMap = (view: DashboardMap) => view.clusters.reduce((n, c) => n + c.count, 0) + view.points.length;

  it("sums the subtree's gateways: connectivity, enrollment, firmware, OS, customers, locks, CO2", async () => {
    const figures = await summary(alpha.cookie, alpha.tenant.id);
    expect(figures.total).toBe(5);
    expect(figures.connectivity).toEqual({ online: 3, offline: 2 });
    expect(figures.enrollment).toEqual({ registered: 4, unregistered: 1 });
    expect(figures.firmware).toEqual([
      { value: 'v1', count: 2 },
      { value: 'v2', count: 2 },
      { value: '', count: 1 },
    ]);
    expect(figures.os).toEqual([
      { value: '', count: 3 },
      { value: 'Bookworm', count: 2 },
    ]);
    expect(figures.customers).toEqual([
      { scopeId: alpha.tenant.id, tenantName: alpha.tenant.name, count: 4, online: 2 },
      { scopeId: kid.tenant.id, tenantName: kid.tenant.name, count: 1, online: 1 },
    ]);
    expect(figures.located).toBe(4);
    // Under 20 % is low: 10 and 19, not 20.
    expect(figures.locks).toEqual({
      total: 4,
      lowBattery: 2,
      credentials: { pending: 0, sent: 0, failed: 0 },
    });
    expect(figures.co2).toEqual({ good: 1, moderate: 1, poor: 0, noData: 3, average: 700 });
    // The child sees its own subtree only; root sees any.
    expect((await summary(kid.cookie, kid.tenant.id)).total).toBe(1);
    expect((await summary(root, beta.tenant.id)).total).toBe(1);
  });

  it("gives another tenant's user nothing, on every call taking a scope", async () => {
    for (const [url, query] of [
      ['/api/dashboards/summary', {}],
      ['/api/dashboards/map', { zoom: 3, ...WORLD }],
      ['/api/iot-service/reachable/all/page', {}],
    ] as const) {
      expect((await get(beta.cookie, url, { scopeId: alpha.tenant.id, ...query })).statusCode).toBe(404);
      // A child does not reach its parent either.
      expect((await get(kid.cookie, url, { scopeId: alpha.tenant.id, ...query })).statusCode).toBe(404);
    }
    expect((await get(alpha.cookie, '/freeTierDetails')).statusCode).toBe(404);
    const free = await get(root, '/freeTierDetails');
    expect(free.statusCode).toBe(200);
    // The free tier is the portal's one, which other files on this shared portal may use: its figures are
    // those of its rows.
    const db = portal.database.db;
    const freeTier = await db
      .selectFrom('tenants')
      .select('id')
      .where('kind', '=', 'free_tier')
      .executeTakeFirstOrThrow();
    const devices = await db
      .selectFrom('gateways')
      .select('connected')
      .where('tenant_id', '=', freeTier.id)
      .execute();
    expect(free.json()).toMatchObject({
      scopeId: freeTier.id,
      name: 'General Users',
      devices: devices.length,
      onlineDevices: devices.filter((gateway) => gateway.connected).length,
    });
  });

  it('clusters the map on the server at three zoom levels, with the online/offline split', async () => {
    const world = await map(alpha.tenant.id, 0);
    expect(onMap(world)).toBe(4);
    expect(world.located).toBe(4);
    // Zoom 3: Paris (A1, A2, K1) is one cluster, New York (A3) a single gateway.
    const europe = await map(alpha.tenant.id, 3);
    expect(europe.clusters).toHaveLength(1);
    expect(europe.clusters[0]).toMatchObject({ count: 3, online: 2, offline: 1 });
    expect(europe.clusters[0]!.bounds).toEqual([2.35, 48.85, 2.36, 48.86]);
    expect(europe.clusters[0]!.expansionZoom).toBeGreaterThan(3);
    expect(europe.points).toEqual([
      {
        macId: mac.A3,
        name: 'A3',
        lat: 40.71,
        lng: -74,
        online: false,
        scopeId: alpha.tenant.id,
        tenantName: alpha.tenant.name,
      },
    ]);
    // Zoom 16 over Paris: each gateway on its own, New York outside the view.
    const street = await map(alpha.tenant.id, 16, PARIS);
    expect(street.clusters).toEqual([]);
    expect(street.points.map((p) => p.name).sort()).toEqual(['A1', 'A2', 'K1']);
    // Beta's gateway in Paris is never in Alpha's map.
    expect(street.points.some((p) => p.macId === mac.B1)).toBe(false);
  });

  it("opens a cluster's gateways in the gateways list through its area", async () => {
    const [cluster] = (await map(alpha.tenant.id, 3)).clusters;
    const response = await get(alpha.cookie, '/api/gateway/get-gateways-page', {
      scopeId: alpha.tenant.id,
      area: cluster!.bounds.join(','),
    });
    expect(response.statusCode).toBe(200);
    const names = (response.json() as GatewayPage).gateways.map((g) => g.name).sort();
    expect(names).toEqual(['A1', 'A2', 'K1']);
    const slice = (query: Record<string, string>) =>
      get(alpha.cookie, '/api/gateway/get-gateways-page', { scopeId: alpha.tenant.id, ...query });
    expect(((await slice({ firmware: 'v2' })).json() as GatewayPage).total).toBe(2);
    expect(((await slice({ firmware: '' })).json() as GatewayPage).total).toBe(1);
    expect(((await slice({ os: 'Bookworm' })).json() as GatewayPage).total).toBe(2);
    expect(((await slice({ tenant: alpha.tenant.id })).json() as GatewayPage).total).toBe(4);
    expect((await slice({ area: '1,2,3' })).statusCode).toBe(400);
    expect((await slice({ area: '0,50,1,40' })).statusCode).toBe(400);
  });

  it('keeps figures and clusters current as gateways change state', async () => {
    await map(alpha.tenant.id, 3);
    await portal.services.gateways.recordStatus({ mac: mac.A2!, tenantId: alpha.tenant.id }, { CS: 1 });
    expect((await summary(alpha.cookie, alpha.tenant.id)).connectivity).toEqual({ online: 4, offline: 1 });
    expect((await map(alpha.tenant.id, 3)).clusters[0]).toMatchObject({ count: 3, online: 3, offline: 0 });
    // A gateway moved to another place leaves the cluster.
    await portal.database.db
      .updateTable('gateways')
      .set({ address: JSON.stringify({ LAT: -33.86, LNG: 151.2 }), updated_at: new Date(Date.now() + 1000) })
      .where('mac', '=', mac.K1!)
      .execute();
    // The call right after the move answers from the index in use (the new one is built off the request path):
    // the Paris cluster as it was, K1 no longer a single point anywhere.
    const during = await map(alpha.tenant.id, 3);
    expect(during.clusters).toEqual([expect.objectContaining({ count: 3 })]);
    expect(during.points.map((p) => p.name)).toEqual(['A3']);
    // Within the documented bound (docs/dashboards.md "Map index": 2 s), K1 shows at its new place.
    const after = await within(2000, async () => {
      const view = await map(alpha.tenant.id, 3);
      return view.points.some((p) => p.name === 'K1') ? view : undefined;
    });
    expect(after.clusters).toEqual([expect.objectContaining({ count: 2, online: 2, offline: 0 })]);
    expect(after.points.map((p) => p.name).sort()).toEqual(['A3', 'K1']);
    expect(after.points.find((p) => p.name === 'K1')).toMatchObject({ lat: -33.86, lng: 151.2 });
    // A gateway removed (no newer updated_at anywhere): the departure alone tells the cache.
    await portal.database.db.deleteFrom('gateways').where('mac', '=', mac.A3!).execute();
    expect((await summary(alpha.cookie, alpha.tenant.id)).total).toBe(4);
    expect((await map(alpha.tenant.id, 3)).points.map((p) => p.name)).toEqual(['K1']);
  });

  it("takes a gateway moved to another customer off the old customer's map at once, onto the new one's within the bound", async () => {
    const betaMap = async (zoom: number, bounds = WORLD) => {
      const response = await get(beta.cookie, '/api/dashboards/map', {
        scopeId: beta.tenant.id,
        zoom,
        ...bounds,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as DashboardMap;
    };
    expect(onMap(await betaMap(0))).toBe(1);
    expect((await map(alpha.tenant.id, 16, PARIS)).points.map((p) => p.name).sort()).toEqual(['A1', 'A2']);
    await portal.database.db
      .updateTable('gateways')
      .set({ tenant_id: beta.tenant.id, updated_at: new Date(Date.now() + 2000) })
      .where('mac', '=', mac.A2!)
      .execute();
    // The old customer: at once, in its points and its clusters.
    expect((await map(alpha.tenant.id, 16, PARIS)).points.map((p) => p.name)).toEqual(['A1']);
    const alphaWorld = await map(alpha.tenant.id, 0);
    expect(onMap(alphaWorld)).toBe(2);
    expect(alphaWorld.located).toBe(2);
    // The new customer: within the bound.
    const street = await within(2000, async () => {
      const view = await betaMap(16, PARIS);
      return view.points.some((p) => p.macId === mac.A2) ? view : undefined;
    });
    expect(street.points.map((p) => p.macId).sort()).toEqual([mac.B1, mac.A2].sort()); // Back to Alpha, as the tests below expect it.
    await portal.database.db
      .updateTable('gateways')
      .set({ tenant_id: alpha.tenant.id, updated_at: new Date(Date.now() + 3000) })
      .where('mac', '=', mac.A2!)
      .execute();
    expect((await betaMap(16, PARIS)).points.map((p) => p.macId)).toEqual([mac.B1]);
  });

  it('pages the dashboard gateway rows by name with tenantName, within the limits', async () => {
    const page = async (query: Record<string, string | number>) =>
      get(alpha.cookie, '/api/iot-service/reachable/all/page', { scopeId: alpha.tenant.id, ...query });
    const first = (await page({ page: 0, size: 2 })).json() as ReachablePage;
    expect(first).toMatchObject({ page: 0, size: 2, totalElements: 4, totalPages: 2 });
    expect(first.content.map((r) => r.NAME)).toEqual(['A1', 'A2']);
    expect(first.content[0]).toMatchObject({
      SID: alpha.tenant.id,
      MAC: mac.A1,
      OS: 'Bookworm',
      FW: 'v1',
      scopeId: alpha.tenant.id,
      tenantName: alpha.tenant.name,
    });
    const last = (await page({ page: 1, size: 2 })).json() as ReachablePage;
    expect(last.content.map((r) => [r.NAME, r.tenantName])).toEqual([
      ['A4', alpha.tenant.name],
      ['K1', kid.tenant.name],
    ]);
    // A2 came online and A3 was removed in the test before: none is offline.
    expect(((await page({ status: 'offline', size: 500 })).json() as ReachablePage).content).toEqual([]);
    expect(((await page({ status: 'online', size: 500 })).json() as ReachablePage).totalElements).toBe(4);
    expect((await page({ size: 0 })).statusCode).toBe(400);
    expect((await page({ size: 501 })).statusCode).toBe(400);
    expect((await page({ page: -1 })).statusCode).toBe(400);
  });

  it('refuses a map view outside the limits', async () => {
    const view = (query: Record<string, number>) =>
      get(alpha.cookie, '/api/dashboards/map', { scopeId: alpha.tenant.id, ...WORLD, ...query });
    expect((await view({ zoom: 0 })).statusCode).toBe(200);
    expect((await view({ zoom: 19 })).statusCode).toBe(200);
    expect((await view({ zoom: -1 })).statusCode).toBe(400);
    expect((await view({ zoom: 20 })).statusCode).toBe(400);
    expect((await view({ zoom: 3, north: 90.5 })).statusCode).toBe(400);
    expect((await view({ zoom: 3, west: -181 })).statusCode).toBe(400);
    // Without IOT_DEVICE_READ the calls are refused.
    const bare = await createCustomerWithUser(portal, 'Bare', { permissions: [] });
    const cookie = await signIn(portal, bare.email, bare.password);
    expect((await get(cookie, '/api/dashboards/summary', { scopeId: bare.tenant.id })).statusCode).toBe(403);
  });
});
