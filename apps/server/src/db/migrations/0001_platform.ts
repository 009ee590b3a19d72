import { type Kysely, sql } from 'kysely';

// Written as SQL both PostgreSQL 15 (production) and PGlite (PostgreSQL 18) accept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tenants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      customer_id text NOT NULL,
      kind text NOT NULL,
      parent_id uuid REFERENCES tenants(id),
      ancestors uuid[] NOT NULL DEFAULT '{}',
      email_domain text,
      primary_theme_color text NOT NULL,
      secondary_theme_color text NOT NULL,
      logo_url text,
      fav_icon_url text,
      status text NOT NULL DEFAULT 'Active',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX tenants_parent_idx ON tenants (parent_id)`.execute(db);
  await sql`CREATE INDEX tenants_ancestors_idx ON tenants USING gin (ancestors)`.execute(db);
  await sql`CREATE UNIQUE INDEX tenants_single_root ON tenants (kind) WHERE kind IN ('root', 'free_tier', 'support')`.execute(
    db,
  );

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id),
      email text NOT NULL UNIQUE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      password_hash text,
      permissions text[] NOT NULL DEFAULT '{}',
      is_root boolean NOT NULL DEFAULT false,
      owner boolean NOT NULL DEFAULT false,
      two_factor_enabled boolean NOT NULL DEFAULT false,
      social_login boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX users_tenant_idx ON users (tenant_id)`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE mqtt_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      session_id_hash text NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE,
      client_id text NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE gateways (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      mac text NOT NULL UNIQUE,
      name text NOT NULL,
      tenant_id uuid NOT NULL REFERENCES tenants(id),
      credential_hash text,
      registered boolean NOT NULL DEFAULT false,
      connected boolean NOT NULL DEFAULT false,
      last_online_at timestamptz,
      last_offline_at timestamptz,
      firmware text,
      os_version text,
      state jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX gateways_tenant_idx ON gateways (tenant_id)`.execute(db);

  await sql`
    CREATE TABLE gateway_connection_log (
      mac text NOT NULL,
      ti bigint NOT NULL,
      off smallint NOT NULL,
      PRIMARY KEY (mac, ti, off)
    )`.execute(db);

  await sql`
    CREATE TABLE telemetry (
      mac text NOT NULL,
      ti bigint NOT NULL,
      co2 double precision,
      temp double precision,
      nh3 double precision,
      no2 double precision,
      co double precision,
      rstc double precision,
      tvoc double precision,
      cp double precision,
      mm double precision,
      PRIMARY KEY (mac, ti)
    )`.execute(db);

  await sql`
    CREATE TABLE gateway_events (
      mac text NOT NULL,
      ti bigint NOT NULL,
      kind text NOT NULL,
      items jsonb NOT NULL,
      PRIMARY KEY (mac, ti, kind)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'gateway_events',
    'telemetry',
    'gateway_connection_log',
    'gateways',
    'mqtt_tokens',
    'sessions',
    'users',
    'tenants',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
