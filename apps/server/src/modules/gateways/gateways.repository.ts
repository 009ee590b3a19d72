import { type Kysely, sql } from 'kysely';
import type { Database, Gateway, GatewayUpdate } from '../../db/schema.ts';
import { refuseOverQuota } from '../tenants/index.ts';

/** What provisioning may record about a new gateway beside its credential (the demo fleet, the CLI). */
export interface ProvisionDetails {
  registered?: boolean;
  manufacturer?: string;
  manufactured_at?: Date;
  app_version?: number;
  tags?: string[];
}

/** Whether the gateway of the row (`gateways`) is `tenantId`'s or below it; root (null): every gateway. */
function withinReach(tenantId: string | null) {
  return tenantId
    ? sql<boolean>`(gateways.tenant_id = ${tenantId} or exists (
          select 1 from tenants where tenants.id = gateways.tenant_id and ${tenantId} = any(tenants.ancestors)))`
    : sql<boolean>`true`;
}

/**
 * A condition for another module's statement: the gateway with this MAC exists and is within the reach of
 * `tenantId` (the same rule as findWithReach), so a read can check its reach in its own statement.
 */
export function gatewayWithinReach(mac: string, tenantId: string | null) {
  return sql<boolean>`exists (select 1 from gateways where gateways.mac = ${mac} and ${withinReach(tenantId)})`;
}

export class GatewaysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The whitelist stored on the gateway (the gateway-commands module's whitelist call). */
  async saveWhitelist(mac: string, names: string[], all: boolean): Promise<void> {
    await this.db
      .updateTable('gateways')
      .set({ whitelist: names, whitelist_all: all })
      .where('mac', '=', mac)
      .execute();
  }

  /**
   * Keeps a pump report (the pump module's) when it is newer than the one stored (an older one arriving late,
   * or a repeat, changes nothing); true when it was kept.
   */
  async savePumpReport(mac: string, reading: { TI: number }): Promise<boolean> {
    const result = await this.db
      .updateTable('gateways')
      .set({ pump: JSON.stringify(reading) })
      .where('mac', '=', mac)
      .where((eb) => eb.or([eb('pump', 'is', null), eb(sql<number>`(pump->>'TI')::bigint`, '<', reading.TI)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  findByMac(mac: string) {
    return this.db.selectFrom('gateways').selectAll().where('mac', '=', mac).executeTakeFirst();
  }

  findById(id: string) {
    return this.db.selectFrom('gateways').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The gateway with this MAC (or id) and whether its tenant is `tenantId` or below it, in one statement
   * (the reach check of every gateway call): the tenant's ancestors are read by its key, not the whole
   * subtree of `tenantId`. Without `tenantId` (root) every gateway is within reach.
   */
  async findWithReach(
    key: { mac: string } | { id: string },
    tenantId: string | null,
  ): Promise<{ gateway: Gateway; withinReach: boolean } | undefined> {
    const within = withinReach(tenantId);
    const row = await this.db
      .selectFrom('gateways')
      .selectAll('gateways')
      .select(within.as('within_reach'))
      .where(
        'mac' in key ? sql.ref('gateways.mac') : sql.ref('gateways.id'),
        '=',
        'mac' in key ? key.mac : key.id,
      )
      .executeTakeFirst();
    if (!row) return undefined;
    const { within_reach, ...gateway } = row;
    return { gateway, withinReach: Boolean(within_reach) };
  }

  /** The status of the tenant a gateway is provisioned into (undefined: no such tenant). */
  async tenantStatus(tenantId: string) {
    const tenant = await this.db
      .selectFrom('tenants')
      .select('status')
      .where('id', '=', tenantId)
      .executeTakeFirst();
    return tenant?.status;
  }

  /** Gateways of the given tenants (null: every tenant), only those of `macs` when given. */
  /** By name (then MAC); `limit` keeps the first ones. */
  listByTenants(tenantIds: string[] | null, macs?: string[], limit?: number) {
    if (tenantIds?.length === 0 || macs?.length === 0) return Promise.resolve([]);
    let query = this.db.selectFrom('gateways').selectAll();
    if (tenantIds) query = query.where('tenant_id', 'in', tenantIds);
    if (macs) query = query.where('mac', 'in', macs);
    if (limit) query = query.limit(limit);
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

  /**
   * Creates the gateway (with `details`) or, when the MAC exists, replaces its credential (re-provisioning)
   * and leaves the rest as it is.
   */
  upsertWithCredential(
    row: { mac: string; name: string; tenant_id: string; credential_hash: string },
    details: ProvisionDetails = {},
  ) {
    return this.db
      .insertInto('gateways')
      .values({ ...row, registered: true, ...details, updated_at: new Date() })
      .onConflict((oc) =>
        oc.column('mac').doUpdateSet({ credential_hash: row.credential_hash, updated_at: new Date() }),
      )
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(refuseOverQuota);
  }

  update(mac: string, changes: GatewayUpdate) {
    return this.db.updateTable('gateways').set(changes).where('mac', '=', mac).execute();
  }

  /**
   * Online/offline at `at`, in one statement: the newest report decides `connected`, whatever order the
   * reports arrive in (the consumers of a shared subscription can hand a gateway's goodbye before a reboot to
   * the portal after its hello). False when a newer report was already applied.
   */
  async recordConnection(
    mac: string,
    online: boolean,
    at: Date,
    now: Date,
  ): Promise<{ applied: boolean; changed: boolean; name: string | null }> {
    const result = await sql<{ applied: boolean; changed: boolean; name: string }>`
      WITH before AS (SELECT connected AS was FROM gateways WHERE mac = ${mac})
      UPDATE gateways SET
        connected = CASE WHEN ${at} >= COALESCE(GREATEST(last_online_at, last_offline_at), '-infinity')
                    THEN ${online} ELSE connected END,
        last_online_at = CASE WHEN ${online} THEN GREATEST(last_online_at, ${at}) ELSE last_online_at END,
        last_offline_at = CASE WHEN ${online} THEN last_offline_at ELSE GREATEST(last_offline_at, ${at}) END,
        updated_at = ${now}
      WHERE mac = ${mac}
      RETURNING connected = ${online} AND ${at} >= COALESCE(
        CASE WHEN ${online} THEN last_offline_at ELSE last_online_at END, '-infinity') AS applied,
        connected IS DISTINCT FROM (SELECT was FROM before) AS changed, name`.execute(this.db);
    const row = result.rows[0];
    return { applied: row?.applied ?? false, changed: row?.changed ?? false, name: row?.name ?? null };
  }

  /** Merges the reported fields into the stored state document; the merged state and the entered address. */
  mergeState(mac: string, state: Record<string, unknown>, facts: GatewayUpdate) {
    return this.db
      .updateTable('gateways')
      .set({ ...facts, state: sql`state || ${JSON.stringify(state)}::jsonb` as never })
      .where('mac', '=', mac)
      .returning(['state', 'address'])
      .executeTakeFirst();
  }

  insertConnectionLog(mac: string, ti: number, off: 0 | 1) {
    return this.db
      .insertInto('gateway_connection_log')
      .values({ mac, ti, off })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
