import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A stored user an imported row may meet (same e-mail, or the row's card). */
export interface ImportStoredUser {
  id: string;
  tenant_id: string;
  first_name: string;
  last_name: string;
  email: string;
  division: string | null;
  employee_id: string | null;
  mobile_no: string | null;
  card_csn: string | null;
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

export type ImportUpdate = Pick<
  ImportStoredUser,
  'id' | 'first_name' | 'last_name' | 'division' | 'employee_id' | 'mobile_no' | 'card_csn'
>;

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
] as const;

/** The bulk import's reads and its one transaction per batch (lock_users, migrations/0014_locks.ts). */
export class LockUsersImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Which of these tenant ids exist. */
  async existingTenants(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('tenants').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Live users of these tenants with one of these (lower-cased) e-mails or cards. */
  async matching(tenantIds: string[], emails: string[], cards: string[]): Promise<ImportStoredUser[]> {
    if (tenantIds.length === 0 || (emails.length === 0 && cards.length === 0)) return [];
    return this.db
      .selectFrom('lock_users')
      .select(STORED)
      .where('deleted_at', 'is', null)
      .where('tenant_id', 'in', tenantIds)
      .where((eb) =>
        eb.or([
          ...(emails.length ? [eb(sql<string>`lower(email)`, 'in', emails)] : []),
          ...(cards.length ? [eb('card_csn', 'in', cards)] : []),
        ]),
      )
      .execute();
  }

  /** The batch's updates, then its new users in one statement, in one transaction: all of it or nothing. */
  apply(inserts: ImportInsert[], updates: ImportUpdate[]): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date();
      for (const { id, ...changes } of updates) {
        await trx
          .updateTable('lock_users')
          .set({ ...changes, updated_at: now })
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .execute();
      }
      if (inserts.length > 0) await trx.insertInto('lock_users').values(inserts).execute();
    });
  }
}
