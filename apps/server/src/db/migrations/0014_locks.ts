import { type Kysely, sql } from 'kysely';

// Locks and lock users (docs/locks.md): the locks behind each gateway as the gateways report them
// (docs/mqtt.md 2.6), the people who open them, the link between the two with the delivery state of each
// credential (the ledger's columns), the passcode history and the locks' own history (docs/mqtt.md 2.7).
export async function up(db: Kysely<unknown>): Promise<void> {
  // A lock is known per gateway it is reached through: (gateway_mac, mac). No foreign key to gateways or
  // tenants: tenant_id is the gateway's customer, set by every report and by moves; reads join the gateway
  // and require the same tenant, so a stale row shows nowhere rather than in the wrong customer.
  await sql`
    CREATE TABLE locks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL,
      gateway_mac text NOT NULL,
      mac text NOT NULL,
      name text,
      type text,
      battery_level smallint CHECK (battery_level BETWEEN 0 AND 100),
      firmware_version text,
      serial_number text,
      status text CHECK (status IN ('LOCKED', 'UNLOCKED')),
      mode text CHECK (mode IN ('shared', 'residential')),
      -- The mode a lock-mode instruction asked for, until the lock reports it.
      requested_mode text CHECK (requested_mode IN ('shared', 'residential')),
      in_use boolean,
      rssi smallint,
      reachable boolean NOT NULL DEFAULT true,
      last_accessed_at timestamptz,
      time_zone text,
      -- TI of the newest report that set the fields (an older one arriving late changes nothing), and of the
      -- newest full inventory that held the lock (the others are removed once an inventory is complete).
      reported_ti bigint NOT NULL,
      inventory_ti bigint,
      removed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (gateway_mac, mac)
    )`.execute(db);
  // The server-paged list: a customer's locks by name then MAC (the first page of 50 000 reads 25 entries).
  await sql`
    CREATE INDEX locks_tenant_name_idx ON locks (tenant_id, name, mac) WHERE removed_at IS NULL`.execute(db);
  await sql`CREATE INDEX locks_name_idx ON locks (name, mac) WHERE removed_at IS NULL`.execute(db);
  await sql`CREATE INDEX locks_mac_idx ON locks (mac)`.execute(db);

  // Lock users belong to one customer and go with it (customer deletion). The e-mail and the card are unique
  // among a customer's lock users (deleted ones aside): a card opens the locks of one customer.
  await sql`
    CREATE TABLE lock_users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      email_hash text NOT NULL,
      division text,
      employee_id text,
      mobile_no text,
      card_csn text,
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
      passcode text,
      role text NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'ADMIN')),
      -- The lock app's password (reset-password links, modules/passwords).
      password_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- Deleted while locks still held the user: kept until every lock confirmed the removal.
      deleted_at timestamptz
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX lock_users_email_idx ON lock_users (tenant_id, email) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`
    CREATE UNIQUE INDEX lock_users_card_idx ON lock_users (tenant_id, card_csn)
      WHERE card_csn IS NOT NULL AND deleted_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX lock_users_tenant_name_idx ON lock_users (tenant_id, first_name, last_name, id)
      WHERE deleted_at IS NULL`.execute(db);

  // A user's access to a lock, and where its credential is (the delivery ledger, docs/locks.md): pending ->
  // sent -> confirmed, or failed with a reason; attempts and back-off; a revocation asked and confirmed.
  // `passcode` and `card_csn` are the credential meant for the lock (the user's card may have changed since).
  await sql`
    CREATE TABLE lock_user_access (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES lock_users(id) ON DELETE CASCADE,
      lock_id uuid NOT NULL REFERENCES locks(id) ON DELETE CASCADE,
      passcode text,
      card_csn text,
      role text NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'ADMIN')),
      schedule jsonb,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'confirmed', 'failed')),
      reason text,
      attempts integer NOT NULL DEFAULT 0,
      last_attempt_at timestamptz,
      next_attempt_at timestamptz,
      -- The instruction carrying the current attempt (instructions.uid).
      instruction_uid text,
      confirmed_at timestamptz,
      revoke_requested_at timestamptz,
      revoke_confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, lock_id)
    )`.execute(db);
  await sql`CREATE INDEX lock_user_access_lock_idx ON lock_user_access (lock_id)`.execute(db);
  // The ledger's worker looks only at what is still on its way.
  await sql`
    CREATE INDEX lock_user_access_due_idx ON lock_user_access (next_attempt_at)
      WHERE state IN ('pending', 'sent', 'failed') OR
        (revoke_requested_at IS NOT NULL AND revoke_confirmed_at IS NULL)`.execute(db);

  // Passcode history (spec 002 section 2): lockName, lockSerialNumber, lastUpdated, old/new passcode, type.
  await sql`
    CREATE TABLE passcode_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES lock_users(id) ON DELETE CASCADE,
      lock_id uuid REFERENCES locks(id) ON DELETE SET NULL,
      lock_mac text NOT NULL,
      lock_name text,
      lock_serial_number text,
      old_passcode text,
      new_passcode text,
      passcode_type text NOT NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX passcode_changes_user_idx ON passcode_changes (user_id, changed_at DESC)`.execute(
    db,
  );

  // A lock's history: (lock MAC, id) once, whichever gateway fetched it. `ti` is the lock's clock (epoch ms).
  // Entries the portal writes (lock/unlock initiated) have kind PORTAL and a message.
  await sql`
    CREATE TABLE lock_events (
      lock_mac text NOT NULL,
      event_id text NOT NULL,
      gateway_mac text NOT NULL,
      ti bigint NOT NULL,
      kind text NOT NULL,
      method text,
      user_id text,
      card_csn text,
      passcode_slot integer,
      reason text,
      alarm text,
      battery_level smallint,
      message text,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (lock_mac, event_id)
    )`.execute(db);
  await sql`CREATE INDEX lock_events_lock_ti_idx ON lock_events (lock_mac, ti)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS lock_events`.execute(db);
  await sql`DROP TABLE IF EXISTS passcode_changes`.execute(db);
  await sql`DROP TABLE IF EXISTS lock_user_access`.execute(db);
  await sql`DROP TABLE IF EXISTS lock_users`.execute(db);
  await sql`DROP TABLE IF EXISTS locks`.execute(db);
}
