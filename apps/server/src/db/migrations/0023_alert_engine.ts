import { type Kysely, sql } from 'kysely';

/**
 * The alert engine's state (docs/alert-engine.md): one row per incident, pending until its waiting time is
 * over, firing, then resolved; at most one open (pending or firing) per rule and subject (the gateway of a
 * sensor, no-data or offline incident, the lock of a lock alert). Timers are columns (fire_at, clear_at,
 * next_repeat_at) that every portal instance claims with FOR UPDATE SKIP LOCKED, so a restart loses none and
 * two instances never fire one twice. Notifications name the outbox row that carries their delivery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE alert_incidents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id text NOT NULL,
      rule_id text NOT NULL,
      rule_name text NOT NULL,
      kind text NOT NULL,
      alert_type text NOT NULL,
      gateway_mac text NOT NULL,
      subject text NOT NULL,
      sensor text,
      level smallint,
      state text NOT NULL,
      value double precision,
      threshold double precision,
      recovery_ms bigint NOT NULL DEFAULT 0,
      repeat_ms bigint,
      started_at timestamptz NOT NULL,
      fire_at timestamptz NOT NULL,
      fired_at timestamptz,
      clear_at timestamptz,
      resolved_at timestamptz,
      next_repeat_at timestamptz,
      suppressed_count integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX alert_incidents_open_idx ON alert_incidents (rule_id, subject)
    WHERE state <> 'resolved'`.execute(db);
  await sql`CREATE INDEX alert_incidents_fire_idx ON alert_incidents (fire_at) WHERE state = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX alert_incidents_clear_idx ON alert_incidents (clear_at)
    WHERE state = 'firing' AND clear_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX alert_incidents_tenant_idx ON alert_incidents (tenant_id, started_at DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE alert_notifications (
      id bigserial PRIMARY KEY,
      incident_id uuid NOT NULL REFERENCES alert_incidents (id) ON DELETE CASCADE,
      tenant_id text NOT NULL,
      event text NOT NULL,
      channel text NOT NULL,
      recipient text NOT NULL,
      outbox_id bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX alert_notifications_incident_idx ON alert_notifications (incident_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS alert_notifications`.execute(db);
  await sql`DROP TABLE IF EXISTS alert_incidents`.execute(db);
}
