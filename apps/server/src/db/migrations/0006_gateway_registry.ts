import { type Kysely, sql } from 'kysely';

// The gateway registry (docs/gateway-operations.md, "Registry"): what registration records about a gateway,
// beside what the device reports in `state`, and the whitelist the portal sends it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE gateways
      ADD COLUMN manufacturer text,
      ADD COLUMN app_version integer,
      ADD COLUMN manufactured_at timestamptz,
      ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
      ADD COLUMN address jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN whitelist text[] NOT NULL DEFAULT '{}',
      ADD COLUMN whitelist_all boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE gateways
      DROP COLUMN IF EXISTS manufacturer,
      DROP COLUMN IF EXISTS app_version,
      DROP COLUMN IF EXISTS manufactured_at,
      DROP COLUMN IF EXISTS tags,
      DROP COLUMN IF EXISTS address,
      DROP COLUMN IF EXISTS whitelist,
      DROP COLUMN IF EXISTS whitelist_all`.execute(db);
}
