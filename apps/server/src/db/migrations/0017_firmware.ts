import { type Kysely, sql } from 'kysely';

/**
 * Firmware, customer firmware and OS patches (docs/rollouts.md): the stored versions with their SHA-256, the
 * versions applied to each customer, each customer's highest applied version per kind (the downgrade gate,
 * kept when a version is deleted), and the staged rollouts with one row per gateway they reach.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE firmware_files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('firmware', 'customerFw', 'osPatch')),
      type text NOT NULL,
      name text NOT NULL,
      file_name text NOT NULL,
      version text NOT NULL,
      version_order numeric NOT NULL,
      description text NOT NULL DEFAULT '',
      size bigint NOT NULL,
      sha256 text NOT NULL,
      storage_key text NOT NULL,
      uploaded_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (kind, version)
    )`.execute(db);
  await sql`
    CREATE TABLE firmware_assignments (
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      file_id uuid NOT NULL REFERENCES firmware_files(id) ON DELETE CASCADE,
      kind text NOT NULL,
      applied_by uuid,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_id, file_id)
    )`.execute(db);
  await sql`
    CREATE TABLE firmware_latest (
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      kind text NOT NULL,
      version text NOT NULL,
      version_order numeric NOT NULL,
      file_id uuid NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_id, kind)
    )`.execute(db);
  // Updates start only inside a customer's maintenance window (days 0-6 from Sunday, minutes of the day, in
  // the customer's time zone); a customer without a row has no window (any time).
  await sql`
    CREATE TABLE firmware_maintenance_windows (
      tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
      time_zone text NOT NULL,
      days smallint[] NOT NULL,
      start_minute integer NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
      end_minute integer NOT NULL CHECK (end_minute BETWEEN 1 AND 1440),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE firmware_rollouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      kind text NOT NULL,
      file_id uuid REFERENCES firmware_files(id) ON DELETE SET NULL,
      version text NOT NULL,
      status text NOT NULL DEFAULT 'running'
        CHECK (status IN ('running', 'paused', 'cancelled', 'completed')),
      pause_reason text,
      settings jsonb NOT NULL,
      current_wave integer NOT NULL DEFAULT 0,
      failures_acknowledged integer NOT NULL DEFAULT 0,
      wave_started_at timestamptz,
      next_start_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX firmware_rollouts_active_idx ON firmware_rollouts (next_start_at)
    WHERE status = 'running'`.execute(db);
  await sql`
    CREATE TABLE firmware_rollout_targets (
      rollout_id uuid NOT NULL REFERENCES firmware_rollouts(id) ON DELETE CASCADE,
      gateway_mac text NOT NULL,
      wave integer NOT NULL,
      state text NOT NULL DEFAULT 'pending',
      uid text NOT NULL UNIQUE,
      from_version text,
      reported_version text,
      reason text,
      notified_at timestamptz,
      download_expires_at timestamptz,
      progress_at timestamptz,
      booted_at timestamptz,
      verified_at timestamptz,
      PRIMARY KEY (rollout_id, gateway_mac)
    )`.execute(db);
  await sql`CREATE INDEX firmware_rollout_targets_mac_idx ON firmware_rollout_targets (gateway_mac)`.execute(
    db,
  );
  await sql`CREATE INDEX firmware_rollout_targets_state_idx ON firmware_rollout_targets (rollout_id, wave, state)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'firmware_rollout_targets',
    'firmware_rollouts',
    'firmware_maintenance_windows',
    'firmware_latest',
    'firmware_assignments',
    'firmware_files',
  ])
    await sql`DROP TABLE IF EXISTS ${sql.raw(table)}`.execute(db);
}
