import type { DashboardMap } from '@portal/contract';
import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../lib/principal.ts';
import {
  byMac,
  type DashboardsRepository,
  type Fingerprint,
  type GatewayChange,
  type LocatedGateway,
} from './dashboards.repository.ts';
import { DashboardsService, type DashboardsSettings } from './dashboards.service.ts';
import { FleetClusters } from './fleet-cache.ts';

/** A gateway row as the fake database keeps it. */
interface Row extends GatewayChange {
  registered: boolean;
  firmware: string;
  os: string;
  updatedAt: number;
}

/** Deterministic pseudo-random numbers (the same fleet on every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const TENANTS = ['t-a', 't-b', 't-c'];
const NAMES = new Map(TENANTS.map((id) => [id, `Customer ${id}`]));

/**
 * The dashboards repository's reads over an in-memory gateways table, as the SQL answers them: the fingerprint
 * (newest change, departures), every located gateway, the gateways changed since a time.
 */
class FakeDatabase {
  rows = new Map<string, Row>();
  departures = 0;
  clock = 1_000_000;
  fullReads = 0;

  constructor(count: number, rand: () => number) {
    for (let n = 0; n < count; n++) {
      // Around 12 places, spread so that clusters form at every zoom; a few gateways without a place.
      const place = n % 12;
      const located = n % 17 !== 0;
      const mac = `AA${(n * 7919).toString(16).toUpperCase().padStart(10, '0')}`;
      this.rows.set(mac, {
        mac,
        tenant_id: TENANTS[n % TENANTS.length]!,
        connected: rand() < 0.7,
        registered: rand() < 0.9,
        firmware: ['v1', 'v2', 'v3', ''][n % 4]!,
        os: ['5.4', '6.1'][n % 2]!,
        lat: located ? -50 + place * 9 + (rand() - 0.5) * 2 ** -(n % 14) * 8 : null,
        lng: located ? -150 + place * 25 + (rand() - 0.5) * 2 ** -(n % 14) * 8 : null,
        updatedAt: this.clock,
      });
    }
  }

  change(mac: string, patch: Partial<Row>) {
    const row = this.rows.get(mac)!;
    this.rows.set(mac, { ...row, ...patch, updatedAt: ++this.clock });
  }

  repo(): DashboardsRepository {
    const inTenants = (ids: string[]) => [...this.rows.values()].filter((row) => ids.includes(row.tenant_id));
    const strip = (row: Row): GatewayChange => ({
      mac: row.mac,
      tenant_id: row.tenant_id,
      connected: row.connected,
      lat: row.lat,
      lng: row.lng,
    });
    const repo: Partial<DashboardsRepository> = {
      fingerprint: async (ids: string[]): Promise<Fingerprint> => {
        const last = Math.max(0, ...inTenants(ids).map((row) => row.updatedAt));
        return { key: `${last}:${this.departures}`, last, gone: this.departures };
      },
      located: async (ids) => {
        this.fullReads++;
        return inTenants(ids ?? TENANTS)
          .filter((row) => row.lat !== null && row.lng !== null)
          .map((row): LocatedGateway => ({ ...strip(row), lat: row.lat!, lng: row.lng! }))
          .sort(byMac);
      },
      changedSince: async (ids, since) =>
        inTenants(ids)
          .filter((row) => row.updatedAt >= since)
          .map(strip),
      facts: async (ids, since) =>
        inTenants(ids)
          .filter((row) => since === undefined || row.updatedAt >= since)
          .map((row) => ({
            mac: row.mac,
            tenant_id: row.tenant_id,
            connected: row.connected,
            registered: row.registered,
            firmware: row.firmware,
            os: row.os,
            located: row.lat !== null && row.lng !== null,
          })),
      lockCounts: async () => ({ total: 0, lowBattery: 0, credentials: { pending: 0, sent: 0, failed: 0 } }),
      co2Bands: async () => ({ good: 0, moderate: 0, poor: 0, withData: 0, average: null }),
      tenantNames: async (ids) => new Map(ids.map((id) => [id, NAMES.get(id) ?? ''])),
      namesOf: async (macs) => new Map(macs.map((mac) => [mac, `Gateway ${mac}`])),
    };
    return repo as DashboardsRepository;
  }
}

const SETTINGS: DashboardsSettings = {
  sideFiguresMs: 30_000,
  cachedScopes: 8,
  maxAgeMs: 3_600_000,
  changeOverlapMs: 0,
  rebuildDelayMs: 20,
};

/** Longer than rebuildDelayMs: the rebuild off the request path has run. */
const rebuilt = async (kept: DashboardsService) => {
  await new Promise((resolve) => setTimeout(resolve, 60));
  await views(kept);
};

const service = (db: FakeDatabase, tenantIds = TENANTS) =>
  new DashboardsService(
    db.repo(),
    // The map reads the caller's subtree only.
    { subtreeWithin: async () => tenantIds } as unknown as ConstructorParameters<typeof DashboardsService>[1],
    SETTINGS,
  );

const PRINCIPAL = {} as Principal;
const VIEWS = [
  ...Array.from({ length: 18 }, (_, zoom) => ({ zoom, west: -180, south: -85, east: 180, north: 85 })),
  { zoom: 5, west: -160, south: -60, east: -90, north: 0 },
  { zoom: 9, west: -126, south: -33, east: -123, north: -30 },
  { zoom: 14, west: -100.1, south: -14.1, east: -99.9, north: -13.9 },
];

/** Every view of the map, as one service answers them now. */
async function views(dashboards: DashboardsService): Promise<DashboardMap[]> {
  const answers: DashboardMap[] = [];
  for (const view of VIEWS) answers.push(await dashboards.map(PRINCIPAL, { scopeId: 'scope', ...view }));
  return answers;
}

describe('the map index kept current from the changes since its last read', () => {
  it('answers every view as a full rebuild does after random connectivity changes, without reading every row', async () => {
    const rand = random(7);
    const db = new FakeDatabase(4000, rand);
    const kept = service(db);
    await views(kept);
    expect(db.fullReads).toBe(1);
    const macs = [...db.rows.keys()];
    for (let round = 0; round < 5; round++) {
      for (let k = 0; k < 150; k++) {
        const mac = macs[Math.floor(rand() * macs.length)]!;
        db.change(mac, { connected: !db.rows.get(mac)!.connected });
      }
      // A gateway written again without a change (a heartbeat) is no change.
      db.change(macs[0]!, {});
      const reads = db.fullReads;
      const incremental = await views(kept);
      expect(db.fullReads).toBe(reads);
      const fresh = await views(service(db));
      expect(incremental).toEqual(fresh);
    }
    // The figures move: some cluster's online count differs from the first read.
    const world = (await views(kept))[3]!;
    expect(
      world.clusters.reduce((n, c) => n + c.online, 0) + world.points.filter((p) => p.online).length,
    ).toBe([...db.rows.values()].filter((row) => row.lat !== null && row.connected).length);
  });

  it('builds the index again when a gateway moves, joins or leaves the map, and answers as a full rebuild', async () => {
    const rand = random(11);
    const db = new FakeDatabase(3000, rand);
    const kept = service(db);
    await views(kept);
    const located = [...db.rows.values()].filter((row) => row.lat !== null);
    const unlocated = [...db.rows.values()].filter((row) => row.lat === null);
    const moves: [string, Partial<GatewayChange>][] = [
      [located[10]!.mac, { lat: 48.85, lng: 2.35 }],
      [located[20]!.mac, { lat: null, lng: null }],
      [unlocated[0]!.mac, { lat: -13.95, lng: -100, connected: true }],
      [located[30]!.mac, { lat: located[30]!.lat! + 0.0001, connected: !located[30]!.connected }],
    ];
    for (const [i, [mac, patch]] of moves.entries()) {
      db.change(mac, patch);
      // A connectivity change in the same read.
      const other = db.rows.get(located[40 + i]!.mac)!;
      db.change(other.mac, { connected: !other.connected });
      const reads = db.fullReads;
      await views(kept);
      await rebuilt(kept);
      const incremental = await views(kept);
      // Built again from memory and the changes, not from every row.
      expect(db.fullReads).toBe(reads);
      const fresh = await views(service(db));
      expect(incremental).toEqual(fresh);
    }
    const paris = await kept.map(PRINCIPAL, {
      scopeId: 'scope',
      zoom: 17,
      west: 2.3,
      south: 48.8,
      east: 2.4,
      north: 48.9,
    });
    expect(paris.points.map((p) => p.macId)).toContain(located[10]!.mac);
  });

  it('answers from the index in use while the new one is built off the request path, then from the new one', async () => {
    const db = new FakeDatabase(3000, random(5));
    const kept = service(db);
    await views(kept);
    const [moved, other] = [...db.rows.values()].filter((row) => row.lat !== null);
    const paris = { scopeId: 'scope', zoom: 17, west: 2.3, south: 48.8, east: 2.4, north: 48.9 };
    const home = {
      scopeId: 'scope',
      zoom: 17,
      west: moved!.lng! - 0.001,
      south: moved!.lat! - 0.001,
      east: moved!.lng! + 0.001,
      north: moved!.lat! + 0.001,
    };
    const before = await views(kept);
    const otherOnline = !other!.connected;
    // A burst of moves: one gateway moved twice, another gateway's connectivity changed.
    db.change(moved!.mac, { lat: 10, lng: 10 });
    await kept.map(PRINCIPAL, paris);
    db.change(moved!.mac, { lat: 48.85, lng: 2.35 });
    db.change(other!.mac, { connected: otherOnline });
    const during = await kept.map(PRINCIPAL, paris);
    // Not at its new place yet, and no longer shown as a single point at its old one.
    expect(during.points.map((p) => p.macId)).not.toContain(moved!.mac);
    const atHome = await kept.map(PRINCIPAL, home);
    expect(atHome.points.map((p) => p.macId)).not.toContain(moved!.mac);
    // The clusters are the previous index's (positions), with the connectivity change applied at once.
    const world = await kept.map(PRINCIPAL, {
      scopeId: 'scope',
      zoom: 0,
      west: -180,
      south: -85,
      east: 180,
      north: 85,
    });
    expect(world.clusters.map((c) => [c.id, c.count])).toEqual(
      before[0]!.clusters.map((c) => [c.id, c.count]),
    );
    expect(world.clusters.reduce((n, c) => n + c.online, 0)).toBe(
      [...db.rows.values()].filter((row) => row.lat !== null && row.connected).length,
    );
    await rebuilt(kept);
    const after = await kept.map(PRINCIPAL, paris);
    expect(after.points.map((p) => p.macId)).toContain(moved!.mac);
    expect(await views(kept)).toEqual(await views(service(db)));
  });

  it('reads every row again when gateways left the subtree (deleted or moved to another customer)', async () => {
    const db = new FakeDatabase(500, random(3));
    const kept = service(db);
    await views(kept);
    const [gone] = [...db.rows.values()].filter((row) => row.lat !== null);
    db.rows.delete(gone!.mac);
    db.departures++;
    const reads = db.fullReads;
    const incremental = await views(kept);
    expect(db.fullReads).toBe(reads + 1);
    expect(incremental).toEqual(await views(service(db)));
    expect(incremental[0]!.located).toBe([...db.rows.values()].filter((row) => row.lat !== null).length);
  });

  it('keeps another customer out: changes outside the subtree change nothing', async () => {
    const db = new FakeDatabase(900, random(5));
    const kept = service(db, ['t-a']);
    const before = await views(kept);
    for (const row of [...db.rows.values()].filter((r) => r.tenant_id === 't-b')) {
      db.change(row.mac, { connected: !row.connected, lat: 1, lng: 1 });
    }
    const after = await views(kept);
    expect(after).toEqual(before);
    expect(after[17]!.points.every((p) => p.scopeId === 't-a')).toBe(true);
  });

  it('keeps the figures as a fresh read counts them after random changes', async () => {
    const rand = random(13);
    const db = new FakeDatabase(3000, rand);
    const kept = service(db);
    const summary = (dashboards: DashboardsService) => dashboards.summary(PRINCIPAL, 'scope');
    await summary(kept);
    const macs = [...db.rows.keys()];
    for (let round = 0; round < 4; round++) {
      for (let k = 0; k < 100; k++) {
        const mac = macs[Math.floor(rand() * macs.length)]!;
        const row = db.rows.get(mac)!;
        const pick = rand();
        if (pick < 0.6) db.change(mac, { connected: !row.connected });
        else if (pick < 0.8) db.change(mac, { registered: !row.registered });
        else if (pick < 0.9) db.change(mac, { firmware: `v${Math.floor(rand() * 20)}` });
        else db.change(mac, { lat: row.lat === null ? 10 : null, lng: row.lat === null ? 10 : null });
      }
      const incremental = await summary(kept);
      const fresh = await summary(service(db));
      expect(incremental).toEqual(fresh);
      const rows = [...db.rows.values()];
      expect(incremental.connectivity.online).toBe(rows.filter((r) => r.connected).length);
      expect(incremental.enrollment.registered).toBe(rows.filter((r) => r.registered).length);
      expect(incremental.located).toBe(rows.filter((r) => r.lat !== null).length);
    }
  });

  it('after maxAgeMs answers the figures from the kept facts and the changes while a full read runs beside', async () => {
    const db = new FakeDatabase(600, random(17));
    let fullFactReads = 0;
    const repo = db.repo();
    const facts = repo.facts.bind(repo);
    let release = () => {};
    let hold: Promise<void> | undefined;
    repo.facts = async (ids, since) => {
      if (since === undefined) {
        fullFactReads++;
        await hold;
      }
      return facts(ids, since);
    };
    let clock = 0;
    const kept = new DashboardsService(
      repo,
      { subtreeWithin: async () => TENANTS } as unknown as ConstructorParameters<typeof DashboardsService>[1],
      { ...SETTINGS, maxAgeMs: 60_000 },
      () => clock,
    );
    await kept.summary(PRINCIPAL, 'scope');
    expect(fullFactReads).toBe(1);
    const [mac] = db.rows.keys();
    db.change(mac!, { connected: !db.rows.get(mac!)!.connected });
    clock = 61_000;
    // The full read is held: the answer does not wait for it.
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const answer = await kept.summary(PRINCIPAL, 'scope');
    expect(answer).toEqual(await service(db).summary(PRINCIPAL, 'scope'));
    expect(fullFactReads).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    db.change(mac!, { connected: !db.rows.get(mac!)!.connected });
    expect(await kept.summary(PRINCIPAL, 'scope')).toEqual(await service(db).summary(PRINCIPAL, 'scope'));
    expect(fullFactReads).toBe(2);
  });

  it("counts each cluster's online gateways as supercluster's own reduce over its leaves does", () => {
    const db = new FakeDatabase(2000, random(9));
    const gateways = [...db.rows.values()]
      .filter((row) => row.lat !== null)
      .map((row): LocatedGateway => ({ ...row, lat: row.lat!, lng: row.lng! }))
      .sort(byMac);
    const clusters = new FleetClusters(gateways, NAMES);
    const changes = gateways.slice(0, 600).map((g) => ({ ...g, connected: !g.connected }));
    expect(clusters.apply(changes)).toBe(clusters);
    // The oracle: the same points (same order, so the same clusters and ids) with the online count summed by
    // supercluster's reduce at load, from the connectivity after the changes.
    const connected = new Map(changes.map((c) => [c.mac, c.connected]));
    const oracle = new Supercluster<{ online: number }, { online: number }>({
      radius: 60,
      extent: 256,
      maxZoom: 16,
      map: (props) => ({ online: props.online }),
      reduce: (acc, props) => {
        acc.online += props.online;
      },
    }).load(
      gateways.map((g) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [g.lng, g.lat] },
        properties: { online: (connected.get(g.mac) ?? g.connected) ? 1 : 0 },
      })),
    );
    let compared = 0;
    for (let zoom = 0; zoom <= 16; zoom++) {
      const world = { west: -180, south: -85, east: 180, north: 85 };
      const expected = new Map(
        oracle
          .getClusters([world.west, world.south, world.east, world.north], zoom)
          .filter((f) => 'cluster' in f.properties)
          .map((f) => [(f.properties as { cluster_id: number }).cluster_id, f.properties.online]),
      );
      const view = clusters.view(zoom, world);
      expect(view.clusters.length).toBe(expected.size);
      for (const cluster of view.clusters) {
        expect(cluster.online).toBe(expected.get(cluster.id));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
