import { type Kysely, sql } from 'kysely';

// Customer deletion jobs (spec 000 section 4, DESIGN.md section 7): one row per deletion, run step by step by
// whichever portal instance claims it. Written as SQL both PostgreSQL 15 and PGlite accept.
export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key to tenants: the job outlives the tenant it deletes.
  await sql`
    CREATE TABLE customer_deletions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL,
      tenant_name text NOT NULL,
      parent_id uuid,
      ancestors uuid[] NOT NULL DEFAULT '{}',
      root_id uuid NOT NULL,
      requested_by uuid,
      state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed')),
      step text NOT NULL DEFAULT 'markPending'
        CHECK (step IN ('markPending', 'removeUsers', 'moveGateways', 'removeScope')),
      attempts integer NOT NULL DEFAULT 0,
      claim_token uuid,
      locked_at timestamptz,
      claimed_until timestamptz,
      message text,
      revert_message text,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  // At most one running deletion per tenant: two requests at once get the same job.
  await sql`CREATE UNIQUE INDEX customer_deletions_running_idx ON customer_deletions (tenant_id) WHERE state = 'running'`.execute(
    db,
  );
  await sql`CREATE INDEX customer_deletions_tenant_idx ON customer_deletions (tenant_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS customer_deletions`.execute(db);
}
