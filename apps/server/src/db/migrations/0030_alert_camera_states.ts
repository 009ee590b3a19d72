import { type Kysely, sql } from 'kysely';

/**
 * Camera alerts (docs/alert-engine.md, "Camera removal"): the last camera module presence (`CMS`) each gateway
 * reported, and whether its camera is missing (it reported 1, then 0, and not 1 since). Kept in the database
 * so a portal restart neither misses a removal nor raises it twice. Seeded from the state the gateways last
 * sent, so a camera removed just after the upgrade is noticed too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE alert_camera_states (
      gateway_mac text PRIMARY KEY REFERENCES gateways (mac) ON DELETE CASCADE,
      cms smallint NOT NULL,
      removed boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO alert_camera_states (gateway_mac, cms)
    SELECT mac, (state->>'CMS')::smallint FROM gateways WHERE state->>'CMS' IN ('0', '1')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS alert_camera_states`.execute(db);
}
