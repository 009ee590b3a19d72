import { type Kysely, sql } from 'kysely';

/**
 * Lock-mode requests queue per gateway (docs/locks.md 'Lock mode'): at most GATEWAY_LOCK_QUEUE_MIN (50)
 * LOCK_DEVICE_MODE instructions in flight per gateway, each holding one numbered slot. The key
 * (gateway_mac, slot) with slot 0..49 bounds them, and `lock_id` unique keeps one in flight per lock, whichever
 * instance claims: the claim is one INSERT ... ON CONFLICT DO NOTHING. A lock whose mode was asked and that holds
 * no slot is waiting; it is claimed when a slot frees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lock_mode_slots (
      gateway_mac text NOT NULL,
      slot integer NOT NULL CHECK (slot >= 0 AND slot < 50),
      lock_id uuid NOT NULL UNIQUE REFERENCES locks(id) ON DELETE CASCADE,
      instruction_uid text NOT NULL UNIQUE,
      claimed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (gateway_mac, slot)
    )`.execute(db);
  await sql`CREATE INDEX locks_mode_waiting_idx ON locks (gateway_mac, updated_at, id)
    WHERE requested_mode IS NOT NULL AND removed_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS locks_mode_waiting_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS lock_mode_slots`.execute(db);
}
