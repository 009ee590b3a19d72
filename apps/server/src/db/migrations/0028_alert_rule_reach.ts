import { type Kysely, sql } from 'kysely';

/**
 * Rules reach sub-customers' gateways (docs/alert-engine.md): an incident's tenant is its gateway's, and its
 * rule may be a parent customer's. `rule_tenant_id` keeps the rule's own tenant, so the incidents of a rule
 * that was deleted are found from the tenant whose rules changed. Existing incidents were all of their own
 * tenant's rules; no-data and offline incidents belong to no rule (null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alert_incidents ADD COLUMN rule_tenant_id text`.execute(db);
  await sql`UPDATE alert_incidents SET rule_tenant_id = tenant_id WHERE kind IN ('sensor', 'lock')`.execute(
    db,
  );
  await sql`CREATE INDEX alert_incidents_rule_tenant_open ON alert_incidents (rule_tenant_id)
    WHERE state <> 'resolved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS alert_incidents_rule_tenant_open`.execute(db);
  await sql`ALTER TABLE alert_incidents DROP COLUMN IF EXISTS rule_tenant_id`.execute(db);
}
