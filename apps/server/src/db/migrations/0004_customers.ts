import { type Kysely, sql } from 'kysely';

// Customers: a customer id names one customer (compared without case), and the portal configuration per
// scope (the grey offline areas on graphs). Written as SQL both PostgreSQL 15 and PGlite accept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX tenants_customer_id_idx ON tenants (lower(customer_id))`.execute(db);

  await sql`
    CREATE TABLE portal_config (
      scope_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
      graph_option text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS portal_config`.execute(db);
  await sql`DROP INDEX IF EXISTS tenants_customer_id_idx`.execute(db);
}
