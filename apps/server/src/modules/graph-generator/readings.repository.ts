import type { GraphMetric } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { ROLLUPS, type RollupTable } from '../../db/metrics.ts';
import type { Database } from '../../db/schema.ts';

/** One gateway's bucket: the metric's extremes, sum and count over it. */
export interface BucketRow {
  mac: string;
  slot: number;
  lo: number | null;
  hi: number | null;
  total: number;
  n: number;
}

/**
 * The graph generator's reads of the sensor data path: the per-minute and per-hour rollups the telemetry
 * module keeps up to date as samples arrive (docs/decisions.md 'Time-series'). Every chart reads a rollup,
 * never the raw samples, so a 3-month chart over many gateways stays a scan of hour rows.
 */
export class ReadingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Buckets of `bucketMs` (aligned on the caller's local midnight through `offsetMs`) per gateway, from the
   * hour rollup when the bucket is whole hours and the offset whole hours too, else from the minute rollup.
   */
  async buckets(
    macs: string[],
    metric: GraphMetric,
    fromTime: number,
    toTime: number,
    bucketMs: number,
    offsetMs: number,
  ): Promise<BucketRow[]> {
    if (macs.length === 0) return [];
    const source: RollupTable =
      bucketMs % ROLLUPS.telemetry_1h === 0 && offsetMs % ROLLUPS.telemetry_1h === 0
        ? 'telemetry_1h'
        : 'telemetry_1m';
    const size = ROLLUPS[source];
    const from = Math.floor(fromTime / size) * size;
    const b = sql.lit(bucketMs);
    const off = sql.lit(offsetMs);
    const result = await sql<BucketRow>`
      select mac, ((bucket + ${off}) / ${b}) * ${b} - ${off} as slot,
        min(${sql.ref(`${metric}_min`)}) as lo, max(${sql.ref(`${metric}_max`)}) as hi,
        sum(${sql.ref(`${metric}_sum`)}) as total, sum(${sql.ref(`${metric}_n`)}) as n
      from ${sql.table(source)}
      where mac = any(${macs}::text[]) and bucket >= ${from} and bucket <= ${toTime}
        and ${sql.ref(`${metric}_n`)} > 0
      group by mac, slot order by mac, slot`.execute(this.db);
    return result.rows.map((row) => ({
      mac: row.mac,
      slot: Number(row.slot),
      lo: row.lo === null ? null : Number(row.lo),
      hi: row.hi === null ? null : Number(row.hi),
      total: Number(row.total),
      n: Number(row.n),
    }));
  }

  /** Each gateway's lowest and highest reading of the metric over the range (for "above 1200"). */
  async extremes(macs: string[], metric: GraphMetric, fromTime: number, toTime: number) {
    if (macs.length === 0) return [];
    const size = ROLLUPS.telemetry_1m;
    const result = await sql<{ mac: string; lo: number | null; hi: number | null }>`
      select mac, min(${sql.ref(`${metric}_min`)}) as lo, max(${sql.ref(`${metric}_max`)}) as hi
      from telemetry_1m
      where mac = any(${macs}::text[]) and bucket >= ${Math.floor(fromTime / size) * size} and bucket <= ${toTime}
        and ${sql.ref(`${metric}_n`)} > 0
      group by mac`.execute(this.db);
    return result.rows.map((r) => ({
      mac: r.mac,
      lo: r.lo === null ? null : Number(r.lo),
      hi: r.hi === null ? null : Number(r.hi),
    }));
  }
}
