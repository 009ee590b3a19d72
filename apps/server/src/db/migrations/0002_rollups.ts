import { type Kysely, sql } from 'kysely';

const METRICS = ['co2', 'temp', 'nh3', 'no2', 'co', 'rstc', 'tvoc', 'cp', 'mm'];

/**
 * Per-minute and per-hour rollups of the telemetry: for each metric its minimum, maximum, sum and count,
 * so that averages merge exactly and a spike survives any range. `bucket` is the bucket's start, epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = METRICS.flatMap((m) => [
    `${m}_min double precision`,
    `${m}_max double precision`,
    `${m}_sum double precision NOT NULL DEFAULT 0`,
    `${m}_n integer NOT NULL DEFAULT 0`,
  ]).join(',\n      ');
  for (const table of ['telemetry_1m', 'telemetry_1h']) {
    await sql
      .raw(`CREATE TABLE ${table} (
      mac text NOT NULL,
      bucket bigint NOT NULL,
      ${columns},
      PRIMARY KEY (mac, bucket)
    )`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS telemetry_1h`.execute(db);
  await sql`DROP TABLE IF EXISTS telemetry_1m`.execute(db);
}
