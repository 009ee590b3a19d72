import { type Kysely, sql } from 'kysely';

const DAY = 86_400_000;
const COLUMNS = sql.raw('mac, ti, co2, temp, nh3, no2, co, rstc, tvoc, cp, mm');

/**
 * Raw samples partitioned by day on their time (issue 33, docs/telemetry-partitions.md): `telemetry` becomes a
 * table partitioned by range on `ti`, so retention drops a day's partition instead of deleting its rows. The
 * portal creates the daily partitions ahead (modules/telemetry/partitions.repository.ts); `telemetry_default`
 * takes a sample no daily partition covers, so none is refused for its time.
 *
 * The samples already stored are not copied: the old table is renamed and attached whole as one partition,
 * `telemetry_legacy`, for every time before the cut-over (the start of the next UTC day); retention deletes
 * its rows as before until all of them are past the retention, then drops it. The migrations run in one
 * transaction, so the rename holds the old table's exclusive lock until the commit: the work under it is the
 * one scan ATTACH makes to check the partition bound (no row is written, no index built): 1.9 s of a 2.0 s
 * migration for 10 million samples on PostgreSQL 15 (bench/README.md "Telemetry partitions"). Samples stamped
 * after the cut-over (a gateway clock ahead) are moved first, found gateway by gateway on the (mac, ti) key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ stored: boolean }>`SELECT EXISTS (SELECT 1 FROM telemetry) AS stored`.execute(
    db,
  );
  await sql`ALTER TABLE telemetry RENAME TO telemetry_legacy`.execute(db);
  await sql`ALTER INDEX telemetry_pkey RENAME TO telemetry_legacy_pkey`.execute(db);
  // The partition key is in the primary key, so (mac, ti) stays the key of ON CONFLICT on the whole table.
  await sql`
    CREATE TABLE telemetry (
      mac text NOT NULL,
      ti bigint NOT NULL,
      co2 double precision,
      temp double precision,
      nh3 double precision,
      no2 double precision,
      co double precision,
      rstc double precision,
      tvoc double precision,
      cp double precision,
      mm double precision,
      PRIMARY KEY (mac, ti)
    ) PARTITION BY RANGE (ti)`.execute(db);
  await sql`CREATE TABLE telemetry_default PARTITION OF telemetry DEFAULT`.execute(db);
  if (!rows[0]?.stored) {
    await sql`DROP TABLE telemetry_legacy`.execute(db);
    return;
  }
  const cutover = Math.floor(Date.now() / DAY) * DAY + DAY;
  // Each gateway's samples after the cut-over move, read on the (mac, ti) key a thousand gateways at a time.
  const { rows: gateways } = await sql<{ mac: string }>`
    WITH RECURSIVE macs(mac) AS (
      (SELECT mac FROM telemetry_legacy ORDER BY mac LIMIT 1)
      UNION ALL
      SELECT (SELECT mac FROM telemetry_legacy WHERE mac > macs.mac ORDER BY mac LIMIT 1) FROM macs
      WHERE macs.mac IS NOT NULL
    )
    SELECT mac FROM macs WHERE mac IS NOT NULL`.execute(db);
  const macs = gateways.map((g) => g.mac);
  for (let i = 0; i < macs.length; i += 1000) {
    await sql`
      WITH moved AS (
        DELETE FROM telemetry_legacy WHERE mac = ANY(${macs.slice(i, i + 1000)}::text[]) AND ti >= ${cutover}
        RETURNING ${COLUMNS}
      )
      INSERT INTO telemetry (${COLUMNS}) SELECT ${COLUMNS} FROM moved`.execute(db);
  }
  await sql`
    ALTER TABLE telemetry ATTACH PARTITION telemetry_legacy
    FOR VALUES FROM (MINVALUE) TO (${sql.lit(cutover)})`.execute(db);
}

/** Back to one table: every partition's samples copied into it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  // Named through sql.id: a table of this migration only for a moment, renamed to `telemetry` below.
  const flat = sql.id('telemetry_unpartitioned');
  await sql`
    CREATE TABLE ${flat} (
      mac text NOT NULL,
      ti bigint NOT NULL,
      co2 double precision,
      temp double precision,
      nh3 double precision,
      no2 double precision,
      co double precision,
      rstc double precision,
      tvoc double precision,
      cp double precision,
      mm double precision
    )`.execute(db);
  await sql`INSERT INTO ${flat} SELECT ${COLUMNS} FROM telemetry`.execute(db);
  await sql`DROP TABLE telemetry`.execute(db);
  await sql`ALTER TABLE ${flat} RENAME TO telemetry`.execute(db);
  await sql`ALTER TABLE telemetry ADD PRIMARY KEY (mac, ti)`.execute(db);
}
