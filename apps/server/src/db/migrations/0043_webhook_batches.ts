import { type Kysely, sql } from 'kysely';

/**
 * Batched webhook deliveries (issue 31, docs/webhooks.md "Batched delivery"): a webhook may take several events in
 * one request, up to `batch_max_events` events or `batch_max_ms` milliseconds after the first, whichever comes
 * first (both null: one event a request). A batch is one delivery row of type 'batch' whose `event_count` says how
 * many events its body carries; an event's own row is 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE webhooks
      ADD COLUMN batch_max_events integer,
      ADD COLUMN batch_max_ms integer,
      ADD CONSTRAINT webhooks_batch_check CHECK ((batch_max_events IS NULL) = (batch_max_ms IS NULL))`.execute(
    db,
  );
  await sql`ALTER TABLE webhook_deliveries ADD COLUMN event_count integer NOT NULL DEFAULT 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries DROP COLUMN IF EXISTS event_count`.execute(db);
  await sql`
    ALTER TABLE webhooks
      DROP CONSTRAINT IF EXISTS webhooks_batch_check,
      DROP COLUMN IF EXISTS batch_max_events,
      DROP COLUMN IF EXISTS batch_max_ms`.execute(db);
}
