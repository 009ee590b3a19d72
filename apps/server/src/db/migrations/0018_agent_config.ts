import { type Kysely, sql } from 'kysely';

/**
 * Agent configuration per customer (docs/agent-config.md): the current version of each customer that changed
 * its defaults (`agent_configs`, one row, the version counter), every version kept (`agent_config_versions`),
 * and what each gateway confirmed it applied (`agent_config_delivery`). Secrets are stored encrypted in `cfg`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_configs (
      scope_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
      cfv integer NOT NULL CHECK (cfv BETWEEN 1 AND 99999),
      cfg jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE agent_config_versions (
      scope_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      cfv integer NOT NULL,
      cfg jsonb NOT NULL,
      action text NOT NULL,
      reverted_to integer,
      changes jsonb NOT NULL DEFAULT '[]',
      changed_by uuid,
      changed_by_email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope_id, cfv)
    )`.execute(db);
  await sql`
    CREATE TABLE agent_config_delivery (
      mac text PRIMARY KEY,
      scope_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      sent_cfv integer,
      sent_at timestamptz,
      applied_cfv integer,
      applied_at timestamptz,
      rejected text
    )`.execute(db);
  await sql`CREATE INDEX agent_config_delivery_scope_idx ON agent_config_delivery (scope_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS agent_config_delivery`.execute(db);
  await sql`DROP TABLE IF EXISTS agent_config_versions`.execute(db);
  await sql`DROP TABLE IF EXISTS agent_configs`.execute(db);
}
