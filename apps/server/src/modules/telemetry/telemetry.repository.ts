import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, TelemetryRow, TelemetryTable } from '../../db/schema.ts';
import { retryTransient } from '../../lib/retry.ts';
import { METRIC_COLUMNS, type Metric, ROLLUPS, type RollupTable } from './metrics.ts';
import { type RollupRow, rollUp, type SampleRow } from './rollup.ts';
import type { SeriesPlan } from './series-plan.ts';

export class TelemetryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores samples and folds the new ones into the rollups, in one transaction. A sample already stored
   * (a QoS 1 redelivery) is skipped, (mac, ti) being the key, so it is never counted twice.
   */
  async insertSamples(rows: TelemetryRow[]): Promise<void> {
    // Several messages of one batch may carry the same key; keep the first so ON CONFLICT sees each once.
    // Concurrent batches touch rows in one order (mac, time), so they wait for each other, never deadlock.
    const unique = [...new Map(rows.map((r) => [`${r.mac}|${r.ti}`, r])).values()].sort(
      byMacThen((r) => r.ti),
    );
    await retryTransient(() =>
      this.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('telemetry')
          .values(unique)
          .onConflict((oc) => oc.columns(['mac', 'ti']).doNothing())
          .returningAll()
          .execute();
        if (inserted.length === 0) return;
        for (const [table, size] of Object.entries(ROLLUPS) as [RollupTable, number][]) {
          const buckets = rollUp(inserted.map(asSampleRow), size).sort(byMacThen((r) => r.bucket));
          await mergeRollups(trx, table, buckets);
        }
      }),
    );
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
    const result = await sql<Selectable<TelemetryTable>>`
      select t.* from unnest(${macs}::text[]) as m(mac)
      cross join lateral (
        select * from telemetry where telemetry.mac = m.mac order by ti desc limit 1
      ) t`.execute(this.db);
    return result.rows;
  }

  /**
   * One row per output bucket of the plan: first and last time, and each metric's minimum and maximum,
   * read from the raw samples or from a rollup.
   */
  async series(mac: string, plan: SeriesPlan, fromTime: number, toTime: number, metrics: Metric[]) {
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
      where mac = ${mac} and ${time} >= ${from} and ${time} <= ${toTime}
      group by slot order by slot`.execute(this.db);
    return result.rows.map((row) => ({ ...row, first: Number(row.first), last: Number(row.last) }));
  }

  /** The last `perGateway` samples of each gateway, oldest first (the same per-gateway key walk). */
  async recentSamples(macs: string[], perGateway: number) {
    if (macs.length === 0) return [];
    const result = await sql<Selectable<TelemetryTable>>`
      select t.* from unnest(${macs}::text[]) as m(mac)
      cross join lateral (
        select * from telemetry where telemetry.mac = m.mac order by ti desc limit ${perGateway}
      ) t
      order by t.mac, t.ti`.execute(this.db);
    return result.rows;
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

  /** Deletes raw samples older than `before`, in chunks so no statement holds locks for long. */
  async deleteSamplesBefore(before: number): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await sql`
        delete from telemetry where (mac, ti) in (select mac, ti from telemetry where ti < ${before} limit 50000)`.execute(
        this.db,
      );
      const deleted = Number(result.numAffectedRows ?? 0);
      total += deleted;
      if (deleted < 50000) return total;
    }
  }

  async deleteRollupsBefore(before: number): Promise<number> {
    let total = 0;
    for (const table of Object.keys(ROLLUPS) as RollupTable[]) {
      const result = await this.db.deleteFrom(table).where('bucket', '<', before).executeTakeFirst();
      total += Number(result.numDeletedRows);
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

const asSampleRow = (row: SampleRow): SampleRow => ({ ...row, ti: Number(row.ti) });

/** One output bucket: its first and last time, and each metric's extremes (absent for unread metrics). */
export type SeriesRow = { first: number; last: number } & Partial<
  Record<`${Metric}_${'min' | 'max'}`, number | null>
>;

/** Adds bucket rows to a rollup table: min of mins, max of maxes, sums and counts added. */
async function mergeRollups(db: Kysely<Database>, table: RollupTable, rows: RollupRow[]): Promise<void> {
  const merge = Object.fromEntries(
    METRIC_COLUMNS.flatMap((m) => [
      [`${m}_min`, sql`LEAST(${sql.ref(`${table}.${m}_min`)}, excluded.${sql.ref(`${m}_min`)})`],
      [`${m}_max`, sql`GREATEST(${sql.ref(`${table}.${m}_max`)}, excluded.${sql.ref(`${m}_max`)})`],
      [`${m}_sum`, sql`${sql.ref(`${table}.${m}_sum`)} + excluded.${sql.ref(`${m}_sum`)}`],
      [`${m}_n`, sql`${sql.ref(`${table}.${m}_n`)} + excluded.${sql.ref(`${m}_n`)}`],
    ]),
  );
  await db
    .insertInto(table)
    .values(rows)
    .onConflict((oc) => oc.columns(['mac', 'bucket']).doUpdateSet(merge as never))
    .execute();
}

const byMacThen =
  <T extends { mac: string }>(time: (row: T) => number) =>
  (a: T, b: T) =>
    a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : time(a) - time(b);
