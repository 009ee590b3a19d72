import { type Kysely, sql } from 'kysely';

// The gateways list sorted by CO2 at fleet scale (issue 14; bench/README.md "gateways-grid"). The sort used to
// join every gateway of the subtree to its newest sample and sort them all (2.2 s at 100,000 gateways under
// load). The gateways with a CO2 reading are now read in CO2 order from this index, either direction, and
// joined to their gateway one by one, so a first window reads about as many rows as it shows; those without a
// reading follow by name (gateway-list.repository.ts `macsByCo2`). `mac` is in the index so the join needs no
// visit of `telemetry_latest` where the visibility map allows (PostgreSQL's autovacuum keeps it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX telemetry_latest_co2_idx ON telemetry_latest (co2, mac) WHERE co2 IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS telemetry_latest_co2_idx`.execute(db);
}
