import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Migration 0004: the portal configuration of a scope (the grey offline areas on graphs). */
export interface PortalConfigTable {
  scope_id: string;
  graph_option: 'On' | 'Off';
  updated_at: Date;
}

export class PortalConfigRepository {
  private readonly db: Kysely<Database & { portal_config: PortalConfigTable }>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<{ portal_config: PortalConfigTable }>();
  }

  /** Every tenant (within a subtree when given) and its graph option, null when never set. */
  list(within: string | null) {
    let query = this.db
      .selectFrom('tenants')
      .leftJoin('portal_config', 'portal_config.scope_id', 'tenants.id')
      .select(['tenants.id as scope_id', 'portal_config.graph_option']);
    if (within)
      query = query.where(sql<SqlBool>`(tenants.id = ${within} or ${within} = any(tenants.ancestors))`);
    return query.orderBy('tenants.name').orderBy('tenants.id').execute();
  }

  set(scopeId: string, graphOption: 'On' | 'Off') {
    const now = new Date();
    return this.db
      .insertInto('portal_config')
      .values({ scope_id: scopeId, graph_option: graphOption, updated_at: now })
      .onConflict((oc) => oc.column('scope_id').doUpdateSet({ graph_option: graphOption, updated_at: now }))
      .execute();
  }
}
