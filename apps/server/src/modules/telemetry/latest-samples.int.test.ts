import type { GatewaySummary, TelemetrySample } from '@portal/contract';
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
import { TelemetryRepository } from './telemetry.repository.ts';

const HISTORY = 3000;
const T0 = Date.UTC(2026, 0, 1);

/**
 * Issue 12, point 5: the gateway list's latest sample and the cards' recent data read one gateway's newest
 * samples without its history, stay right whatever order samples arrive in and after deletion, and a long
 * database call on the embedded backend does not stop the portal answering.
 */
describe(`latest samples (${backend} backend)`, () => {
  let portal: TestPortal;
  let customer: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let cookie: string;
  let root: string;

  beforeAll(async () => {
    portal = await sharedPortal();
    customer = await createCustomerWithUser(portal, 'Latest', {
      permissions: ['IOT_DEVICE_READ', 'IOT_DEVICE_WRITE'],
    });
    cookie = await signIn(portal, customer.email, customer.password);
    root = await signIn(portal);
  });

  const provision = async (name: string, mac = randomMac()) => {
    await portal.services.gateways.provision(customer.tenant.id, mac, name, { registered: true });
    return mac;
  };
  const record = (mac: string, samples: TelemetrySample[]) =>
    portal.services.telemetry.recordSamples({ mac, tenantId: customer.tenant.id }, samples);
  const listed = async (mac: string) => {
    const response = await injectAs(portal, cookie, 'GET', '/api/gateway/get-gateways', {
      query: { scopeId: customer.tenant.id },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as GatewaySummary[]).find((g) => g.macId === mac);
  };
  /** `count` samples a minute apart ending at `T0`, written straight into the table. */
  const history = (mac: string, count: number) =>
    sql`
      insert into telemetry (mac, ti, co2, temp)
      select ${mac}, ${T0}::bigint - g * 60000, 400 + g % 100, 20
      from generate_series(1, ${count}::int) g`.execute(portal.database.db);

  it('lists the newest sample when an older one arrives after it', async () => {
    const mac = await provision('Out of order');
    await history(mac, 50);
    await record(mac, [{ TI: T0 + 120_000, CO2: 900, TEMP: 21.5 }]);
    await record(mac, [{ TI: T0 + 60_000, CO2: 500, TEMP: 19 }]);
    expect((await listed(mac))?.latest).toEqual({ TI: T0 + 120_000, CO2: 900, TEMP: 21.5 });

    const recent = await injectAs(portal, cookie, 'GET', '/api/device/recent-data', {
      query: { scopeId: customer.tenant.id, macIds: mac },
    });
    const samples = (recent.json() as Record<string, TelemetrySample[]>)[mac]!;
    expect(samples).toHaveLength(50);
    expect(samples.slice(-2).map((s) => s.TI)).toEqual([T0 + 60_000, T0 + 120_000]);
    expect(samples.map((s) => s.TI)).toEqual([...samples.map((s) => s.TI)].sort((a, b) => a - b));
  });

  it('lists no sample for a gateway deleted and provisioned again, and none for one without samples', async () => {
    const mac = await provision('Deleted');
    await record(mac, [{ TI: T0, CO2: 700 }]);
    expect((await listed(mac))?.latest?.TI).toBe(T0);
    const deleted = await injectAs(portal, root, 'PUT', '/api/deleteOfflineGateways', {
      payload: { offlineGateways: [mac], scopeId: customer.tenant.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await listed(mac)).toBeUndefined();
    await provision('Deleted again', mac);
    expect((await listed(mac))?.latest).toBeNull();
    const fresh = await provision('Never sent');
    expect((await listed(fresh))?.latest).toBeNull();
  });

  it('reads each newest sample without the history, and only the recent ones for the cards', async () => {
    const macs = [await provision('History A'), await provision('History B'), await provision('History C')];
    for (const mac of macs) {
      await history(mac, HISTORY);
      await record(mac, [{ TI: T0 + 60_000, CO2: 800 }]);
    }
    await sql`analyze telemetry`.execute(portal.database.db);
    const repo = (db: typeof portal.database.db) => new TelemetryRepository(db);
    // The partition holding the history (its day, or the default or legacy one): the shared portal's other files
    // write samples of their own into the small day partitions around today, which the planner may read whole.
    const { rows: holding } = await sql<{ partition: string }>`
      select distinct tableoid::regclass::text as partition from telemetry where mac = ${macs[0]} and ti <= ${T0}`.execute(
      portal.database.db,
    );
    expect(holding).toHaveLength(1);
    // Rows fetched from that partition by the call, by PostgreSQL's own counters (taken before and after: PGlite
    // keeps adding to them across transactions).
    const counter = async (trx: typeof portal.database.db) => {
      const { rows } = await sql<{ read: number }>`
        select sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as read
        from pg_stat_xact_user_tables where relid = ${holding[0]!.partition}::regclass`.execute(trx);
      return Number(rows[0]?.read ?? 0);
    };
    const rowsRead = (run: (r: TelemetryRepository) => Promise<unknown[]>) =>
      portal.database.db.transaction().execute(async (trx) => {
        const before = await counter(trx);
        const found = await run(repo(trx));
        return { found: found.length, read: (await counter(trx)) - before };
      });
    const latest = await rowsRead((r) => r.latestSamples(macs));
    expect(latest.found).toBe(3);
    // The newest samples are kept apart (telemetry_latest): no row of the history is read for them.
    expect(latest.read).toBe(0);
    const recent = await rowsRead((r) => r.recentSamples(macs, 50));
    expect(recent.found).toBe(150);
    expect(recent.read).toBeLessThanOrEqual(150);
  });

  it('answers HTTP while a long database call runs', async () => {
    let finished = false;
    // A statement of 1.5 s inside the database (on its only connection when embedded).
    const long = sql`select pg_sleep(1.5)`.execute(portal.database.db).then(() => {
      finished = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${portal.baseUrl}/api/frontend-app-details`);
    expect(response.status).toBe(200);
    // The answer came while the database was still busy: the call did not hold the process.
    expect(finished).toBe(false);
    await long;
  });
});
