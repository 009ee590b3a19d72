import { type Kysely, sql } from 'kysely';

/**
 * The Activity screen in people's words (docs/audit.md, "In people's words"): each audit row keeps, in
 * `subject`, the names as they were when it was written (names change later; the row tells what was seen
 * then): the actor's name, a few identifying fields of the row (its name, type, kind, e-mail, MAC, version,
 * a lock toggle's `locked`), the names of the customer, gateway, lock, user and alert it refers to, and the
 * customers of a move. Rows written before have none; the screen builds their sentence from what they hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit_log ADD COLUMN subject jsonb`.execute(db);
  await sql`
    CREATE FUNCTION audit_person(first_name text, last_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), '')
    $$`.execute(db);
  await sql`
    CREATE FUNCTION audit_subject(tbl text, old_row jsonb, new_row jsonb, actor_id text, target_tenant text)
    RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
    DECLARE
      r jsonb := coalesce(new_row, old_row);
      v_gateway text := coalesce(r ->> 'gateway_mac', CASE WHEN tbl NOT IN ('gateways', 'locks') THEN r ->> 'mac' END);
      v_fields jsonb;
    BEGIN
      SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) INTO v_fields FROM jsonb_each(r) e
      WHERE e.key IN ('name', 'alert_name', 'alert_type', 'threshold_type', 'type', 'kind', 'action', 'first_name',
                      'last_name', 'email', 'mac', 'version', 'tenant_name')
        AND jsonb_typeof(e.value) IN ('string', 'number', 'boolean') AND length(e.value::text) <= 200;
      IF jsonb_typeof(r #> '{value,locked}') = 'boolean' THEN
        v_fields := v_fields || jsonb_build_object('locked', r #> '{value,locked}');
      END IF;
      RETURN jsonb_strip_nulls(jsonb_build_object(
        'actor', (SELECT coalesce(audit_person(u.first_name, u.last_name), u.email) FROM users u WHERE u.id::text = actor_id),
        'fields', v_fields,
        'customer', (SELECT t.name FROM tenants t WHERE t.id::text = target_tenant),
        'gateway', (SELECT g.name FROM gateways g WHERE g.mac = v_gateway LIMIT 1),
        'lock', CASE
          WHEN r ? 'lock_id' THEN (SELECT l.name FROM locks l WHERE l.id::text = r ->> 'lock_id')
          WHEN r #>> '{value,lockMac}' IS NOT NULL THEN
            (SELECT l.name FROM locks l WHERE l.mac = r #>> '{value,lockMac}' AND l.gateway_mac = v_gateway LIMIT 1)
        END,
        'user', CASE
          WHEN NOT r ? 'user_id' THEN NULL
          WHEN tbl IN ('lock_user_access', 'passcode_changes') THEN
            (SELECT audit_person(p.first_name, p.last_name) FROM lock_users p WHERE p.id::text = r ->> 'user_id')
          ELSE (SELECT coalesce(audit_person(u.first_name, u.last_name), u.email) FROM users u WHERE u.id::text = r ->> 'user_id')
        END,
        'alert', (SELECT coalesce(a.alert_name, a.alert_type) FROM alerts a WHERE a.id::text = r ->> 'alert_id'),
        'moved', CASE WHEN old_row ? 'tenant_id' AND new_row ? 'tenant_id'
                           AND old_row ->> 'tenant_id' IS DISTINCT FROM new_row ->> 'tenant_id' THEN
          jsonb_build_object('from', (SELECT t.name FROM tenants t WHERE t.id::text = old_row ->> 'tenant_id'),
                             'to', (SELECT t.name FROM tenants t WHERE t.id::text = new_row ->> 'tenant_id'))
        END
      ));
    END $$`.execute(db);
  await createAuditRow(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createAuditRow(db, false);
  await sql`DROP FUNCTION IF EXISTS audit_subject(text, jsonb, jsonb, text, text)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_person(text, text)`.execute(db);
  await sql`ALTER TABLE audit_log DROP COLUMN IF EXISTS subject`.execute(db);
}

/** audit_row() of migration 0019, writing `subject` too when `withSubject` (down: as 0019 wrote it). */
async function createAuditRow(db: Kysely<unknown>, withSubject: boolean): Promise<void> {
  const column = sql.raw(withSubject ? ', subject' : '');
  const value = sql.raw(
    withSubject
      ? `, audit_subject(TG_TABLE_NAME, old_row, new_row, ctx ->> 'userId',
           CASE WHEN target_path IS NULL THEN NULL ELSE target_tenant END)`
      : '',
  );
  await sql`
    CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
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
                             target_id, tenant_id, scope_path, summary, request_id, address${column})
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
        ctx ->> 'address'${value}
      );
      RETURN NULL;
    END $$`.execute(db);
}
