import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ApiKeysTable } from '../../db/schema-api-keys.ts';

/** The columns of a key as its list shows it, with its creator's name when the creator still exists. */
const LISTED = [
  'api_keys.id',
  'api_keys.tenant_id',
  'api_keys.name',
  'api_keys.permissions',
  'api_keys.created_by_email',
  'api_keys.created_at',
  'api_keys.expires_at',
  'api_keys.revoked_at',
  'api_keys.last_used_at',
  'users.tenant_id as creator_tenant_id',
  'users.first_name as creator_first_name',
  'users.last_name as creator_last_name',
] as const;

/**
 * The api_keys table (migration 0037). Two statements read the users module's `users` and the tenants module's
 * `tenants` in a join: the key's lookup on every call made with a key (the key, its creator and the creator's
 * tenant in one round trip, as the session lookup does), and the list's creator names.
 */
export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A key that works now: not revoked, not expired, its creator still a user of the key's customer. With the
   * creator's permissions and root flag, and the customer's tenant row.
   */
  findUsable(id: string, now: Date) {
    return this.db
      .selectFrom('api_keys')
      .innerJoin('users', (join) =>
        join
          .onRef('users.id', '=', 'api_keys.created_by')
          .onRef('users.tenant_id', '=', 'api_keys.tenant_id'),
      )
      .innerJoin('tenants', 'tenants.id', 'api_keys.tenant_id')
      .selectAll('tenants')
      .select([
        'api_keys.id as key_id',
        'api_keys.secret_hash as key_secret_hash',
        'api_keys.permissions as key_permissions',
        'api_keys.last_used_at as key_last_used_at',
        'users.id as user_id',
        'users.is_root as user_is_root',
        'users.permissions as user_permissions',
      ])
      .where('api_keys.id', '=', id)
      .where('api_keys.revoked_at', 'is', null)
      .where('api_keys.expires_at', '>', now)
      .executeTakeFirst();
  }

  /**
   * Writes the key's last use when the one stored is older than `olderThan` (or none): true when this call
   * wrote it. One statement, so of several instances serving the same key at once one writes.
   */
  async recordUse(id: string, now: Date, olderThan: Date, address: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ last_used_at: now, last_used_address: address })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', olderThan)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  listByTenant(tenantId: string) {
    return this.db
      .selectFrom('api_keys')
      .leftJoin('users', 'users.id', 'api_keys.created_by')
      .select(LISTED)
      .where('api_keys.tenant_id', '=', tenantId)
      .orderBy('api_keys.created_at', 'desc')
      .orderBy('api_keys.id')
      .execute();
  }

  findListed(id: string) {
    return this.db
      .selectFrom('api_keys')
      .leftJoin('users', 'users.id', 'api_keys.created_by')
      .select(LISTED)
      .where('api_keys.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Stores a new key unless its customer already has `limit` keys neither revoked nor expired; false then.
   * Creations for one customer take turns (a transaction-scoped advisory lock), so two at once cannot both
   * pass the count.
   */
  async insertWithinLimit(
    row: Insertable<ApiKeysTable> & { id: string; tenant_id: string },
    limit: number,
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`api_keys:${row.tenant_id}`}))`.execute(trx);
      const { count } = await trx
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('tenant_id', '=', row.tenant_id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(count) >= limit) return false;
      await trx
        .insertInto('api_keys')
        .values({ ...row, created_at: now })
        .execute();
      return true;
    });
  }

  /** Revokes the key if it is not revoked yet. */
  async revoke(id: string, by: string, now: Date): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now, revoked_by: by })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

export type ListedApiKey = Awaited<ReturnType<ApiKeysRepository['listByTenant']>>[number];
