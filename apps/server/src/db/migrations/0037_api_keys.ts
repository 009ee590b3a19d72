import { type Kysely, sql } from 'kysely';

/**
 * API keys (issue 31, docs/api-keys.md): a customer's machine credentials. The key itself is never stored,
 * only the SHA-256 of it (`secret_hash`, redacted by the audit trigger like every hash); the id in the key
 * finds the row. A key acts as its creator: when the creator is removed the key stays listed (its e-mail kept)
 * but no longer works. Root users, who hold every permission, are given the new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
      name text NOT NULL,
      secret_hash text NOT NULL,
      permissions text[] NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_by_email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_by uuid,
      last_used_at timestamptz,
      last_used_address text
    )`.execute(db);
  await sql`CREATE INDEX api_keys_tenant_idx ON api_keys (tenant_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX api_keys_created_by_idx ON api_keys (created_by)`.execute(db);
  await sql`
    UPDATE users SET permissions = array_append(permissions, 'API_KEY_WRITE')
    WHERE is_root AND NOT ('API_KEY_WRITE' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS api_keys`.execute(db);
  await sql`UPDATE users SET permissions = array_remove(permissions, 'API_KEY_WRITE')`.execute(db);
}
