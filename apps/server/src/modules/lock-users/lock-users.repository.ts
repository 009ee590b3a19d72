import { type Expression, type Kysely, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Database, LockUsersTable } from '../../db/schema.ts';
import { refuseOverQuota } from '../tenants/index.ts';

export type LockUserRow = Selectable<LockUsersTable> & { lock_count: number };

/** A user's access to a lock, with what the delete and card rules need of the lock and its gateway. */
export interface AccessOnLock {
  access_id: string;
  user_id: string;
  lock_id: string;
  lock_mac: string;
  lock_name: string | null;
  gateway_mac: string;
  gateway_connected: boolean;
  passcode: string | null;
  card_csn: string | null;
  role: 'USER' | 'ADMIN';
  state: 'pending' | 'sent' | 'confirmed' | 'failed';
  reason: string | null;
  revoke_requested_at: Date | null;
}

/** A unique index refused the write (PostgreSQL and PGlite both report SQLSTATE 23505), and which one. */
export const uniqueViolation = (error: unknown): string | null => {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code !== '23505') return null;
  const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
  return text.includes('lock_users_card_idx')
    ? 'card'
    : text.includes('lock_users_email_idx')
      ? 'email'
      : 'other';
};

const matches = (column: string, term: string) =>
  sql<SqlBool>`strpos(replace(lower(coalesce(${sql.ref(column)}, '')), ' ', ''), ${term}) > 0`;

const lockCount = sql<number>`(SELECT count(*)::int FROM lock_user_access a
  WHERE a.user_id = lock_users.id AND a.revoke_confirmed_at IS NULL)`;

/**
 * Lock users, their access to locks and the passcode history (migrations/0012_locks.ts). The access reads join
 * `locks` and `gateways` in SQL (the locks module's tables) for the lock's name and whether its gateway is
 * connected: the delete and card rules need them in one consistent read.
 */
/** The delivery ledger's port (modules/lock-access owns the access rows), run in this module's transaction. */
export interface AccessRevocations {
  within(trx: Kysely<Database>): { revokeAllOfUser(userId: string): Promise<number> };
}

export class LockUsersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly revocations: AccessRevocations,
  ) {}

  private users() {
    return this.db.selectFrom('lock_users').where('lock_users.deleted_at', 'is', null);
  }

  findById(id: string): Promise<LockUserRow | undefined> {
    return this.users()
      .selectAll('lock_users')
      .select(lockCount.as('lock_count'))
      .where('lock_users.id', '=', id)
      .executeTakeFirst();
  }

  /** The live user of the tenant holding this card, other than `exceptId`. */
  findByCard(tenantId: string, card: string, exceptId?: string) {
    let query = this.users()
      .select(['lock_users.id', 'lock_users.email'])
      .where('lock_users.tenant_id', '=', tenantId)
      .where('lock_users.card_csn', '=', card);
    if (exceptId) query = query.where('lock_users.id', '<>', exceptId);
    return query.executeTakeFirst();
  }

  /** The live users of these tenants holding one of these cards (the card rule, lock-user-update.ts). */
  cardHolders(tenantIds: string[], cards: string[]) {
    if (tenantIds.length === 0 || cards.length === 0) return Promise.resolve([]);
    return this.users()
      .select(['lock_users.id', 'lock_users.tenant_id', 'lock_users.email', 'lock_users.card_csn'])
      .where('lock_users.tenant_id', 'in', tenantIds)
      .where('lock_users.card_csn', 'in', cards)
      .execute();
  }

  findByEmail(tenantId: string, email: string) {
    return this.users()
      .select(['lock_users.id'])
      .where('lock_users.tenant_id', '=', tenantId)
      .where('lock_users.email', '=', email)
      .executeTakeFirst();
  }

  /** A page of the users of these tenants (null: all), by name, searched over names, e-mail, ids and card. */
  private listed(tenantIds: string[] | null, search: string) {
    let base = this.users();
    if (tenantIds) base = base.where('lock_users.tenant_id', 'in', tenantIds);
    if (search) {
      base = base.where((eb) =>
        eb.or([
          sql<SqlBool>`strpos(replace(lower(lock_users.first_name || lock_users.last_name), ' ', ''), ${search}) > 0`,
          matches('lock_users.email', search),
          matches('lock_users.employee_id', search),
          matches('lock_users.division', search),
          matches('lock_users.card_csn', search),
        ] as Expression<SqlBool>[]),
      );
    }
    return base;
  }

  /** Users of these tenants (null: all), by name, up to `limit` (the CSV). */
  all(tenantIds: string[] | null, search: string, limit: number): Promise<LockUserRow[]> {
    if (tenantIds?.length === 0) return Promise.resolve([]);
    return this.listed(tenantIds, search)
      .selectAll('lock_users')
      .select(lockCount.as('lock_count'))
      .orderBy(sql`lower(lock_users.first_name)`)
      .orderBy(sql`lower(lock_users.last_name)`)
      .orderBy('lock_users.id')
      .limit(limit)
      .execute();
  }

  async page(
    tenantIds: string[] | null,
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: LockUserRow[]; total: number }> {
    if (tenantIds?.length === 0) return { rows: [], total: 0 };
    const base = this.listed(tenantIds, search);
    const [rows, count] = await Promise.all([
      base
        .selectAll('lock_users')
        .select(lockCount.as('lock_count'))
        .orderBy(sql`lower(lock_users.first_name)`)
        .orderBy(sql`lower(lock_users.last_name)`)
        .orderBy('lock_users.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.n };
  }

  async insert(row: {
    tenant_id: string;
    first_name: string;
    last_name: string;
    email: string;
    email_hash: string;
    division: string | null;
    employee_id: string | null;
    mobile_no: string | null;
    card_csn: string | null;
    passcode: string | null;
    role: 'USER' | 'ADMIN';
  }): Promise<LockUserRow> {
    const created = await this.db
      .insertInto('lock_users')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(refuseOverQuota);
    return { ...created, lock_count: 0 };
  }

  /**
   * Updates live users (only the values given), in one transaction with `alongside` (the import's new users):
   * all of it or nothing.
   */
  updateMany(
    updates: readonly { id: string; set: Updateable<LockUsersTable> }[],
    alongside?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    if (updates.length === 0 && !alongside) return Promise.resolve();
    return this.db.transaction().execute(async (trx) => {
      const now = new Date();
      for (const { id, set } of updates) {
        await trx
          .updateTable('lock_users')
          .set({ ...set, updated_at: now })
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .execute();
      }
      await alongside?.(trx);
    });
  }

  /** The user's access rows not yet confirmed removed, with their lock and gateway. */
  accessOf(userId: string): Promise<AccessOnLock[]> {
    return this.accessOfUsers([userId]);
  }

  /** The access rows of these users not yet confirmed removed, with their lock and gateway; by user, lock. */
  accessOfUsers(userIds: readonly string[]): Promise<AccessOnLock[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('lock_user_access as a')
      .innerJoin('locks', 'locks.id', 'a.lock_id')
      .leftJoin('gateways', 'gateways.mac', 'locks.gateway_mac')
      .where('a.user_id', 'in', [...userIds])
      .where('a.revoke_confirmed_at', 'is', null)
      .select([
        'a.id as access_id',
        'a.user_id',
        'a.lock_id',
        'locks.mac as lock_mac',
        'locks.name as lock_name',
        'locks.gateway_mac',
        sql<boolean>`coalesce(gateways.connected, false)`.as('gateway_connected'),
        'a.passcode',
        'a.card_csn',
        'a.role',
        'a.state',
        'a.reason',
        'a.revoke_requested_at',
      ])
      .orderBy('a.user_id')
      .orderBy('locks.name')
      .orderBy('locks.mac')
      .execute();
  }

  /** The locks these users have access to (revocations confirmed left out), for the users' export. */
  async locksOfUsers(userIds: string[]) {
    const rows = [];
    // In chunks: a statement takes at most 65 535 parameters, and the CSV may hold 100 000 users.
    for (let i = 0; i < userIds.length; i += 5000)
      rows.push(...(await this.locksOfUsersChunk(userIds.slice(i, i + 5000))));
    return rows;
  }

  private locksOfUsersChunk(userIds: string[]) {
    return this.db
      .selectFrom('lock_user_access as a')
      .innerJoin('locks', 'locks.id', 'a.lock_id')
      .where('a.user_id', 'in', userIds)
      .where('a.revoke_confirmed_at', 'is', null)
      .select([
        'a.user_id',
        'locks.mac',
        'locks.name',
        'locks.type',
        'locks.status',
        'a.passcode',
        'a.role',
        'a.created_at',
      ])
      .orderBy('a.user_id')
      .orderBy('locks.name')
      .orderBy('locks.mac')
      .execute();
  }

  /** The users (of `userTenantIds`, null: any) with access to these locks, by name. */
  usersOfLock(lockIds: string[], userTenantIds: string[] | null) {
    if (lockIds.length === 0 || userTenantIds?.length === 0) return Promise.resolve([]);
    let query = this.users()
      .innerJoin('lock_user_access as a', 'a.user_id', 'lock_users.id')
      .where('a.lock_id', 'in', lockIds)
      .where('a.revoke_confirmed_at', 'is', null)
      .selectAll('lock_users')
      .select([
        lockCount.as('lock_count'),
        'a.passcode as access_passcode',
        'a.card_csn as access_card_csn',
        'a.role as access_role',
        'a.state as access_state',
        'a.reason as access_reason',
        'a.revoke_requested_at as access_revoke_requested_at',
      ])
      .orderBy(sql`lower(lock_users.first_name)`)
      .orderBy(sql`lower(lock_users.last_name)`)
      .orderBy('lock_users.id');
    if (userTenantIds) query = query.where('lock_users.tenant_id', 'in', userTenantIds);
    return query.execute();
  }

  /** Ids of the visible locks with this MAC in these tenants (joined to their gateway of the same tenant). */
  async lockIds(mac: string, tenantIds: string[] | null): Promise<string[]> {
    if (tenantIds?.length === 0) return [];
    let query = this.db
      .selectFrom('locks')
      .innerJoin('gateways', (join) =>
        join
          .onRef('gateways.mac', '=', 'locks.gateway_mac')
          .onRef('gateways.tenant_id', '=', 'locks.tenant_id'),
      )
      .select('locks.id')
      .where('locks.mac', '=', mac)
      .where('locks.removed_at', 'is', null);
    if (tenantIds) query = query.where('locks.tenant_id', 'in', tenantIds);
    return (await query.execute()).map((r) => r.id);
  }

  /**
   * Deletes a user: access rows that never reached a lock (pending, failed) go; the user row goes when nothing
   * else remains, otherwise it is kept as deleted (its e-mail and card free again) and the remaining access rows
   * get their revocation asked, for the delivery ledger to carry out (its port, in this transaction). Answers
   * the revocations asked.
   */
  deleteUser(userId: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const revoking = await this.revocations.within(trx).revokeAllOfUser(userId);
      if (revoking === 0) {
        await trx.deleteFrom('lock_users').where('id', '=', userId).execute();
      } else {
        await trx
          .updateTable('lock_users')
          .set({ deleted_at: new Date(), updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
      }
      return revoking;
    });
  }
}
