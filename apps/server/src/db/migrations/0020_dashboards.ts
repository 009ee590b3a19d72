import { type Kysely, sql } from 'kysely';

/** A coordinate of the map as the cards show it: the entered address's over the device-reported LCTN's. */
const coordinate = (key: 'LAT' | 'LNG', limit: number) => `CASE
  WHEN jsonb_typeof(address->'${key}') = 'number' AND (address->>'${key}')::numeric BETWEEN -${limit} AND ${limit}
    THEN ((address->>'${key}')::numeric)::float8
  WHEN jsonb_typeof(state->'LCTN'->'${key}') = 'number'
    AND (state->'LCTN'->>'${key}')::numeric BETWEEN -${limit} AND ${limit}
    THEN ((state->'LCTN'->>'${key}')::numeric)::float8 END`;

// The dashboards (docs/dashboards.md).
// - map_lat / map_lng: a gateway's place, computed once per write instead of from two jsonb documents per row
//   and per read (100,000 rows: the map's index and the located count read two floats).
// - A subtree's figures and clusters are kept while its fingerprint stays the same: the newest updated_at of
//   each of its customers (one index lookup each: gateways_tenant_updated_idx) and how many gateways left
//   each customer (gateway_departures, kept by a trigger on DELETE and on a change of tenant_id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`ALTER TABLE gateways
      ADD COLUMN map_lat double precision GENERATED ALWAYS AS (${coordinate('LAT', 90)}) STORED,
      ADD COLUMN map_lng double precision GENERATED ALWAYS AS (${coordinate('LNG', 180)}) STORED`)
    .execute(db);
  await sql`CREATE INDEX gateways_tenant_updated_idx ON gateways (tenant_id, updated_at)`.execute(db);
  await sql`CREATE TABLE gateway_departures (tenant_id uuid PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`
    CREATE FUNCTION gateway_departed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id THEN
        INSERT INTO gateway_departures (tenant_id, n) VALUES (OLD.tenant_id, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET n = gateway_departures.n + 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER gateways_departed AFTER DELETE OR UPDATE OF tenant_id ON gateways
    FOR EACH ROW EXECUTE FUNCTION gateway_departed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS gateways_departed ON gateways`.execute(db);
  await sql`DROP FUNCTION IF EXISTS gateway_departed()`.execute(db);
  await sql`DROP TABLE IF EXISTS gateway_departures`.execute(db);
  await sql`DROP INDEX IF EXISTS gateways_tenant_updated_idx`.execute(db);
  await sql`ALTER TABLE gateways DROP COLUMN IF EXISTS map_lat, DROP COLUMN IF EXISTS map_lng`.execute(db);
}
