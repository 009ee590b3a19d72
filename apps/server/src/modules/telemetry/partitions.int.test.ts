import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseAt } from '../../../test/database-at.ts';
import {
  backend,
  createCustomerWithUser,
  randomMac,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';
import type { Database } from '../../db/schema.ts';
import { DAY, DAYS_AHEAD, dayPartitionName, TelemetryPartitions } from './partitions.repository.ts';

const RAW_DAYS = 4;

/** The partitions of `telemetry`, by name. */
async function partitionNames(db: Kysely<Database>): Promise<string[]> {
  return (await new TelemetryPartitions(db).list()).map((p) => p.name);
}

/** The partition a stored sample is in ('' when it is not stored). */
async function partitionOf(db: Kysely<Database>, mac: string, ti: number): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select tableoid::regclass::text as name from telemetry where mac = ${mac} and ti = ${ti}`.execute(db);
  return rows[0]?.name ?? '';
}

/** Issue 33: raw samples in daily partitions, created ahead by the portal, dropped whole by retention. */
describe(`telemetry partitions (${backend} backend)`, () => {
  let portal: TestPortal;
  let db: Kysely<Database>;
  let tenantId: string;
  const today = Math.floor(Date.now() / DAY) * DAY;

  beforeAll(async () => {
    portal = await startPortal({ TELEMETRY_RETENTION_DAYS: String(RAW_DAYS) });
    db = portal.database.db;
    tenantId = (await createCustomerWithUser(portal, 'Partitioned')).tenant.id;
  });
  afterAll(async () => {
    await portal?.close();
  });

  const gateway = async () => {
    const mac = randomMac();
    await portal.services.gateways.provision(tenantId, mac, `Gateway ${mac}`);
    return mac;
  };
  const record = (mac: string, ...times: number[]) =>
    portal.services.telemetry.recordSamples(
      { mac, tenantId },
      times.map((TI) => ({ TI, CO2: 600 })),
    );

  it('has a partition for each day from the retention back to a week ahead once started', async () => {
    const names = await partitionNames(db);
    for (let day = -RAW_DAYS; day <= DAYS_AHEAD; day++)
      expect(names).toContain(dayPartitionName(today + day * DAY));
    expect(names).not.toContain(dayPartitionName(today + (DAYS_AHEAD + 1) * DAY));
    expect(names).not.toContain(dayPartitionName(today - (RAW_DAYS + 1) * DAY));
    expect(names).toContain('telemetry_default');

    const mac = await gateway();
    const now = Date.now();
    await record(mac, now);
    expect(await partitionOf(db, mac, now)).toBe(dayPartitionName(today));
  });

  it('stores a sample of any time: one no day covers goes to the default partition, then to its day', async () => {
    const mac = await gateway();
    const past = Date.UTC(1971, 0, 1);
    const future = Date.UTC(2100, 0, 1);
    const beyond = today + (DAYS_AHEAD + 1) * DAY + 3_600_000;
    await record(mac, past, future, beyond);
    expect(await partitionOf(db, mac, past)).toBe('telemetry_default');
    expect(await partitionOf(db, mac, future)).toBe('telemetry_default');
    expect(await partitionOf(db, mac, beyond)).toBe('telemetry_default');

    // A day later, the partition of `beyond`'s day is created and takes it out of the default partition.
    const created = await portal.retention.ensurePartitions(Date.now() + DAY);
    expect(created).toEqual([dayPartitionName(today + (DAYS_AHEAD + 1) * DAY)]);
    expect(await partitionOf(db, mac, beyond)).toBe(dayPartitionName(today + (DAYS_AHEAD + 1) * DAY));
    expect(await portal.services.telemetry.countSamples(mac)).toBe(3);
  });

  it('drops the partitions of days past retention whole and keeps newer samples', async () => {
    const mac = await gateway();
    // Days before the retention, as a portal running for a week would have them.
    await portal.retention.ensurePartitions(Date.now() - 3 * DAY);
    const old = today - 6 * DAY + 3_600_000;
    const straddling = today - RAW_DAYS * DAY; // older than the retention, in the day the boundary falls in
    const kept = today - 2 * DAY;
    const ancient = Date.UTC(1971, 0, 1);
    const farAhead = Date.UTC(2100, 0, 1);
    await record(mac, old, straddling, kept, ancient, farAhead);
    expect(await partitionOf(db, mac, old)).toBe(dayPartitionName(today - 6 * DAY));

    const { raw } = await portal.retention.runOnce();
    expect(raw).toBeGreaterThanOrEqual(2); // `old` with its partition, `ancient` from the default partition
    const names = await partitionNames(db);
    for (const day of [5, 6, 7]) expect(names).not.toContain(dayPartitionName(today - day * DAY));
    expect(names).toContain(dayPartitionName(today - RAW_DAYS * DAY));
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_class where relname = ${dayPartitionName(today - 6 * DAY)}`.execute(
      db,
    );
    expect(rows[0]!.n).toBe(0);

    expect(await partitionOf(db, mac, old)).toBe('');
    expect(await partitionOf(db, mac, ancient)).toBe('');
    expect(await partitionOf(db, mac, straddling)).toBe(dayPartitionName(today - RAW_DAYS * DAY));
    expect(await partitionOf(db, mac, kept)).toBe(dayPartitionName(today - 2 * DAY));
    expect(await partitionOf(db, mac, farAhead)).toBe('telemetry_default');
  });

  it("gives each gateway's last 50 samples across the days, from the last day or from older ones", async () => {
    const busy = await gateway();
    const quiet = await gateway();
    const now = Date.now();
    const minutes = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => from + i * 60_000);
    await record(busy, ...minutes(now - 2 * DAY, 20), ...minutes(now - 70 * 60_000, 60));
    await record(quiet, ...minutes(now - 3 * DAY, 45), ...minutes(now - 10 * 60_000, 10));
    const recent = await portal.services.telemetry.recentByMac([busy, quiet]);
    expect(recent[busy]!.map((s) => s.TI)).toEqual(minutes(now - 60 * 60_000, 50));
    // Fewer than 50 in the last day: the 40 before them come from the partition of three days ago.
    expect(recent[quiet]!.map((s) => s.TI)).toEqual([
      ...minutes(now - 3 * DAY, 45).slice(5),
      ...minutes(now - 10 * 60_000, 10),
    ]);
  });

  it('lets two instances create the same partitions at the same time', async () => {
    const later = Date.now() + 30 * DAY;
    const results = await Promise.all([
      new TelemetryPartitions(db).ensure([later, later + DAY, later + 2 * DAY].map((t) => t - (t % DAY))),
      new TelemetryPartitions(db).ensure([later, later + DAY, later + 2 * DAY].map((t) => t - (t % DAY))),
      portal.retention.ensurePartitions(later),
    ]);
    const created = results.flat();
    expect(new Set(created).size).toBe(created.length);
    const names = await partitionNames(db);
    for (let day = -RAW_DAYS; day <= DAYS_AHEAD; day++) {
      expect(names).toContain(dayPartitionName(later - (later % DAY) + day * DAY));
    }
  });
});

describe(`migration 0042 on stored samples (${backend} backend)`, () => {
  it('moves every sample into the partitioned table', async () => {
    const database = await openDatabaseAt(backend === 'real', '0041');
    try {
      const { db } = database;
      const now = Date.now();
      const cutover = Math.floor(now / DAY) * DAY + DAY;
      // 5 gateways, a sample every 2 hours for 40 days, and some ahead of the cut-over (clocks running ahead).
      await sql`
        insert into telemetry (mac, ti, co2, temp)
        select 'GW' || g, ${now}::bigint - h * 7200000::bigint, 400 + h % 50, (g * h) % 31
        from generate_series(1, 5) g, generate_series(0, 479) h`.execute(db);
      await sql`
        insert into telemetry (mac, ti, co2)
        values ('GW1', ${cutover}, 1), ('GW2', ${cutover + 5 * DAY}, 2), ('GW3', ${Date.UTC(2100, 0, 1)}, 3)`.execute(
        db,
      );
      const fingerprint = async () => {
        const { rows } = await sql<{ n: number; digest: string }>`
          select count(*)::int as n,
                 md5(string_agg(mac || ':' || ti || ':' || coalesce(co2::text, '') || ':' || coalesce(temp::text, ''),
                                ',' order by mac, ti)) as digest
          from telemetry`.execute(db);
        return rows[0]!;
      };
      const before = await fingerprint();
      expect(before.n).toBe(5 * 480 + 3);

      await database.migrateToLatest();

      expect(await fingerprint()).toEqual(before);
      const partitions = await new TelemetryPartitions(db).list();
      expect(partitions).toEqual([
        { name: 'telemetry_default', from: null, to: null, isDefault: true },
        { name: 'telemetry_legacy', from: null, to: cutover, isDefault: false },
      ]);
      expect(await partitionOf(db, 'GW1', now)).toBe('telemetry_legacy');
      expect(await partitionOf(db, 'GW1', cutover)).toBe('telemetry_default');
      // The days after the cut-over get their partitions; the samples of those days move into them.
      await new TelemetryPartitions(db).ensure([cutover, cutover + 5 * DAY]);
      expect(await partitionOf(db, 'GW1', cutover)).toBe(dayPartitionName(cutover));
      expect(await partitionOf(db, 'GW2', cutover + 5 * DAY)).toBe(dayPartitionName(cutover + 5 * DAY));
      expect(await fingerprint()).toEqual(before);
      // A redelivered sample is still skipped on the (mac, ti) key across the partitions.
      const { rows } = await sql<{ ti: number }>`
        insert into telemetry (mac, ti, co2) values ('GW4', ${now}, 9), ('GW1', ${cutover}, 9)
        on conflict (mac, ti) do nothing returning ti`.execute(db);
      expect(rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
