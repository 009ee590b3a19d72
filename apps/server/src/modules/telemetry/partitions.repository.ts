import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const DAY = 86_400_000;
/** Days of partitions kept ready after today's: a week of hourly runs may fail before a sample has none. */
export const DAYS_AHEAD = 7;
/**
 * Held in a transaction by whoever changes the partitions (creates, moves rows out of the default, drops), so
 * two portal instances doing it at once take turns; the number is this lock's own (pg_advisory_xact_lock).
 */
const PARTITION_LOCK = 33_0042;
/** A partition change waits at most this long for its lock, then gives up until the next run (hourly). */
const LOCK_TIMEOUT = '3s';

/** One partition of `telemetry`: its time range [from, to), null for an open end; the default has neither. */
export interface SamplePartition {
  name: string;
  from: number | null;
  to: number | null;
  isDefault: boolean;
}

/** The daily partition's name for the UTC day starting at `dayStart`: telemetry_pYYYYMMDD. */
export function dayPartitionName(dayStart: number): string {
  return `telemetry_p${new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The bounds of `pg_get_expr(relpartbound)`: "FOR VALUES FROM ('1') TO ('2')", MINVALUE / MAXVALUE, or DEFAULT. */
export function parseBound(name: string, bound: string): SamplePartition {
  if (bound === 'DEFAULT') return { name, from: null, to: null, isDefault: true };
  const match = /FROM \((.+)\) TO \((.+)\)/.exec(bound);
  const value = (text: string | undefined) => {
    const digits = /^'?(-?\d+)'?$/.exec(text ?? '');
    return digits ? Number(digits[1]) : null;
  };
  return { name, from: value(match?.[1]), to: value(match?.[2]), isDefault: false };
}

/** The UTC days [first, last] (their starts) that need a partition around `now`. */
export function wantedDays(now: number, daysBehind: number): number[] {
  const today = Math.floor(now / DAY) * DAY;
  return Array.from({ length: daysBehind + 1 + DAYS_AHEAD }, (_, i) => today + (i - daysBehind) * DAY);
}

const overlaps = (p: SamplePartition, from: number, to: number) =>
  !p.isDefault && (p.from === null || p.from < to) && (p.to === null || p.to > from);

/**
 * The partitions of `telemetry` (migration 0042, docs/telemetry-partitions.md): one per UTC day, created ahead
 * by the portal; `telemetry_default` for a sample no day covers; `telemetry_legacy`, the samples stored before
 * the migration, until retention drops it.
 */
export class TelemetryPartitions {
  constructor(private readonly db: Kysely<Database>) {}

  async list(db: Kysely<Database> = this.db): Promise<SamplePartition[]> {
    const { rows } = await sql<{ name: string; bound: string }>`
      select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'telemetry'::regclass
      order by c.relname`.execute(db);
    return rows.map((r) => parseBound(r.name, r.bound));
  }

  /**
   * Creates the daily partitions of `days` that no partition covers yet; answers the names created. Each is
   * created on its own and attached (ATTACH takes a lock that lets reads and writes of the other partitions
   * go on), with the samples of its day the default partition took meanwhile moved into it first. Safe to
   * run from several instances at once: they take turns on the advisory lock and find the day covered.
   */
  async ensure(days: number[]): Promise<string[]> {
    const created: string[] = [];
    await this.db.transaction().execute(async (trx) => {
      await lockPartitions(trx);
      const existing = await this.list(trx);
      for (const from of days) {
        const to = from + DAY;
        if (existing.some((p) => overlaps(p, from, to))) continue;
        const name = dayPartitionName(from);
        const table = sql.table(name);
        await sql`create table ${table} (like telemetry including defaults)`.execute(trx);
        await sql`alter table ${table} add primary key (mac, ti)`.execute(trx);
        // The default partition holds this day's samples only if they came before the day had a partition
        // (written directly, not through ingest, which takes none more than 5 minutes ahead).
        await sql`lock table telemetry_default in exclusive mode`.execute(trx);
        await sql`
          with moved as (delete from telemetry_default where ti >= ${from} and ti < ${to} returning *)
          insert into ${table} select * from moved`.execute(trx);
        await sql`alter table telemetry attach partition ${table}
          for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
        existing.push({ name, from, to, isDefault: false });
        created.push(name);
      }
    });
    return created;
  }

  /** Drops a partition, answering how many samples it held; under the partition lock. */
  async drop(name: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await lockPartitions(trx);
      const table = sql.table(name);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${table}`.execute(trx);
      await sql`drop table ${table}`.execute(trx);
      return rows[0]?.n ?? 0;
    });
  }
}

/** Takes the turn of this instance (waiting for another's to end), then bounds the waits for table locks. */
async function lockPartitions(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(PARTITION_LOCK)})`.execute(trx);
  await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
}
