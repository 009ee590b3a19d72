import { type Kysely, sql } from 'kysely';

/**
 * Alert definitions (docs/alerts.md): lock alerts (BATTERY_LOW, UNLOCK, RFID) and sensor/system alerts in one
 * table, and their receivers. `unique_type` marks the rows of which a tenant may hold one per type (Unlock and
 * RFID alerts; every sensor type outside the support tenant): the partial unique index decides a duplicate in
 * the INSERT itself, so two requests at once cannot both create one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE alerts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('lock', 'sensor')),
      alert_type text NOT NULL,
      alert_name text,
      threshold_type text CHECK (threshold_type IN ('greater_than', 'less_than')),
      threshold double precision,
      waiting_time integer NOT NULL DEFAULT 0,
      battery_level integer,
      interval_ms double precision,
      rfid_schedule_ms double precision,
      next_rfid_schedule_at timestamptz,
      unique_type boolean NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX alerts_tenant_idx ON alerts (tenant_id, kind)`.execute(db);
  await sql`CREATE UNIQUE INDEX alerts_one_per_type ON alerts (tenant_id, alert_type) WHERE unique_type`.execute(
    db,
  );
  await sql`
    CREATE TABLE alert_receivers (
      alert_id uuid NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email_on boolean NOT NULL,
      sms_on boolean NOT NULL,
      phone_number text,
      country_short_code text,
      PRIMARY KEY (alert_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX alert_receivers_user_idx ON alert_receivers (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS alert_receivers`.execute(db);
  await sql`DROP TABLE IF EXISTS alerts`.execute(db);
}
