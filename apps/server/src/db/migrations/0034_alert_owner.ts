import { type Kysely, sql } from 'kysely';

/**
 * Free-tier users are strangers to each other (docs/alerts.md, General users): all of them are members of one
 * shared scope, so "one alert per type" cannot be per tenant there, or one user's alert would take the type
 * from every other. `owner_id` is the user whose own alert a free-tier alert is (null elsewhere), and the
 * one-per-type index counts per owner where there is one, per tenant otherwise: the INSERT (ON CONFLICT DO
 * NOTHING) or the UPDATE stays the judge, so two requests at once, on one instance or two, cannot both create
 * one. The expression keeps NULL out of the key (no reliance on NULLS NOT DISTINCT in ON CONFLICT).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alerts ADD COLUMN owner_id uuid`.execute(db);
  // The free tier held at most one alert per type until now: each becomes its creator's own.
  await sql`
    UPDATE alerts SET owner_id = alerts.created_by
    FROM tenants
    WHERE tenants.id = alerts.tenant_id AND tenants.kind = 'free_tier' AND alerts.created_by IS NOT NULL`.execute(
    db,
  );
  await sql`DROP INDEX alerts_one_per_type`.execute(db);
  await sql`CREATE UNIQUE INDEX alerts_one_per_type
    ON alerts (tenant_id, alert_type, (coalesce(owner_id, tenant_id))) WHERE unique_type`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS alerts_one_per_type`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN IF EXISTS owner_id`.execute(db);
  await sql`CREATE UNIQUE INDEX alerts_one_per_type ON alerts (tenant_id, alert_type) WHERE unique_type`.execute(
    db,
  );
}
