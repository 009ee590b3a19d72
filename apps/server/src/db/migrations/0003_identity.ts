import { type Kysely, sql } from 'kysely';

// Identity: portal-user contact fields and 2FA, trusted devices, pending code steps, e-mailed links,
// guessing limits, activity records, the mail outbox and social sign-in requests.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN phone_number text NOT NULL DEFAULT '',
      ADD COLUMN country_short_code text NOT NULL DEFAULT '',
      ADD COLUMN status text NOT NULL DEFAULT 'Active',
      ADD COLUMN totp_secret text,
      ADD COLUMN totp_pending_secret text,
      ADD COLUMN totp_last_step integer,
      ADD COLUMN social_subject text`.execute(db);
  await sql`CREATE UNIQUE INDEX users_social_subject_idx ON users (social_subject) WHERE social_subject IS NOT NULL`.execute(
    db,
  );

  // A device that passed the code step skips it until expires_at (1D or 30D).
  await sql`
    CREATE TABLE trusted_devices (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      fingerprint_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, fingerprint_hash)
    )`.execute(db);

  // A password accepted for a 2FA account waits here for its code, keyed by the login's twoFactorKey.
  await sql`
    CREATE TABLE login_challenges (
      key_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      fingerprint_hash text,
      expires_at timestamptz NOT NULL
    )`.execute(db);

  // Single-use e-mailed links: password reset, first password (sign-up, new portal user), lock-user reset.
  await sql`
    CREATE TABLE one_time_links (
      token_hash text PRIMARY KEY,
      purpose text NOT NULL,
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      subject_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX one_time_links_user_idx ON one_time_links (user_id)`.execute(db);

  // Failed attempts per key ('account:<email>', 'address:<ip>') within a window; locked_until pauses tries.
  await sql`
    CREATE TABLE auth_throttle (
      key text PRIMARY KEY,
      failures integer NOT NULL,
      window_start timestamptz NOT NULL,
      locked_until timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE activities (
      id bigserial PRIMARY KEY,
      tenant_id uuid,
      user_id uuid,
      email text NOT NULL,
      kind text NOT NULL,
      subject text,
      provided_key text UNIQUE,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX activities_tenant_idx ON activities (tenant_id, at)`.execute(db);

  // Outgoing mail and SMS: sent over SMTP when configured, otherwise kept here (and logged).
  await sql`
    CREATE TABLE outbox (
      id bigserial PRIMARY KEY,
      channel text NOT NULL,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      last_error text
    )`.execute(db);
  await sql`CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL`.execute(db);

  // Social sign-in requests in flight: state, nonce and PKCE verifier, bound to the browser that asked.
  await sql`
    CREATE TABLE oidc_requests (
      state_hash text PRIMARY KEY,
      mode text NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      browser_hash text NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'oidc_requests',
    'outbox',
    'activities',
    'auth_throttle',
    'one_time_links',
    'login_challenges',
    'trusted_devices',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`
    ALTER TABLE users
      DROP COLUMN phone_number, DROP COLUMN country_short_code, DROP COLUMN status,
      DROP COLUMN totp_secret, DROP COLUMN totp_pending_secret, DROP COLUMN totp_last_step,
      DROP COLUMN social_subject`.execute(db);
}
