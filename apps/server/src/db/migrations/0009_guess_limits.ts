import { type Kysely, sql } from 'kysely';

// Guess limits that hold under concurrency (docs/identity.md, "Guessing is bounded").
export async function up(db: Kysely<unknown>): Promise<void> {
  // auth_throttle now counts attempts reserved before verifying (a success gives them back), not failures
  // recorded after; addresses are no longer paused by it.
  await sql`ALTER TABLE auth_throttle RENAME COLUMN failures TO attempts`.execute(db);
  await sql`DELETE FROM auth_throttle WHERE key LIKE 'login:address:%'`.execute(db);

  // Which accounts failed from which address: the spraying rule counts distinct accounts per address.
  await sql`
    CREATE TABLE auth_address_failures (
      address text NOT NULL,
      account text NOT NULL,
      failed_at timestamptz NOT NULL,
      PRIMARY KEY (address, account)
    )`.execute(db);
  await sql`CREATE INDEX auth_address_failures_recent_idx ON auth_address_failures (address, failed_at)`.execute(
    db,
  );

  // The next free turn of an address that is being slowed down.
  await sql`
    CREATE TABLE auth_address_turns (
      address text PRIMARY KEY,
      next_turn timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS auth_address_turns`.execute(db);
  await sql`DROP TABLE IF EXISTS auth_address_failures`.execute(db);
  await sql`ALTER TABLE auth_throttle RENAME COLUMN attempts TO failures`.execute(db);
}
