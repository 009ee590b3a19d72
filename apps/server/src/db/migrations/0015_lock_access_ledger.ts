import { type Kysely, sql } from 'kysely';

/**
 * The delivery ledger's worker (docs/locks.md, "Delivery ledger"): one lock command in flight per gateway,
 * held by a row of `lock_command_slots` (its key is the gateway, so two portal instances cannot both send one),
 * and the time a revocation's overdue warning was raised.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lock_command_slots (
      gateway_mac text PRIMARY KEY,
      access_id uuid NOT NULL,
      instruction_uid text NOT NULL UNIQUE,
      claimed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE lock_user_access ADD COLUMN revoke_warned_at timestamptz`.execute(db);
  await sql`CREATE INDEX lock_user_access_instruction_idx ON lock_user_access (instruction_uid)
    WHERE instruction_uid IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS lock_user_access_instruction_idx`.execute(db);
  await sql`ALTER TABLE lock_user_access DROP COLUMN IF EXISTS revoke_warned_at`.execute(db);
  await sql`DROP TABLE IF EXISTS lock_command_slots`.execute(db);
}
