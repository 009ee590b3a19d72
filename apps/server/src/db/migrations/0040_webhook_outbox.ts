import { type Kysely, sql } from 'kysely';

/**
 * Webhook deliveries as the outbox of their first attempts (issue 31, docs/webhooks.md): a pending delivery's
 * `next_attempt_at` is when its instance's claim on the first attempt runs out; the sweep of any instance claims
 * the pending rows past it (FOR UPDATE SKIP LOCKED). This index holds the pending rows only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (next_attempt_at)
    WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS webhook_deliveries_pending_idx`.execute(db);
}
