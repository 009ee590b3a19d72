import { type Kysely, sql } from 'kysely';

// The dashboards (docs/dashboards.md) keep a subtree's figures and map clusters while its fingerprint
// (count(*), max(updated_at)) stays the same; this index answers that check per customer from the index alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX gateways_tenant_updated_idx ON gateways (tenant_id, updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS gateways_tenant_updated_idx`.execute(db);
}
