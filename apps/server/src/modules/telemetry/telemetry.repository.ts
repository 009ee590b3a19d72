import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { type Metric, ROLLUPS, type RollupTable } from '../../db/metrics.ts';
import type { Database, TelemetryRow, TelemetryTable } from '../../db/schema.ts';
import { storeSamplesQuery } from '../../db/telemetry-sql.ts';
import { retryTransient } from '../../lib/retry.ts';
import { DAY, type SamplePartition, TelemetryPartitions } from './partitions.repository.ts';
import type { SeriesPlan } from './series-plan.ts';

export class TelemetryRepository {
  private readonly partitions: TelemetryPartitions;

  constructor(private readonly db: Kysely<Database>) {
    this.partitions = new TelemetryPartitions(db);
  }

  /** A gateway un-registered (modules/instructions, in its transaction): its samples, rollups and events go. */
  async deleteOfGateway(mac: string): Promise<void> {
    await this.db.deleteFrom('telemetry').where('mac', '=', mac).execute();
    await this.db.deleteFrom('telemetry_latest').where('mac', '=', mac).execute();
    await this.db.deleteFrom('telemetry_1m').where('mac', '=', mac).execute();
    await this.db.deleteFrom('telemetry_1h').where('mac', '=', mac).execute();
    await this.db.deleteFrom('gateway_events').where('mac', '=', mac).execute();
  }

  /**
   * Stores samples, moves each gateway's newest one forward and folds the new ones into the rollups, in one
   * statement (telemetry_store, migration 0044). A sample already stored (a QoS 1 redelivery) is skipped, (mac,
   * ti) being the key, so it is never counted twice.
   */
  async insertSamples(rows: TelemetryRow[]): Promise<void> {
    // Several messages of one batch may carry the same key; keep the first so ON CONFLICT sees each once.
    // Concurrent batches touch rows in one order (mac, time), so they wait for each other, never deadlock.
    const unique = [...new Map(rows.map((r) => [`${r.mac}|${r.ti}`, r])).values()].sort(
      byMacThen((r) => Number(r.ti)),
    );
    await retryTransient(() => this.db.executeQuery(storeSamplesQuery(unique)));
  }

  async insertEvents(mac: string, ti: number, kind: 'SE' | 'SA', items: unknown[]): Promise<void> {
    await this.db
      .insertInto('gateway_events')
      .values({ mac, ti, kind, items: JSON.stringify(items) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * The newest sample of each gateway: one backward step on the (mac, ti) key per gateway, so the cost grows
   * with the number of gateways, not with their stored history (a gateway at a 5 s cadence keeps 1.5 M
   * samples in 90 days; DISTINCT ON over them read every one). See docs/decisions.md, "Latest samples".
   */
  async latestSamples(macs: string[]) {
    if (macs.length === 0) return [];
    return this.db.selectFrom('telemetry_latest').selectAll().where('mac', 'in', macs).execute();
  }

  /**
   * One row per output bucket of the plan: first and last time, and each metric's minimum and maximum,
   * read from the raw samples or from a rollup.
   */
  /** The buckets of a range; with `guard`, none unless the condition holds (a reach check, same statement). */
  async series(
    mac: string,
    plan: SeriesPlan,
    fromTime: number,
    toTime: number,
    metrics: Metric[],
    guard: RawBuilder<boolean> = sql<boolean>`true`,
  ) {
    const b = sql.lit(plan.bucketMs);
    const source = plan.source;
    const raw = source === 'telemetry';
    const time = sql.ref(raw ? 'ti' : 'bucket');
    const extremes = metrics.map((m) =>
      raw
        ? sql`min(${sql.ref(m)}) as ${sql.ref(`${m}_min`)}, max(${sql.ref(m)}) as ${sql.ref(`${m}_max`)}`
        : sql`min(${sql.ref(`${m}_min`)}) as ${sql.ref(`${m}_min`)}, max(${sql.ref(`${m}_max`)}) as ${sql.ref(`${m}_max`)}`,
    );
    // A rollup bucket that starts before fromTime still holds samples inside the range.
    const from = source === 'telemetry' ? fromTime : Math.floor(fromTime / ROLLUPS[source]) * ROLLUPS[source];
    const result = await sql<SeriesRow>`
      select (${time} / ${b}) * ${b} as slot, min(${time}) as first, max(${time}) as last, ${sql.join(extremes)}
      from ${sql.table(source)}
      where mac = ${mac} and ${time} >= ${from} and ${time} <= ${toTime} and ${guard}
      group by slot order by slot`.execute(this.db);
    return result.rows.map((row) => ({ ...row, first: Number(row.first), last: Number(row.last) }));
  }

  /**
   * The last `perGateway` samples of each gateway, oldest first (the same per-gateway key walk). Asked first
   * within the last day, which the planner prunes to the partitions of today, yesterday and the default one
   * instead of one index step into each of the hundred days kept (docs/telemetry-partitions.md); a gateway
   * with fewer samples in that day is asked again without the bound.
   */
  async recentSamples(macs: string[], perGateway: number, now = Date.now()) {
    if (macs.length === 0) return [];
    const recent = await lastSamples(this.db, macs, perGateway, now - DAY);
    const found = new Map<string, number>();
    for (const row of recent) found.set(row.mac, (found.get(row.mac) ?? 0) + 1);
    const short = new Set(macs.filter((mac) => (found.get(mac) ?? 0) < perGateway));
    if (short.size === 0) return recent;
    const older = await lastSamples(this.db, [...short], perGateway, null);
    return [...recent.filter((row) => !short.has(row.mac)), ...older].sort(byMacThen((r) => Number(r.ti)));
  }

  /** Online/offline transitions in a range, with the last one before it (the state the range starts in). */
  async connectionLog(mac: string, fromTime: number, toTime: number) {
    const before = await this.db
      .selectFrom('gateway_connection_log')
      .select(['ti', 'off'])
      .where('mac', '=', mac)
      .where('ti', '<', fromTime)
      .orderBy('ti', 'desc')
      .limit(1)
      .execute();
    const within = await this.db
      .selectFrom('gateway_connection_log')
      .select(['ti', 'off'])
      .where('mac', '=', mac)
      .where('ti', '>=', fromTime)
      .where('ti', '<=', toTime)
      .orderBy('ti')
      .orderBy('off', 'desc')
      .execute();
    return [...before, ...within].map((r) => ({ ti: Number(r.ti), off: Number(r.off) }));
  }

  /**
   * Removes raw samples older than `before` (and a newest sample that old: the latest is a raw sample), answering
   * how many went: a day partition wholly older is dropped; the default partition and the samples stored before
   * migration 0042 (`telemetry_legacy`) have their older rows deleted; a day partition `before` falls in is kept
   * whole until its day is past (docs/telemetry-partitions.md). A drop that finds its lock held is left to the
   * next run.
   */
  async deleteSamplesBefore(before: number): Promise<number> {
    await this.db.deleteFrom('telemetry_latest').where('ti', '<', before).execute();
    let total = 0;
    for (const partition of await this.partitions.list()) {
      if (partition.to !== null && partition.to <= before) {
        total += await this.partitions.drop(partition.name).catch(leftIfLocked);
      } else if (!isDay(partition) && (partition.from === null || partition.from < before)) {
        total += await deleteOlderThan(this.db, partition.name, 'ti', before);
      }
    }
    return total;
  }

  async deleteRollupsBefore(before: number): Promise<number> {
    let total = 0;
    for (const table of Object.keys(ROLLUPS) as RollupTable[]) {
      total += await deleteOlderThan(this.db, table, 'bucket', before);
    }
    return total;
  }

  countSamples(mac: string) {
    return this.db
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mac', '=', mac)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }
}

/** The last `perGateway` samples of each gateway (since `since`, when given), by MAC then time. */
async function lastSamples(db: Kysely<Database>, macs: string[], perGateway: number, since: number | null) {
  const bound = since === null ? sql`` : sql`and ti >= ${since}`;
  const result = await sql<Selectable<TelemetryTable>>`
    select t.* from unnest(${macs}::text[]) as m(mac)
    cross join lateral (
      select * from telemetry where telemetry.mac = m.mac ${bound} order by ti desc limit ${perGateway}
    ) t
    order by t.mac, t.ti`.execute(db);
  return result.rows;
}

const isDay = (p: SamplePartition) => p.from !== null && p.to !== null && p.to - p.from === DAY;

/** A statement that gave up waiting for its lock (lock_timeout) counts nothing; any other error stands. */
function leftIfLocked(error: unknown): number {
  if ((error as { code?: string }).code === '55P03') return 0;
  throw error;
}

/** One output bucket: its first and last time, and each metric's extremes (absent for unread metrics). */
export type SeriesRow = { first: number; last: number } & Partial<
  Record<`${Metric}_${'min' | 'max'}`, number | null>
>;

/** Gateways per retention statement, and rows at most per statement. */
const RETENTION_MACS = 100;
const RETENTION_ROWS = 50_000;

/**
 * Deletes a (mac, time)-keyed table's (or partition's) rows older than `before`, gateway by gateway on the key: each
 * statement reads only rows it deletes (at most RETENTION_ROWS), so no statement scans the whole history,
 * which on the embedded backend would hold its one connection (and every request behind it) for seconds.
 * The gateways are found by skipping along the key (one index step per gateway).
 */
async function deleteOlderThan(
  db: Kysely<Database>,
  table: string,
  time: 'ti' | 'bucket',
  before: number,
): Promise<number> {
  const t = sql.table(table);
  const { rows } = await sql<{ mac: string }>`
    with recursive macs(mac) as (
      (select mac from ${t} order by mac limit 1)
      union all
      select (select mac from ${t} where mac > macs.mac order by mac limit 1) from macs where macs.mac is not null
    )
    select mac from macs where mac is not null`.execute(db);
  const macs = rows.map((r) => r.mac);
  let total = 0;
  for (let i = 0; i < macs.length; i += RETENTION_MACS) {
    const part = macs.slice(i, i + RETENTION_MACS);
    for (;;) {
      const result = await sql`
        delete from ${t} where (mac, ${sql.ref(time)}) in (
          select mac, ${sql.ref(time)} from ${t}
          where mac = any(${part}::text[]) and ${sql.ref(time)} < ${before}
          limit ${RETENTION_ROWS})`.execute(db);
      const deleted = Number(result.numAffectedRows ?? 0);
      total += deleted;
      if (deleted < RETENTION_ROWS) break;
    }
  }
  return total;
}

const byMacThen =
  <T extends { mac: string }>(time: (row: T) => number) =>
  (a: T, b: T) =>
    a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : time(a) - time(b);
