import { type Kysely, sql } from 'kysely';

// Gateway commands (docs/gateway-operations.md "Commands"): what the portal sent (for the activity feed),
// each gateway's last scan (force probe, ScannedData.csv) and hotspot changes waiting for the gateway.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE gateway_command_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      mac text NOT NULL,
      ti bigint NOT NULL,
      action text NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}',
      made_by text
    )`.execute(db);
  await sql`CREATE INDEX gateway_command_log_mac_ti_idx ON gateway_command_log (mac, ti)`.execute(db);

  await sql`
    CREATE TABLE gateway_scans (
      mac text PRIMARY KEY,
      ti bigint NOT NULL,
      locks jsonb NOT NULL
    )`.execute(db);

  // One change at a time per gateway; its HOTSPOT instruction's deadline (instructions module) ends it too.
  await sql`
    CREATE TABLE gateway_hotspot_changes (
      mac text PRIMARY KEY,
      tenant_id uuid NOT NULL,
      target smallint NOT NULL,
      requested_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['gateway_hotspot_changes', 'gateway_scans', 'gateway_command_log']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
