import type { LockEvent, LockMode, ReportedLock } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The lock columns a report may set; each keeps its value when a report leaves it out. */
const REPORTED_COLUMNS = [
  'name',
  'type',
  'battery_level',
  'firmware_version',
  'serial_number',
  'status',
  'mode',
  'in_use',
  'rssi',
  'reachable',
  'last_accessed_at',
  'time_zone',
] as const;

/**
 * What the gateways write about their locks (the ingest side, migrations/0012_locks.ts): the lock reports, the
 * history entries, the modes and statuses the locks confirm, and a gateway's move. The lists, counts and CSV
 * read through LocksRepository (locks.repository.ts).
 */
export class LockReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The statuses stored for these locks of a gateway (to tell which ones a report changes). */
  async statuses(gatewayMac: string, macs: string[]): Promise<Map<string, string | null>> {
    if (macs.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('locks')
      .select(['mac', 'status'])
      .where('gateway_mac', '=', gatewayMac)
      .where('mac', 'in', macs)
      .execute();
    return new Map(rows.map((r) => [r.mac, r.status]));
  }

  /**
   * Stores reported locks: new ones are created, known ones take the fields the report gives when it is not
   * older than what set them (a field left out keeps its value), and come back if they had been removed by an
   * older report. `inventoryTi`: the full inventory holding them.
   */
  async upsertReported(
    device: { mac: string; tenantId: string },
    ti: number,
    locks: ReportedLock[],
    inventoryTi: number | null,
  ): Promise<{ id: string; mac: string; status: string | null }[]> {
    if (locks.length === 0) return [];
    const rows = locks.map((lock) => ({
      tenant_id: device.tenantId,
      gateway_mac: device.mac,
      mac: lock.MAC,
      name: lock.name ?? null,
      type: lock.type ?? null,
      battery_level: lock.batteryLevel ?? null,
      firmware_version: lock.firmwareVersion ?? null,
      serial_number: lock.serialNumber ?? null,
      status: lock.status ?? null,
      mode: lock.mode ?? null,
      in_use: lock.inUse ?? null,
      rssi: lock.RSSI ?? null,
      reachable: lock.reachable ?? true,
      last_accessed_at: lock.lastAccessedTime === undefined ? null : new Date(lock.lastAccessedTime),
      time_zone: lock.timeZone ?? null,
      reported_ti: ti,
      inventory_ti: inventoryTi,
      updated_at: new Date(),
    }));
    // `reachable` has a default, so a report that leaves it out must not reset it: it is merged like the rest.
    const given = new Map(locks.map((lock) => [lock.MAC, lock.reachable !== undefined]));
    const newer = sql`excluded.reported_ti >= locks.reported_ti`;
    const set: Record<string, unknown> = {};
    for (const column of REPORTED_COLUMNS) {
      const c = sql.ref(column);
      set[column] =
        column === 'reachable'
          ? sql`CASE WHEN ${newer} THEN excluded.reachable ELSE locks.reachable END`
          : sql`CASE WHEN ${newer} THEN coalesce(excluded.${c}, locks.${c}) ELSE coalesce(locks.${c}, excluded.${c}) END`;
    }
    // A report that does not say `reachable` keeps the stored value: insert it as the stored one.
    const known = await this.db
      .selectFrom('locks')
      .select(['mac', 'reachable'])
      .where('gateway_mac', '=', device.mac)
      .where(
        'mac',
        'in',
        locks.map((l) => l.MAC),
      )
      .execute();
    const reachableNow = new Map(known.map((k) => [k.mac, k.reachable]));
    for (const row of rows) {
      if (!given.get(row.mac)) row.reachable = reachableNow.get(row.mac) ?? true;
    }
    return this.db
      .insertInto('locks')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['gateway_mac', 'mac']).doUpdateSet({
          ...set,
          tenant_id: sql`excluded.tenant_id`,
          reported_ti: sql`greatest(locks.reported_ti, excluded.reported_ti)`,
          inventory_ti: sql`greatest(locks.inventory_ti, excluded.inventory_ti)`,
          removed_at: sql`CASE WHEN ${newer} THEN NULL ELSE locks.removed_at END`,
          updated_at: sql`now()`,
        } as never),
      )
      .returning(['id', 'mac', 'status'])
      .execute();
  }

  /** Locks of the gateway the full inventory `ti` holds (to know when all its parts arrived). */
  async inventoryCount(gatewayMac: string, ti: number): Promise<number> {
    const row = await this.db
      .selectFrom('locks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('gateway_mac', '=', gatewayMac)
      .where('inventory_ti', '=', ti)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /**
   * Removes locks from the gateway: those listed (`macs`), or, for a complete inventory at `ti`, every lock
   * it did not hold that no newer report mentioned. Answers the locks removed.
   */
  async remove(
    gatewayMac: string,
    ti: number,
    which: { macs: string[] } | { notInInventory: true },
  ): Promise<{ id: string; mac: string; tenant_id: string }[]> {
    let query = this.db
      .updateTable('locks')
      .set({ removed_at: new Date(), reported_ti: sql`greatest(reported_ti, ${ti}::bigint)` as never })
      .where('gateway_mac', '=', gatewayMac)
      .where('removed_at', 'is', null)
      .where('reported_ti', '<=', ti);
    if ('macs' in which) {
      if (which.macs.length === 0) return [];
      query = query.where('mac', 'in', which.macs);
    } else {
      query = query
        .where('reported_ti', '<', ti)
        .where((eb) => eb.or([eb('inventory_ti', 'is', null), eb('inventory_ti', '<', ti)]));
    }
    return query.returning(['id', 'mac', 'tenant_id']).execute();
  }

  /** Stores history entries once per (lock, id); answers how many were new. */
  /** The stored entries of these, the ones new here (a repeat is stored once). */
  async insertEvents(
    gatewayMac: string,
    events: LockEvent[],
  ): Promise<{ lock_mac: string; event_id: string }[]> {
    return this.db
      .insertInto('lock_events')
      .values(
        events.map((e) => ({
          lock_mac: e.MAC,
          event_id: e.id,
          gateway_mac: gatewayMac,
          ti: e.TI,
          kind: e.kind,
          method: e.method ?? null,
          user_id: e.userId ?? null,
          card_csn: e.cardCSN ?? null,
          passcode_slot: e.passcodeSlot ?? null,
          reason: e.reason ?? null,
          alarm: e.alarm ?? null,
          battery_level: e.batteryLevel ?? null,
        })),
      )
      .onConflict((oc) => oc.columns(['lock_mac', 'event_id']).doNothing())
      .returning(['lock_mac', 'event_id'])
      .execute();
  }

  /** Names of these locks of a gateway and of the gateway, for the webhooks' events (docs/webhooks.md). */
  async namesOf(
    gatewayMac: string,
    macs: string[],
  ): Promise<{ locks: Map<string, string | null>; gateway: string | null }> {
    const rows = await this.db
      .selectFrom('locks')
      .leftJoin('gateways', 'gateways.mac', 'locks.gateway_mac')
      .select(['locks.mac', 'locks.name', 'gateways.name as gateway_name'])
      .where('locks.gateway_mac', '=', gatewayMac)
      .where('locks.mac', 'in', macs)
      .execute();
    return { locks: new Map(rows.map((r) => [r.mac, r.name])), gateway: rows[0]?.gateway_name ?? null };
  }

  /** The locks of a gateway follow it to its new customer. */
  async moveGateway(gatewayMac: string, tenantId: string): Promise<number> {
    const result = await this.db
      .updateTable('locks')
      .set({ tenant_id: tenantId, updated_at: new Date() })
      .where('gateway_mac', '=', gatewayMac)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A lock confirmed a mode or a status (instruction answers). */
  confirm(gatewayMac: string, mac: string, changes: { mode?: LockMode; status?: 'LOCKED' | 'UNLOCKED' }) {
    return this.db
      .updateTable('locks')
      .set({
        // A newer request for another mode (its instruction still to go) stays asked.
        ...(changes.mode
          ? {
              mode: changes.mode,
              requested_mode: sql<null>`CASE WHEN requested_mode = ${changes.mode} THEN NULL ELSE requested_mode END`,
            }
          : {}),
        ...(changes.status ? { status: changes.status } : {}),
        updated_at: new Date(),
      })
      .where('gateway_mac', '=', gatewayMac)
      .where('mac', '=', mac)
      .returning(['id', 'mac', 'tenant_id', 'mode', 'requested_mode', 'status'])
      .executeTakeFirst();
  }
}
