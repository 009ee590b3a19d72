import { type Kysely, sql } from 'kysely';
import type { Database, GatewayUpdate } from '../../db/schema.ts';

export class GatewaysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByMac(mac: string) {
    return this.db.selectFrom('gateways').selectAll().where('mac', '=', mac).executeTakeFirst();
  }

  /** Gateways of the given tenants; null means every tenant. */
  listByTenants(tenantIds: string[] | null) {
    if (tenantIds?.length === 0) return Promise.resolve([]);
    let query = this.db.selectFrom('gateways').selectAll();
    if (tenantIds) query = query.where('tenant_id', 'in', tenantIds);
    return query.orderBy('name').orderBy('mac').execute();
  }

  listByTenant(tenantId: string) {
    return this.db
      .selectFrom('gateways')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('name')
      .execute();
  }

  /** Creates the gateway or, when the MAC exists, replaces its credential (re-provisioning). */
  upsertWithCredential(row: { mac: string; name: string; tenant_id: string; credential_hash: string }) {
    return this.db
      .insertInto('gateways')
      .values({ ...row, registered: true, updated_at: new Date() })
      .onConflict((oc) =>
        oc.column('mac').doUpdateSet({ credential_hash: row.credential_hash, updated_at: new Date() }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  update(mac: string, changes: GatewayUpdate) {
    return this.db.updateTable('gateways').set(changes).where('mac', '=', mac).execute();
  }

  /** Merges the reported fields into the stored state document. */
  mergeState(mac: string, state: Record<string, unknown>, facts: GatewayUpdate) {
    return this.db
      .updateTable('gateways')
      .set({ ...facts, state: sql`state || ${JSON.stringify(state)}::jsonb` as never })
      .where('mac', '=', mac)
      .execute();
  }

  insertConnectionLog(mac: string, ti: number, off: 0 | 1) {
    return this.db
      .insertInto('gateway_connection_log')
      .values({ mac, ti, off })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
