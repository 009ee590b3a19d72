import { type Kysely, sql } from 'kysely';

// Every instance keeps the principals of the sessions it served lately (modules/auth/session-cache.ts), so a
// read call does not read its session again on each request (issue 20.6). Whatever a principal is made of
// (the session row, its user, the user's tenant) announces its changes here, from the database itself, so no
// write path, now or later, can forget to: a notification on channel `portal_principals` names the table and
// the row's key, and is delivered at commit to every instance listening. TRUNCATE announces '*' (forget all).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_principal_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('portal_principals', '*');
      ELSE
        PERFORM pg_notify('portal_principals', TG_TABLE_NAME || ':' || (to_jsonb(OLD) ->> TG_ARGV[0]));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const [table, key] of [
    ['sessions', 'id_hash'],
    ['users', 'id'],
    ['tenants', 'id'],
  ] as const) {
    await sql`CREATE TRIGGER principal_change AFTER UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION notify_principal_change(${sql.lit(key)})`.execute(db);
    await sql`CREATE TRIGGER principal_truncate AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'users', 'tenants']) {
    await sql`DROP TRIGGER IF EXISTS principal_change ON ${sql.table(table)}`.execute(db);
    await sql`DROP TRIGGER IF EXISTS principal_truncate ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS notify_principal_change()`.execute(db);
}
