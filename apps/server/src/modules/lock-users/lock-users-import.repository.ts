import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { refuseOverQuota } from '../tenants/index.ts';
import type { LockUserValues } from './lock-user-update.ts';

/** A stored user an imported row may meet (same e-mail, or the row's card). */
export interface ImportStoredUser extends LockUserValues {
  id: string;
  tenant_id: string;
  email: string;
}

export interface ImportInsert {
  tenant_id: string;
  first_name: string;
  last_name: string;
  email: string;
  email_hash: string;
  division: string | null;
  employee_id: string | null;
  mobile_no: string | null;
  card_csn: string | null;
}

const STORED = [
  'id',
  'tenant_id',
  'first_name',
  'last_name',
  'email',
  'division',
  'employee_id',
  'mobile_no',
  'card_csn',
  'passcode',
  'role',
  'status',
] as const;

/**
 * The bulk import's reads and its new users (lock_users, migrations/0014_locks.ts); its updates are the one
 * update path's (lock-user-update.ts), in the same transaction.
 */
export class LockUsersImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Which of these tenant ids exist. */
  async existingTenants(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('tenants').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Live users of these tenants with one of these (lower-cased) e-mails. */
  async matching(tenantIds: string[], emails: string[]): Promise<ImportStoredUser[]> {
    if (tenantIds.length === 0 || emails.length === 0) return [];
    return this.db
      .selectFrom('lock_users')
      .select(STORED)
      .where('deleted_at', 'is', null)
      .where('tenant_id', 'in', tenantIds)
      .where(sql<string>`lower(email)`, 'in', emails)
      .execute();
  }

  /** The batch's new users in one statement, in the batch's transaction (`trx`). */
  async insert(trx: Kysely<Database>, inserts: ImportInsert[]): Promise<void> {
    if (inserts.length > 0)
      await trx.insertInto('lock_users').values(inserts).execute().catch(refuseOverQuota);
  }
}
