import type { LockEvent, LockMode, ReportedLock } from '@portal/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Which locks a list reads: the tenants (null: all), one gateway, one type, a search term (normalised). */
export interface LockFilter {
  tenantIds: string[] | null;
  gatewayMac?: string;
  type?: string;
  /** Lower-cased, without spaces; '' for none. */
  search: string;
}

/** A lock row as the lists show it: the lock, its gateway's name, connection and location, its user count. */
export interface LockViewRow {
  id: string;
  tenant_id: string;
  gateway_mac: string;
  mac: string;
  name: string | null;
  type: string | null;
  battery_level: number | null;
  firmware_version: string | null;
  serial_number: string | null;
  status: 'LOCKED' | 'UNLOCKED' | null;
  mode: 'shared' | 'residential' | null;
  requested_mode: 'shared' | 'residential' | null;
  in_use: boolean | null;
  rssi: number | null;
  reachable: boolean;
  last_accessed_at: Date | null;
  time_zone: string | null;
  updated_at: Date;
  gateway_name: string;
  gateway_connected: boolean;
  gateway_state: Record<string, unknown>;
  gateway_address: Record<string, unknown>;
  user_count: number;
}

/** One (lock, user) pair of the CSV and of get-all-locks-users; the user columns are null for a lock alone. */
export interface LockUserPairRow {
  lock_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  email_hash: string;
  employee_id: string | null;
  division: string | null;
  user_status: string;
  passcode: string | null;
  card_csn: string | null;
  role: 'USER' | 'ADMIN';
  state: 'pending' | 'sent' | 'confirmed' | 'failed';
  revoke_requested_at: Date | null;
  created_at: Date;
}

/** Ids per statement when a read names many (parameters are limited to 65 535 a statement). */
const ID_CHUNK = 5000;

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

/** The normalised search over a column: lower-cased, spaces removed, contains the term. */
const matches = (column: string, term: string) =>
  sql<SqlBool>`strpos(replace(lower(coalesce(${sql.ref(column)}, '')), ' ', ''), ${term}) > 0`;

/**
 * Locks (migrations/0012_locks.ts). Reads join the gateway on its MAC *and* tenant: a lock whose stored
 * tenant is stale (its gateway moved and has not reported since) shows nowhere rather than in the wrong
 * customer. The user counts and the (lock, user) pairs read lock_user_access and lock_users here, in SQL, so a
 * page is one query (those tables are the lock-users module's).
 */
export class LocksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The filter as one condition on `locks`, for the joined reads and the join-free count alike. */
  private condition(filter: LockFilter) {
    const parts = [sql`locks.removed_at IS NULL`];
    if (filter.tenantIds) parts.push(sql`locks.tenant_id IN (${sql.join(filter.tenantIds)})`);
    if (filter.gatewayMac) parts.push(sql`locks.gateway_mac = ${filter.gatewayMac}`);
    if (filter.type) parts.push(sql`locks.type = ${filter.type}`);
    const term = filter.search;
    if (term) {
      const any = ['locks.name', 'locks.mac', 'locks.serial_number', 'locks.type'].map((c) =>
        matches(c, term),
      );
      parts.push(sql`(${sql.join(any, sql` OR `)})`);
    }
    return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
  }

  private base(filter: LockFilter) {
    return this.db
      .selectFrom('locks')
      .innerJoin('gateways', (join) =>
        join
          .onRef('gateways.mac', '=', 'locks.gateway_mac')
          .onRef('gateways.tenant_id', '=', 'locks.tenant_id'),
      )
      .where(this.condition(filter));
  }

  /**
   * The list's total, on `locks` alone (no join: PGlite counts 50 000 rows about three times faster so). It may
   * count a lock whose gateway moved a moment ago and whose tenant is not updated yet; a page never shows one.
   */
  private count(filter: LockFilter) {
    return this.db
      .selectFrom('locks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(this.condition(filter))
      .executeTakeFirstOrThrow();
  }

  private view(filter: LockFilter) {
    return this.base(filter)
      .selectAll('locks')
      .select([
        'gateways.name as gateway_name',
        'gateways.connected as gateway_connected',
        'gateways.state as gateway_state',
        'gateways.address as gateway_address',
        sql<number>`(SELECT count(*)::int FROM lock_user_access a
          WHERE a.lock_id = locks.id AND a.revoke_confirmed_at IS NULL)`.as('user_count'),
      ])
      .orderBy('locks.name')
      .orderBy('locks.mac')
      .orderBy('locks.gateway_mac');
  }

  async page(
    filter: LockFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: LockViewRow[]; total: number }> {
    if (filter.tenantIds?.length === 0) return { rows: [], total: 0 };
    const [rows, count] = await Promise.all([
      this.view(filter).offset(offset).limit(limit).execute(),
      this.count(filter),
    ]);
    return { rows: rows as LockViewRow[], total: count.n };
  }

  /** Every row of the filter, up to `limit` (the CSV). */
  async all(filter: LockFilter, limit: number): Promise<LockViewRow[]> {
    if (filter.tenantIds?.length === 0) return [];
    return (await this.view(filter).limit(limit).execute()) as LockViewRow[];
  }

  async viewByIds(ids: string[]): Promise<LockViewRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.view({ tenantIds: null, search: '' }).where('locks.id', 'in', ids).execute();
    return rows as LockViewRow[];
  }

  /** The visible lock with this MAC in these tenants (a lock behind two gateways: the first by gateway). */
  async findByMac(mac: string, tenantIds: string[] | null): Promise<LockViewRow | undefined> {
    if (tenantIds?.length === 0) return undefined;
    const rows = await this.view({ tenantIds, search: '' }).where('locks.mac', '=', mac).limit(1).execute();
    return rows[0] as LockViewRow | undefined;
  }

  /**
   * The users of these locks who belong to the given tenants (null: any; the caller's reach, so a lock shared
   * with a parent customer's user does not show that user below it), revocations the lock confirmed left out.
   */
  async usersOfLocks(lockIds: string[], userTenantIds: string[] | null): Promise<LockUserPairRow[]> {
    const pairs: LockUserPairRow[] = [];
    // In chunks: a statement takes at most 65 535 parameters, and the CSV may hold 100 000 locks.
    for (let i = 0; i < lockIds.length; i += ID_CHUNK) {
      pairs.push(...(await this.usersOfLockChunk(lockIds.slice(i, i + ID_CHUNK), userTenantIds)));
    }
    return pairs;
  }

  private usersOfLockChunk(lockIds: string[], userTenantIds: string[] | null): Promise<LockUserPairRow[]> {
    if (lockIds.length === 0 || userTenantIds?.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('lock_user_access as a')
      .innerJoin('lock_users as u', 'u.id', 'a.user_id')
      .where('a.lock_id', 'in', lockIds)
      .where('a.revoke_confirmed_at', 'is', null)
      .select([
        'a.lock_id',
        'a.user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.email_hash',
        'u.employee_id',
        'u.division',
        'u.status as user_status',
        'a.passcode',
        'a.card_csn',
        'a.role',
        'a.state',
        'a.revoke_requested_at',
        'a.created_at',
      ])
      .orderBy('a.lock_id')
      .orderBy('u.first_name')
      .orderBy('u.last_name')
      .orderBy('u.id');
    if (userTenantIds) query = query.where('u.tenant_id', 'in', userTenantIds);
    return query.execute();
  }

  /** Users per lock MAC among the visible locks of these tenants. */
  async userCounts(tenantIds: string[] | null, macs?: string[]): Promise<{ mac: string; n: number }[]> {
    if (tenantIds?.length === 0 || macs?.length === 0) return [];
    let query = this.base({ tenantIds, search: '' })
      .leftJoin('lock_user_access as a', (join) =>
        join.onRef('a.lock_id', '=', 'locks.id').on('a.revoke_confirmed_at', 'is', null),
      )
      .select(['locks.mac', sql<number>`count(a.id)::int`.as('n')])
      .groupBy('locks.mac')
      .orderBy('locks.mac');
    if (macs) query = query.where('locks.mac', 'in', macs);
    return query.execute();
  }

  /** Locks in all and those online: the gateway connected and the lock heard at its last scan or probe. */
  async counts(tenantIds: string[] | null): Promise<{ total: number; online: number }> {
    if (tenantIds?.length === 0) return { total: 0, online: 0 };
    return this.base({ tenantIds, search: '' })
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(*) FILTER (WHERE gateways.connected AND locks.reachable)::int`.as('online'),
      ])
      .executeTakeFirstOrThrow();
  }

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
  async insertEvents(gatewayMac: string, events: LockEvent[]): Promise<number> {
    const result = await this.db
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
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
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

  /** Records the mode asked for the visible locks of `type` (optionally only `macs`); answers them. */
  requestMode(filter: LockFilter & { type: string }, mode: LockMode, macs?: string[]) {
    if (filter.tenantIds?.length === 0 || macs?.length === 0) return Promise.resolve([]);
    let ids = this.base(filter).select('locks.id');
    if (macs) ids = ids.where('locks.mac', 'in', macs);
    return this.db
      .updateTable('locks')
      .set({
        requested_mode: sql`CASE WHEN mode = ${mode} THEN NULL ELSE ${mode} END` as never,
        updated_at: new Date(),
      })
      .where('id', 'in', ids)
      .returning(['id', 'mac', 'name', 'gateway_mac', 'tenant_id', 'mode', 'requested_mode'])
      .execute();
  }

  /** A lock confirmed a mode or a status (instruction answers). */
  confirm(gatewayMac: string, mac: string, changes: { mode?: LockMode; status?: 'LOCKED' | 'UNLOCKED' }) {
    return this.db
      .updateTable('locks')
      .set({
        ...(changes.mode ? { mode: changes.mode, requested_mode: null } : {}),
        ...(changes.status ? { status: changes.status } : {}),
        updated_at: new Date(),
      })
      .where('gateway_mac', '=', gatewayMac)
      .where('mac', '=', mac)
      .returning(['id', 'mac', 'tenant_id', 'mode', 'requested_mode', 'status'])
      .executeTakeFirst();
  }

  /** The app version of gateways (instructions need it for their deadline). */
  gatewaysForInstructions(macs: string[]) {
    if (macs.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('gateways')
      .select(['mac', 'app_version', 'connected'])
      .where('mac', 'in', macs)
      .execute();
  }
}
