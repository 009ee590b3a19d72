import { type Kysely, sql } from 'kysely';
import { AUDIT_EXCLUDED_TABLES } from '../../db/migrations/0019_feedback_audit.ts';
import type { Database } from '../../db/schema.ts';

export interface AuditFilter {
  /** null: every row (root); else rows whose target or actor lies in this tenant or below. */
  scopeId: string | null;
  who: string;
  what: string;
  target: string;
  from?: string;
  to?: string;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(filter: AuditFilter) {
    let query = this.db.selectFrom('audit_log as a').leftJoin('tenants as t', 't.id', 'a.tenant_id');
    if (filter.scopeId) query = query.where(sql<boolean>`a.scope_path @> ARRAY[${filter.scopeId}]::uuid[]`);
    if (filter.who) query = query.where('a.actor_email', 'ilike', like(filter.who));
    if (filter.what)
      query = query.where((eb) =>
        eb.or([eb('a.action', 'ilike', like(filter.what)), eb('a.table_name', 'ilike', like(filter.what))]),
      );
    if (filter.target) query = query.where('a.target_id', 'ilike', like(filter.target));
    if (filter.from) query = query.where('a.at', '>=', new Date(filter.from) as never);
    if (filter.to) query = query.where('a.at', '<=', new Date(filter.to) as never);
    return query;
  }

  async page(filter: AuditFilter, offset: number, limit: number) {
    const [items, count] = await Promise.all([
      this.rows(filter, offset, limit),
      this.filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n) };
  }

  rows(filter: AuditFilter, offset: number, limit: number) {
    return this.filtered(filter)
      .selectAll('a')
      .select('t.name as tenant_name')
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** Deletes rows past the retention (the table's trigger refuses any younger row). */
  async purge(retentionDays: number): Promise<number> {
    await this.db
      .updateTable('audit_settings')
      .set({ retention_days: retentionDays })
      .where('id', '=', 1)
      .execute();
    const result = await this.db
      .deleteFrom('audit_log')
      .where(sql<boolean>`at < now() - make_interval(days => ${retentionDays})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Attaches the audit trigger to every table created after migration 0019 (other modules' later migrations)
   * but those left out on purpose; idempotent, one query when nothing is missing.
   */
  async ensureTriggers(): Promise<string[]> {
    const missing = await sql<{ table_name: string }>`
      SELECT c.relname AS table_name FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      WHERE c.relkind IN ('r', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'audit_row')
        AND c.relname <> ALL(${AUDIT_EXCLUDED_TABLES}::text[])`.execute(this.db);
    for (const { table_name } of missing.rows)
      await sql`CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON ${sql.id(table_name)}
        FOR EACH ROW EXECUTE FUNCTION audit_row()`.execute(this.db);
    // A table left out since it got the trigger loses it.
    const excluded = await sql<{ table_name: string }>`
      SELECT c.relname AS table_name FROM pg_trigger g
      JOIN pg_class c ON c.oid = g.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      WHERE g.tgname = 'audit_row' AND NOT g.tgisinternal AND c.relname = ANY(${AUDIT_EXCLUDED_TABLES}::text[])`.execute(
      this.db,
    );
    for (const { table_name } of excluded.rows)
      await sql`DROP TRIGGER IF EXISTS audit_row ON ${sql.id(table_name)}`.execute(this.db);
    return missing.rows.map((r) => r.table_name);
  }
}
