import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL of a lock user's passcode changes (passcode_changes, migration 0014). */
export class PasscodeHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's customer, or undefined when there is no such user (deleted ones included: history stays). */
  async userTenant(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('lock_users')
      .select('tenant_id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.tenant_id;
  }

  async page(userId: string, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('passcode_changes')
        .select([
          'id',
          'lock_mac',
          'lock_name',
          'lock_serial_number',
          'old_passcode',
          'new_passcode',
          'passcode_type',
          'changed_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('changed_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('passcode_changes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
