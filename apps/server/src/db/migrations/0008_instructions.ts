import { type Kysely, sql } from 'kysely';

// Instructions (docs/gateway-operations.md, "Instructions"): one row per request to a gateway, with the
// deadline the worker enforces; and the device logs saved from LOGS answers.
export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key to gateways: unregistering or deleting a gateway removes its rows itself.
  await sql`
    CREATE TABLE instructions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      uid text NOT NULL UNIQUE,
      mac text NOT NULL,
      type text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING'
        CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED', 'ABORTED')),
      value jsonb,
      payload jsonb NOT NULL DEFAULT '{}',
      answer jsonb,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      deadline_at timestamptz NOT NULL,
      finished_at timestamptz
    )`.execute(db);
  // At most one pending diagnostics, camera capture or device-logs request per gateway: a second request
  // while one waits gets the waiting one (docs/gateway-operations.md), even when both arrive at once.
  await sql`
    CREATE UNIQUE INDEX instructions_single_pending_idx ON instructions (mac, type)
      WHERE status = 'PENDING' AND type IN ('DIAGNOSTICS', 'CAMERA_CAPTURE', 'LOGS')`.execute(db);
  await sql`CREATE INDEX instructions_mac_idx ON instructions (mac, created_at)`.execute(db);
  // The deadline worker looks only at pending rows.
  await sql`CREATE INDEX instructions_due_idx ON instructions (deadline_at) WHERE status = 'PENDING'`.execute(
    db,
  );

  await sql`
    CREATE TABLE device_logs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      mac text NOT NULL,
      uploaded_file_key text NOT NULL UNIQUE,
      elk_status text NOT NULL DEFAULT 'OFF',
      content_type text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX device_logs_mac_idx ON device_logs (mac)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS device_logs`.execute(db);
  await sql`DROP TABLE IF EXISTS instructions`.execute(db);
}
