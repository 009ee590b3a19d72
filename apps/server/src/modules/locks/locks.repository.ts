import { LOW_BATTERY_PERCENT, type LockMode } from '@portal/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Which locks a list reads: the tenants (null: all), one gateway, one type, a search term (normalised). */
export interface LockFilter {
  tenantIds: string[] | null;
  gatewayMac?: string;
  type?: string;
  /** Only locks this lock user has access on (not a confirmed removal). */
  userId?: string;
  /** Only locks reporting a battery under LOW_BATTERY_PERCENT. */
  lowBattery?: boolean;
  /** Only locks holding a grant (not a removal) in this delivery state. */
  accessState?: 'pending' | 'sent' | 'failed';
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

/** The normalised search over a column: lower-cased, spaces removed, contains the term. */
const matches = (column: string, term: string) =>
  sql<SqlBool>`strpos(replace(lower(coalesce(${sql.ref(column)}, '')), ' ', ''), ${term}) > 0`;

/**
 * Locks (migrations/0012_locks.ts): the lists, counts and CSV reads, and the lock-mode request. What the
 * gateways report and confirm is written by LockReportsRepository (lock-reports.repository.ts). Reads join the gateway on its MAC *and* tenant: a lock whose stored
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
    if (filter.userId) {
      parts.push(sql`EXISTS (SELECT 1 FROM lock_user_access a WHERE a.lock_id = locks.id
        AND a.user_id = ${filter.userId} AND a.revoke_confirmed_at IS NULL)`);
    }
    if (filter.lowBattery) parts.push(sql`locks.battery_level < ${LOW_BATTERY_PERCENT}`);
    if (filter.accessState) {
      parts.push(sql`EXISTS (SELECT 1 FROM lock_user_access a WHERE a.lock_id = locks.id
        AND a.state = ${filter.accessState} AND a.revoke_requested_at IS NULL)`);
    }
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

  /** The app version of gateways (instructions need it for their deadline). */
  /** The customer of a live lock user (the userId filter's wall). */
  async lockUserTenant(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('lock_users')
      .select('tenant_id')
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row?.tenant_id;
  }

  gatewaysForInstructions(macs: string[]) {
    if (macs.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('gateways')
      .select(['mac', 'app_version', 'connected'])
      .where('mac', 'in', macs)
      .execute();
  }
}
