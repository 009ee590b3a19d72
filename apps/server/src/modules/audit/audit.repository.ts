import type { AuditAction, AuditThing } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { AUDIT_EXCLUDED_TABLES } from '../../db/migrations/0019_feedback_audit.ts';
import type { Database } from '../../db/schema.ts';
import { ACTION_RULES, type ActionRule, OPERATION_ACTIONS, TABLES, wordsMatching } from './audit-phrases.ts';

export interface AuditFilter {
  /** null: every row (root); else rows whose target or actor lies in this tenant or below. */
  scopeId: string | null;
  /** Words of the sentence, each to be found (docs/audit.md, "Search"). */
  words: string[];
  who: string;
  thing?: AuditThing;
  name: string;
  action?: AuditAction;
  what: string;
  target: string;
  from?: string;
  to?: string;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The row's identifying fields: those the trigger kept (migration 0036), or for older rows the values of its
 * summary (all of them for a row created or deleted), with a lock toggle's `locked`.
 */
const FIELDS = sql<Record<string, unknown>>`coalesce(a.subject -> 'fields',
  (SELECT jsonb_object_agg(s.key, coalesce(s.value -> 'to', s.value -> 'from')) FROM jsonb_each(a.summary) s)
    || jsonb_strip_nulls(jsonb_build_object('locked', a.summary #> '{value,to,locked}')),
  '{}'::jsonb)`;

const ruleCondition = (rule: ActionRule) =>
  sql.join(
    [
      sql`a.table_name = ${rule.table}`,
      sql`a.operation = ${rule.operation}`,
      ...Object.entries(rule.fields ?? {}).map(
        ([key, value]) => sql`${FIELDS} -> ${key}::text = ${JSON.stringify(value)}::jsonb`,
      ),
      ...(rule.changed ? [sql`a.summary ? ${rule.changed}::text`] : []),
    ],
    sql` AND `,
  );

/** 'unlocked:lock': the action and the thing of a row, as audit-phrases.ts tells them. */
const KIND = sql<string>`CASE
  ${sql.join(
    ACTION_RULES.map((rule) => sql`WHEN ${ruleCondition(rule)} THEN ${`${rule.action}:${rule.thing}`}::text`),
    sql` `,
  )}
  ELSE (CASE a.operation ${sql.join(
    Object.entries(OPERATION_ACTIONS).map(
      ([operation, action]) => sql`WHEN ${operation} THEN ${action}::text`,
    ),
    sql` `,
  )} END) || ':' || (CASE a.table_name ${sql.join(
    Object.entries(TABLES).map(([table, { thing }]) => sql`WHEN ${table} THEN ${thing}::text`),
    sql` `,
  )} ELSE 'other' END)
END`;

/** The names a row's sentence says but the actor's: the thing, its gateway, lock, user, alert and customer. */
const THING_NAMES = sql<string>`concat_ws(' ', e.subject ->> 'customer', e.subject ->> 'gateway',
  e.subject ->> 'lock', e.subject ->> 'user', e.subject ->> 'alert', e.subject #>> '{moved,from}',
  e.subject #>> '{moved,to}', e.fields ->> 'name', e.fields ->> 'alert_name', e.fields ->> 'first_name',
  e.fields ->> 'last_name', e.fields ->> 'email', e.fields ->> 'version', e.fields ->> 'tenant_name',
  e.tenant_name)`;
const ACTOR = sql<string>`concat_ws(' ', e.subject ->> 'actor', e.actor_email)`;

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The rows in reach, each with its kind and identifying fields. */
  private described(scopeId: string | null) {
    let query = this.db
      .selectFrom('audit_log as a')
      .leftJoin('tenants as t', 't.id', 'a.tenant_id')
      .selectAll('a')
      .select(['t.name as tenant_name', KIND.as('kind'), FIELDS.as('fields')]);
    if (scopeId) query = query.where(sql<boolean>`a.scope_path @> ARRAY[${scopeId}]::uuid[]`);
    return query;
  }

  private filtered(filter: AuditFilter) {
    let query = this.db.selectFrom(this.described(filter.scopeId).as('e'));
    for (const word of filter.words) {
      const { actions, things, tables, fields } = wordsMatching(word);
      query = query.where(
        sql<boolean>`(${ACTOR} ILIKE ${like(word)} OR ${THING_NAMES} ILIKE ${like(word)}
          OR split_part(e.kind, ':', 1) = ANY(${actions}::text[])
          OR split_part(e.kind, ':', 2) = ANY(${things}::text[])
          OR e.table_name = ANY(${tables}::text[])
          OR (e.kind LIKE 'commanded:%' AND concat_ws(' ', e.fields ->> 'type', e.fields ->> 'action') ILIKE ${like(word)})
          OR (e.operation = 'UPDATE' AND EXISTS (SELECT 1 FROM jsonb_object_keys(e.summary) k
                WHERE k = ANY(${fields}::text[]) OR replace(k, '_', ' ') ILIKE ${like(word)})))`,
      );
    }
    if (filter.who) query = query.where(sql<boolean>`${ACTOR} ILIKE ${like(filter.who)}`);
    if (filter.name) query = query.where(sql<boolean>`${THING_NAMES} ILIKE ${like(filter.name)}`);
    if (filter.action) query = query.where(sql<boolean>`split_part(e.kind, ':', 1) = ${filter.action}`);
    if (filter.thing) query = query.where(sql<boolean>`split_part(e.kind, ':', 2) = ${filter.thing}`);
    if (filter.what)
      query = query.where((eb) =>
        eb.or([eb('e.action', 'ilike', like(filter.what)), eb('e.table_name', 'ilike', like(filter.what))]),
      );
    if (filter.target) query = query.where('e.target_id', 'ilike', like(filter.target));
    if (filter.from) query = query.where('e.at', '>=', new Date(filter.from) as never);
    if (filter.to) query = query.where('e.at', '<=', new Date(filter.to) as never);
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
      .selectAll('e')
      .orderBy('e.at', 'desc')
      .orderBy('e.id', 'desc')
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
   * but those left out on purpose; idempotent, one query when nothing is missing. A partition is left out: it
   * has its parent's triggers (the days of `telemetry`, migration 0042, excluded as their parent is).
   */
  async ensureTriggers(): Promise<string[]> {
    const missing = await sql<{ table_name: string }>`
      SELECT c.relname AS table_name FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
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
