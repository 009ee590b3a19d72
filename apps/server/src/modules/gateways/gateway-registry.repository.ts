import { type Kysely, sql } from 'kysely';
import type { Database, GatewayUpdate } from '../../db/schema.ts';
import { refuseOverQuota } from '../tenants/index.ts';

/** What a gateway leaves behind, keyed by its MAC. */
const GATEWAY_DATA_TABLES = [
  'telemetry',
  'telemetry_latest',
  'telemetry_1m',
  'telemetry_1h',
  'gateway_events',
  'gateway_connection_log',
] as const;
/** Tables of other modules keyed by MAC, deleted with the gateway when they exist. */
const OPTIONAL_GATEWAY_DATA_TABLES = [
  'instructions',
  'device_logs',
  'gateway_command_log',
  'gateway_scans',
  'gateway_hotspot_changes',
];

/** MACs per statement: well under the 65,535 parameters PostgreSQL allows. */
const CHUNK = 1000;

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export interface NewRegisteredGateway {
  mac: string;
  name: string;
  tenant_id: string;
  tags: string[];
  address: Record<string, unknown>;
  manufactured_at: Date;
  state: Record<string, unknown>;
  /** Digest of the device credential issued with the registration. */
  credential_hash: string;
}

/** The registry's writes: registration, edits, moves and deletion of offline gateways. */
export class GatewayRegistryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A gateway un-registered (modules/instructions, in its transaction): its connection log goes. */
  async deleteConnectionLog(mac: string): Promise<void> {
    await this.db.deleteFrom('gateway_connection_log').where('mac', '=', mac).execute();
  }

  /** A gateway un-registered (modules/instructions, in its transaction): REG 0. */
  async markUnregistered(mac: string): Promise<void> {
    await this.db
      .updateTable('gateways')
      .set({ registered: false, updated_at: new Date() })
      .where('mac', '=', mac)
      .execute();
  }

  /** A deleted customer's gateways handed to `rootId`, unregistered; nothing is sent to the devices. */
  async moveAllOfTenant(tenantId: string, rootId: string): Promise<number> {
    const result = await this.db
      .updateTable('gateways')
      .set({ tenant_id: rootId, registered: false, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A registered gateway with its credential's digest; undefined if the MAC exists. */
  insertRegistered(row: NewRegisteredGateway) {
    const { address, state, ...rest } = row;
    return this.db
      .insertInto('gateways')
      .values({
        ...rest,
        address: JSON.stringify(address),
        state: JSON.stringify(state),
        registered: true,
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.column('mac').doNothing())
      .returningAll()
      .executeTakeFirst()
      .catch(refuseOverQuota);
  }

  update(mac: string, changes: Omit<GatewayUpdate, 'address'> & { address?: Record<string, unknown> }) {
    const { address, ...rest } = changes;
    return this.db
      .updateTable('gateways')
      .set({ ...rest, ...(address ? { address: JSON.stringify(address) } : {}), updated_at: new Date() })
      .where('mac', '=', mac)
      .returningAll()
      .executeTakeFirst()
      .catch(refuseOverQuota);
  }

  /**
   * Deletes those of `macs` that are offline, with their data, in one transaction; the rows are locked first so
   * that a gateway coming online meanwhile is refused, not deleted. `allowed` sees every row found and may
   * throw to change nothing (a MAC outside the caller's reach).
   */
  deleteOffline(
    macs: string[],
    allowed: (found: { mac: string; tenant_id: string }[]) => void,
  ): Promise<{ deleted: { mac: string; tenant_id: string }[]; refused: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      const found = [];
      for (const part of chunks(macs)) {
        found.push(
          ...(await trx
            .selectFrom('gateways')
            .select(['mac', 'tenant_id', 'connected'])
            .where('mac', 'in', part)
            .forUpdate()
            .execute()),
        );
      }
      allowed(found);
      const deleted = found.filter((g) => !g.connected);
      const refused = found.filter((g) => g.connected).map((g) => g.mac);
      const tables = [...GATEWAY_DATA_TABLES, ...(await existingTables(trx, OPTIONAL_GATEWAY_DATA_TABLES))];
      for (const part of chunks(deleted.map((g) => g.mac))) {
        for (const table of tables) {
          await sql`DELETE FROM ${sql.table(table)} WHERE mac IN (${sql.join(part)})`.execute(trx);
        }
        await trx.deleteFrom('gateways').where('mac', 'in', part).execute();
      }
      return { deleted: deleted.map(({ mac, tenant_id }) => ({ mac, tenant_id })), refused };
    });
  }
}

async function existingTables(db: Kysely<Database>, names: string[]): Promise<string[]> {
  const present = [];
  for (const name of names) {
    const { rows } = await sql<{ found: string | null }>`SELECT to_regclass(${name})::text AS found`.execute(
      db,
    );
    if (rows[0]?.found) present.push(name);
  }
  return present;
}
