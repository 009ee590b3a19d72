import { type Kysely, sql } from 'kysely';

/**
 * The alert lifecycle and alert channels (issue 31, docs/alert-engine.md):
 * - `alert_incidents` gains the lock's name (`subject_name`, what notifications say instead of its MAC), the
 *   acknowledgement (`acknowledged_at`, `acknowledged_by` the portal user, `acknowledged_by_name` as it was),
 *   and the reminder and escalation timers taken from the rule's routing when the incident opened
 *   (`reminder_ms`/`next_reminder_at`, `escalation_ms`/`escalate_at`, `escalated_at` once told), claimed like
 *   the other timers with FOR UPDATE SKIP LOCKED.
 * - `alert_acknowledgements`: one row per acknowledgement, written in the acknowledging statement; audited
 *   (alert_incidents is not: the engine writes it in the background).
 * - `alert_digests`: the digest window per rule, channel and recipient (first notification at once, later
 *   ones of the window gathered in `items` and sent as one at `closes_at`).
 * - `alert_notifications`: a hook's post (webhook, Slack, Teams) has no outbox row; it keeps its own delivery
 *   (`payload`, `hook_url`, `attempts`, `last_error`, `sent_at`, `response_status`).
 * - `alert_routing` (the alerts module's): per rule, reminder and escalation minutes, escalation receivers
 *   (portal user ids) and hooks; deleted with its rule. A hook's address is a secret (a Slack or Teams
 *   incoming-webhook address lets anyone post), so the hooks are kept twice: `hook_secrets` with the full
 *   addresses (the audit trigger redacts every column named secret) and `hooks` with each hook's format and
 *   host only, which is what the audit log shows of a change.
 * - `alert_digests` is written by the engine in the background only: left out of the audit as alert_incidents
 *   (0019's AUDIT_EXCLUDED_TABLES, which the audit module applies at start to tables of later migrations).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE alert_incidents
      ADD COLUMN subject_name text,
      ADD COLUMN acknowledged_at timestamptz,
      ADD COLUMN acknowledged_by uuid,
      ADD COLUMN acknowledged_by_name text,
      ADD COLUMN reminder_ms bigint,
      ADD COLUMN next_reminder_at timestamptz,
      ADD COLUMN escalation_ms bigint,
      ADD COLUMN escalate_at timestamptz,
      ADD COLUMN escalated_at timestamptz`.execute(db);
  await sql`CREATE INDEX alert_incidents_reminder_idx ON alert_incidents (next_reminder_at)
    WHERE state = 'firing' AND next_reminder_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX alert_incidents_escalate_idx ON alert_incidents (escalate_at)
    WHERE state = 'firing' AND escalate_at IS NOT NULL`.execute(db);
  // Lock incidents already stored get their lock's name.
  await sql`
    UPDATE alert_incidents i SET subject_name = l.name
    FROM locks l WHERE i.kind = 'lock' AND l.mac = i.subject AND l.name IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE alert_acknowledgements (
      incident_id uuid PRIMARY KEY REFERENCES alert_incidents (id) ON DELETE CASCADE,
      tenant_id text NOT NULL,
      user_id uuid,
      rule_name text NOT NULL,
      acknowledged_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE alert_digests (
      rule_id text NOT NULL,
      channel text NOT NULL,
      recipient text NOT NULL,
      tenant_id text NOT NULL,
      closes_at timestamptz NOT NULL,
      items jsonb NOT NULL DEFAULT '[]'::jsonb,
      PRIMARY KEY (rule_id, channel, recipient)
    )`.execute(db);
  // Only windows holding events are ever due: the empty ones (one per rule and recipient) stay out of the index.
  await sql`CREATE INDEX alert_digests_due_idx ON alert_digests (closes_at) WHERE items <> '[]'::jsonb`.execute(
    db,
  );

  await sql`
    ALTER TABLE alert_notifications
      ALTER COLUMN outbox_id DROP NOT NULL,
      ADD COLUMN hook_url text,
      ADD COLUMN payload text,
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN last_error text,
      ADD COLUMN response_status integer,
      ADD COLUMN sent_at timestamptz`.execute(db);

  await sql`
    CREATE TABLE alert_routing (
      alert_id uuid PRIMARY KEY REFERENCES alerts (id) ON DELETE CASCADE,
      tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
      reminder_minutes integer,
      escalation_minutes integer,
      escalation_receivers uuid[] NOT NULL DEFAULT '{}',
      hooks jsonb NOT NULL DEFAULT '[]'::jsonb,
      hook_secrets jsonb NOT NULL DEFAULT '[]'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS alert_routing`.execute(db);
  await sql`DROP TABLE IF EXISTS alert_digests`.execute(db);
  await sql`DROP TABLE IF EXISTS alert_acknowledgements`.execute(db);
  await sql`DELETE FROM alert_notifications WHERE outbox_id IS NULL`.execute(db);
  await sql`
    ALTER TABLE alert_notifications
      ALTER COLUMN outbox_id SET NOT NULL,
      DROP COLUMN hook_url, DROP COLUMN payload, DROP COLUMN attempts, DROP COLUMN last_error,
      DROP COLUMN response_status, DROP COLUMN sent_at`.execute(db);
  await sql`DROP INDEX IF EXISTS alert_incidents_reminder_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS alert_incidents_escalate_idx`.execute(db);
  await sql`
    ALTER TABLE alert_incidents
      DROP COLUMN subject_name, DROP COLUMN acknowledged_at, DROP COLUMN acknowledged_by,
      DROP COLUMN acknowledged_by_name, DROP COLUMN reminder_ms, DROP COLUMN next_reminder_at,
      DROP COLUMN escalation_ms, DROP COLUMN escalate_at, DROP COLUMN escalated_at`.execute(db);
}
