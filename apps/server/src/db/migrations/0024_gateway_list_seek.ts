import { type Kysely, sql } from 'kysely';

// The gateways page at fleet scale (issue 14.9; bench/README.md "gateways-grid"). A window is found in two
// steps: the MACs of the window, read from an index alone (an index-only scan skips a deep offset without
// visiting the table), then those rows. For that the indexes carry every column the first step reads:
// `name` is INCLUDEd because PostgreSQL will not answer `lower(name)` from an index without the column itself.
// A customer's own list (the 100,000-gateway case) then has an index for each of the list view's orders
// other than the readings: name (0013, rebuilt here), status, firmware and OS, each in both directions of the
// column with ties by name and MAC ascending (gateway-list.repository.ts `orderBy`, whose expressions these
// repeat word for word so the planner matches them).
// A sort by a reading (CO2, temperature, last update) reads `telemetry_latest`, each gateway's newest sample,
// kept by the sample writer in the transaction that stores the samples, instead of looking up every gateway's
// newest row in `telemetry`.
const version = (column: string) => `nullif(lower(btrim(${column})), '')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE telemetry_latest (
      mac text PRIMARY KEY,
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
  await sql`
    INSERT INTO telemetry_latest
    SELECT DISTINCT ON (mac) mac, ti, co2, temp, nh3, no2, co, rstc, tvoc, cp, mm
    FROM telemetry ORDER BY mac, ti DESC`.execute(db);
  await sql`DROP INDEX IF EXISTS gateways_tenant_name_idx`.execute(db);
  await sql`CREATE INDEX gateways_tenant_name_idx ON gateways (tenant_id, lower(name), mac) INCLUDE (name)`.execute(
    db,
  );
  for (const dir of ['asc', 'desc'] as const) {
    await sql`
      CREATE INDEX ${sql.raw(`gateways_tenant_status_${dir}_idx`)}
      ON gateways (tenant_id, connected ${sql.raw(dir)}, lower(name), mac) INCLUDE (name)`.execute(db);
    for (const [key, column] of [
      ['firmware', 'firmware'],
      ['os', 'os_version'],
    ] as const) {
      await sql`
        CREATE INDEX ${sql.raw(`gateways_tenant_${key}_${dir}_idx`)}
        ON gateways (tenant_id, (${sql.raw(version(column))} IS NULL), ${sql.raw(version(column))} ${sql.raw(dir)},
                     lower(name), mac) INCLUDE (name, ${sql.raw(column)})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const dir of ['asc', 'desc'])
    for (const key of ['status', 'firmware', 'os'])
      await sql`DROP INDEX IF EXISTS ${sql.raw(`gateways_tenant_${key}_${dir}_idx`)}`.execute(db);
  await sql`DROP INDEX IF EXISTS gateways_tenant_name_idx`.execute(db);
  await sql`CREATE INDEX gateways_tenant_name_idx ON gateways (tenant_id, lower(name), mac)`.execute(db);
  await sql`DROP TABLE IF EXISTS telemetry_latest`.execute(db);
}
