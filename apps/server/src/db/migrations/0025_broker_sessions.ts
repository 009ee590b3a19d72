import { type Kysely, sql } from 'kysely';

// Portal instances behind an external broker (issue 20): each keeps a persistent session per consumer
// connection (`{MQTT_CLIENT_ID}-{n}`), and Mosquitto keeps giving a dead instance's sessions their share of a
// shared subscription. Each instance records here that it is alive; another instance takes a session over once
// its owner has been silent for a lease, drains what the broker queued for it and ends it
// (mqtt/session-takeover.ts, docs/operations.md "Several instances").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE broker_sessions (
      client_id text PRIMARY KEY,
      consumers integer NOT NULL,
      seen_at timestamptz NOT NULL DEFAULT now(),
      taken_by text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE broker_sessions`.execute(db);
}
