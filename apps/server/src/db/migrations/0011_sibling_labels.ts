import { type Kysely, sql } from 'kysely';

// Two customers with one parent never share a label, compared without case and white space ('Acme Corp' and
// 'acmecorp' are the same label). The index decides, so concurrent creates on several instances cannot both
// win. Labels cannot be edited, so labels duplicated before this migration get ' (2)', ' (3)'... in the
// order the customers were created; the first keeps its label.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE tenants SET name = duplicates.name || ' (' || duplicates.n || ')'
    FROM (
      SELECT id, name, row_number() OVER (
        PARTITION BY parent_id, lower(regexp_replace(name, '\\s', '', 'g')) ORDER BY created_at, id
      ) AS n
      FROM tenants WHERE parent_id IS NOT NULL
    ) AS duplicates
    WHERE tenants.id = duplicates.id AND duplicates.n > 1`.execute(db);
  await sql`
    CREATE UNIQUE INDEX tenants_sibling_label_idx
    ON tenants (parent_id, lower(regexp_replace(name, '\\s', '', 'g')))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS tenants_sibling_label_idx`.execute(db);
}
