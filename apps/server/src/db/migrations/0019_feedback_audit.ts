import { type Kysely, sql } from 'kysely';

/**
 * Feedback, e-mail templates (and the HTML part of queued mail), and the audit log (docs/audit.md): an
 * append-only table written by a trigger on every audited table, in the same transaction as the change, from
 * the request context the portal puts in the session setting `portal.audit_context`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE feedback (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid,
      user_id uuid,
      email text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX feedback_created_idx ON feedback (created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE email_templates (
      name text PRIMARY KEY,
      subject text NOT NULL,
      body text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid
    )`.execute(db);
  await sql`ALTER TABLE outbox ADD COLUMN html text`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      actor_user_id uuid,
      actor_email text,
      actor_tenant_id uuid,
      action text NOT NULL,
      operation text NOT NULL,
      table_name text NOT NULL,
      target_id text,
      tenant_id uuid,
      scope_path uuid[] NOT NULL DEFAULT '{}',
      summary jsonb NOT NULL DEFAULT '{}',
      request_id text,
      address text
    )`.execute(db);
  await sql`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_scope_idx ON audit_log USING gin (scope_path)`.execute(db);
  await sql`
    CREATE TABLE audit_settings (
      id int PRIMARY KEY CHECK (id = 1),
      retention_days int NOT NULL CHECK (retention_days >= 1)
    )`.execute(db);
  await sql`INSERT INTO audit_settings (id, retention_days) VALUES (1, 365)`.execute(db);

  // Append-only: no update ever, no truncate, a delete only of rows older than the retention.
  await sql`
    CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND OLD.at < now() - make_interval(days => (SELECT retention_days FROM audit_settings WHERE id = 1)) THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_guard()`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard()`.execute(db);

  await sql`
    CREATE FUNCTION audit_value(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN v IS NULL THEN NULL
                  WHEN length(v::text) > 200 THEN to_jsonb(left(v::text, 200) || '...')
                  ELSE v END
    $$`.execute(db);

  await sql`
    CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      raw text := current_setting('portal.audit_context', true);
      ctx jsonb;
      old_row jsonb;
      new_row jsonb;
      some_row jsonb;
      summary jsonb := '{}'::jsonb;
      k text;
      secret boolean;
      target_tenant text;
      actor_path uuid[];
      target_path uuid[];
    BEGIN
      IF raw IS NULL OR raw = '' THEN RETURN NULL; END IF;
      ctx := raw::jsonb;
      IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
      IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
      some_row := coalesce(new_row, old_row);
      FOR k IN SELECT jsonb_object_keys(some_row) LOOP
        IF old_row IS NOT NULL AND new_row IS NOT NULL AND (old_row -> k) IS NOT DISTINCT FROM (new_row -> k) THEN
          CONTINUE;
        END IF;
        secret := k ~* '(password|passcode|secret|hash|token|otp|credential|private|cipher)';
        summary := summary || jsonb_build_object(k, jsonb_strip_nulls(jsonb_build_object(
          'from', CASE WHEN old_row IS NULL OR old_row -> k = 'null'::jsonb THEN NULL
                       WHEN secret THEN to_jsonb('[redacted]'::text) ELSE audit_value(old_row -> k) END,
          'to', CASE WHEN new_row IS NULL OR new_row -> k = 'null'::jsonb THEN NULL
                     WHEN secret THEN to_jsonb('[redacted]'::text) ELSE audit_value(new_row -> k) END)));
      END LOOP;
      IF TG_OP = 'UPDATE' AND summary = '{}'::jsonb THEN RETURN NULL; END IF;
      target_tenant := CASE WHEN TG_TABLE_NAME = 'tenants' THEN some_row ->> 'id'
                            ELSE coalesce(some_row ->> 'tenant_id', some_row ->> 'scope_id') END;
      SELECT ancestors || id INTO target_path FROM tenants WHERE id::text = target_tenant;
      SELECT ancestors || id INTO actor_path FROM tenants WHERE id::text = ctx ->> 'tenantId';
      INSERT INTO audit_log (actor_user_id, actor_email, actor_tenant_id, action, operation, table_name,
                             target_id, tenant_id, scope_path, summary, request_id, address)
      VALUES (
        (ctx ->> 'userId')::uuid,
        (SELECT email FROM users WHERE id::text = ctx ->> 'userId'),
        (ctx ->> 'tenantId')::uuid,
        coalesce(ctx ->> 'action', ''),
        TG_OP,
        TG_TABLE_NAME,
        coalesce(some_row ->> 'id', some_row ->> 'mac', some_row ->> 'mac_id', some_row ->> 'gateway_mac',
                 some_row ->> 'name', some_row ->> 'key', some_row ->> 'user_id'),
        CASE WHEN target_path IS NULL THEN NULL ELSE target_tenant::uuid END,
        ARRAY(SELECT DISTINCT unnest(coalesce(target_path, '{}') || coalesce(actor_path, '{}'))),
        summary,
        ctx ->> 'requestId',
        ctx ->> 'address'
      );
      RETURN NULL;
    END $$`.execute(db);

  // Every table that holds what a call changes, now and later (the audit module attaches the trigger to
  // tables created by later migrations at start: ensureAuditTriggers).
  await sql`
    DO $$
    DECLARE t text;
    BEGIN
      FOR t IN SELECT table_name FROM information_schema.tables
               WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                 AND table_name NOT IN (${sql.raw(excludedList())}) LOOP
        EXECUTE format('CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row()', t);
      END LOOP;
    END $$`.execute(db);
}

/**
 * Tables left out of the audit: the log itself, bookkeeping of sessions, tokens, throttles and queues, and
 * what devices report (high volume, never changed by a call). Kept in step with audit-tables.ts.
 */
export const AUDIT_EXCLUDED_TABLES = [
  'audit_log',
  'audit_settings',
  'kysely_migration',
  'kysely_migration_lock',
  'sessions',
  'mqtt_tokens',
  'trusted_devices',
  'login_challenges',
  'one_time_links',
  'auth_throttle',
  'auth_address_failures',
  'auth_address_turns',
  'activities',
  'outbox',
  'oidc_requests',
  'telemetry',
  'telemetry_1m',
  'telemetry_1h',
  'gateway_connection_log',
  'gateway_events',
  'gateway_scans',
  'device_logs',
  'lock_events',
  'lock_command_slots',
  // Tables of later migrations written by devices and background work only (the trigger would find no call).
  'telemetry_latest',
  'lock_mode_slots',
  'alert_incidents',
  'alert_notifications',
  'alert_camera_states',
  'alert_digests',
  'webhook_deliveries',
  'customer_api_calls',
];

function excludedList(): string {
  return AUDIT_EXCLUDED_TABLES.map((t) => `'${t}'`).join(', ');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE t text;
    BEGIN
      FOR t IN SELECT event_object_table FROM information_schema.triggers WHERE trigger_name = 'audit_row' LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS audit_row ON %I', t);
      END LOOP;
    END $$`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_row()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_value(jsonb)`.execute(db);
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_log_guard()`.execute(db);
  await sql`DROP TABLE IF EXISTS audit_settings`.execute(db);
  await sql`ALTER TABLE outbox DROP COLUMN IF EXISTS html`.execute(db);
  await sql`DROP TABLE IF EXISTS email_templates`.execute(db);
  await sql`DROP TABLE IF EXISTS feedback`.execute(db);
}
