import { type Kysely, sql } from 'kysely';
import type { Database, TelemetryRow } from '../../db/schema.ts';
import { METRIC_COLUMNS, ROLLUPS, type RollupTable } from './metrics.ts';
import { type RollupRow, rollUp, type SampleRow } from './rollup.ts';

export class TelemetryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores samples and folds the new ones into the rollups, in one transaction. A sample already stored
   * (a QoS 1 redelivery) is skipped, (mac, ti) being the key, so it is never counted twice.
   */
  async insertSamples(rows: TelemetryRow[]): Promise<void> {
    // Several messages of one batch may carry the same key; keep the first so ON CONFLICT sees each once.
    const unique = [...new Map(rows.map((r) => [`${r.mac}|${r.ti}`, r])).values()];
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('telemetry')
        .values(unique)
        .onConflict((oc) => oc.columns(['mac', 'ti']).doNothing())
        .returningAll()
        .execute();
      if (inserted.length === 0) return;
      for (const [table, size] of Object.entries(ROLLUPS) as [RollupTable, number][]) {
        await mergeRollups(trx, table, rollUp(inserted.map(asSampleRow), size));
      }
    });
  }

  async insertEvents(mac: string, ti: number, kind: 'SE' | 'SA', items: unknown[]): Promise<void> {
    await this.db
      .insertInto('gateway_events')
      .values({ mac, ti, kind, items: JSON.stringify(items) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The newest sample of each gateway. */
  latestSamples(macs: string[]) {
    if (macs.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('telemetry')
      .selectAll()
      .distinctOn('mac')
      .where('mac', 'in', macs)
      .orderBy('mac')
      .orderBy('ti', 'desc')
      .execute();
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
