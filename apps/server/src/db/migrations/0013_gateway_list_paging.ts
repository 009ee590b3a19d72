import { type Kysely, sql } from 'kysely';

// The gateways page pages, searches and sorts on the server (issue 14.9, docs/gateway-operations.md "The list
// page"). `search_text` is what the page search looks in, squashed as the search text is (lower case, no white
// space), one field per line: name, MAC, firmware, the firmware as the cards show it ('fw2024-05-12' for
// 'v2024-05-12...'), OS version. A search is then one strpos() per row, not five regexp_replace() calls. The
// status words ('online', 'offline') are matched on `connected` by the query itself.
// The indexes serve the default order (name, then MAC) for one customer and for a whole tree, so the first
// window and deep windows are read in index order, never sorted whole.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE gateways ADD COLUMN search_text text GENERATED ALWAYS AS (
      lower(
        regexp_replace(name, '\\s+', '', 'g') || E'\\n' ||
        regexp_replace(mac, '\\s+', '', 'g') || E'\\n' ||
        regexp_replace(coalesce(firmware, ''), '\\s+', '', 'g') || E'\\n' ||
        CASE WHEN btrim(coalesce(firmware, '')) ~ '^v[0-9]{4}-[0-9]{2}-[0-9]{2}\\M'
          THEN 'FW' || substr(btrim(firmware), 2, 10) ELSE '' END || E'\\n' ||
        regexp_replace(coalesce(os_version, ''), '\\s+', '', 'g'))
    ) STORED`.execute(db);
  await sql`CREATE INDEX gateways_tenant_name_idx ON gateways (tenant_id, lower(name), mac)`.execute(db);
  await sql`CREATE INDEX gateways_name_idx ON gateways (lower(name), mac)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS gateways_name_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS gateways_tenant_name_idx`.execute(db);
  await sql`ALTER TABLE gateways DROP COLUMN IF EXISTS search_text`.execute(db);
}
