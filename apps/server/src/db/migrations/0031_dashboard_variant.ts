import { type Kysely, sql } from 'kysely';

/**
 * The demo pump dashboard (docs/dashboards.md, "Pump dashboard"): a customer's dashboard variant ('fleet' by
 * default, 'pump' for the demo screen), and the last pump report of a gateway that has a pump (docs/mqtt.md
 * 2.8): null for every other gateway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenants ADD COLUMN dashboard_variant text NOT NULL DEFAULT 'fleet'
    CONSTRAINT tenants_dashboard_variant_check CHECK (dashboard_variant IN ('fleet', 'pump'))`.execute(db);
  await sql`ALTER TABLE gateways ADD COLUMN pump jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE gateways DROP COLUMN IF EXISTS pump`.execute(db);
  await sql`ALTER TABLE tenants DROP COLUMN IF EXISTS dashboard_variant`.execute(db);
}
