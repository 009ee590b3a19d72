import { type Kysely, sql } from 'kysely';

/**
 * Outbound webhooks (issue 31, docs/webhooks.md): a customer's receivers of its events, and the log of each
 * event's delivery to each. The secret signs the deliveries, so it is kept as it is (lib/crypto.ts has no
 * encryption helper; the audit trigger redacts it as every column named secret). During a rotation the
 * previous secret signs too until `previous_secret_until`. Deliveries are written by background work only
 * (not audited) and deleted after 7 days. A receiver's address can carry a token in its path or query, so it is
 * kept twice: `url_secret` the full address (posted to, shown to WEBHOOK_WRITE holders; the audit trigger
 * redacts every column named secret) and `url` its scheme and host only (`https://hooks.example.com/…`,
 * lib/masked-url.ts), which is what the audit log shows of it. Root users, who hold every permission, are
 * given the new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhooks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
      name text NOT NULL,
      url text NOT NULL,
      url_secret text NOT NULL,
      event_types text[] NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      secret text NOT NULL,
      previous_secret text,
      previous_secret_until timestamptz,
      disabled_at timestamptz,
      disabled_reason text,
      consecutive_failures integer NOT NULL DEFAULT 0,
      failing_since timestamptz,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX webhooks_tenant_idx ON webhooks (tenant_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      event_id uuid NOT NULL,
      type text NOT NULL,
      body text NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      response_code integer,
      error text,
      duration_ms integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz,
      next_attempt_at timestamptz,
      UNIQUE (webhook_id, event_id)
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_deliveries_age_idx ON webhook_deliveries (created_at)`.execute(db);
  await sql`
    UPDATE users SET permissions = array_append(permissions, 'WEBHOOK_WRITE')
    WHERE is_root AND NOT ('WEBHOOK_WRITE' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS webhook_deliveries`.execute(db);
  await sql`DROP TABLE IF EXISTS webhooks`.execute(db);
  await sql`UPDATE users SET permissions = array_remove(permissions, 'WEBHOOK_WRITE')`.execute(db);
}
