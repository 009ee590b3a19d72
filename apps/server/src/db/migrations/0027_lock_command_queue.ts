import { type Kysely, sql } from 'kysely';

/**
 * One queue per gateway for every lock command (docs/locks.md 'One queue per gateway'): the 50 numbered slots of
 * `lock_mode_slots` (0022) are held by lock-mode, lock/unlock and the ledger's commands alike, so the portal never
 * has more than GATEWAY_LOCK_QUEUE_MIN lock instructions out at a gateway (which would answer GATEWAY_BUSY).
 * `kind` says which: `mode` keeps one slot per lock (the partial unique index replaces the UNIQUE lock_id);
 * `toggle` and `access` name their lock (none for a lock not reported yet) and leave its mode slot free.
 *
 * And a passcode changed at a lock's keypad (docs/mqtt.md 2.7 `PASSCODE_CHANGED`) is one `passcode_changes` row per
 * lock history entry, whichever gateway fetched it: `lock_event_id` and its partial unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lock_mode_slots ADD COLUMN kind text NOT NULL DEFAULT 'mode'
    CHECK (kind IN ('mode', 'toggle', 'access'))`.execute(db);
  await sql`ALTER TABLE lock_mode_slots DROP CONSTRAINT lock_mode_slots_lock_id_key`.execute(db);
  // A lock/unlock may go to a lock its gateway has not reported yet (docs/locks.md 'Lock and unlock').
  await sql`ALTER TABLE lock_mode_slots ALTER COLUMN lock_id DROP NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX lock_mode_slots_mode_lock_idx ON lock_mode_slots (lock_id) WHERE kind = 'mode'`.execute(
    db,
  );
  await sql`ALTER TABLE passcode_changes ADD COLUMN lock_event_id text`.execute(db);
  await sql`CREATE UNIQUE INDEX passcode_changes_lock_event_idx ON passcode_changes (lock_mac, lock_event_id)
    WHERE lock_event_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS passcode_changes_lock_event_idx`.execute(db);
  await sql`ALTER TABLE passcode_changes DROP COLUMN IF EXISTS lock_event_id`.execute(db);
  await sql`DELETE FROM lock_mode_slots WHERE kind <> 'mode'`.execute(db);
  await sql`ALTER TABLE lock_mode_slots ALTER COLUMN lock_id SET NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS lock_mode_slots_mode_lock_idx`.execute(db);
  await sql`ALTER TABLE lock_mode_slots ADD CONSTRAINT lock_mode_slots_lock_id_key UNIQUE (lock_id)`.execute(
    db,
  );
  await sql`ALTER TABLE lock_mode_slots DROP COLUMN kind`.execute(db);
}
