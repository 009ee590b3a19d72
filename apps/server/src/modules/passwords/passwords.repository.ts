import type { Kysely } from 'kysely';
import type { Database, LinkPurpose } from '../../db/schema.ts';

/** The portal-user links that set a password; issuing or using one retires the others. */
export const PASSWORD_PURPOSES: LinkPurpose[] = ['resetPassword', 'activation'];

export class PasswordsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction with a repository bound to it (and `trx`, for the users module). */
  transaction<T>(work: (repo: PasswordsRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new PasswordsRepository(trx), trx));
  }

  insertLink(link: {
    token_hash: string;
    purpose: LinkPurpose;
    user_id: string | null;
    subject_id: string | null;
    expires_at: Date;
  }) {
    return this.db.insertInto('one_time_links').values(link).execute();
  }

  /** Marks the user's unused links of these purposes used. */
  retireUserLinks(userId: string, purposes: LinkPurpose[], now: Date) {
    return this.db
      .updateTable('one_time_links')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null)
      .execute();
  }

  retireSubjectLinks(subjectId: string, purpose: LinkPurpose, now: Date) {
    return this.db
      .updateTable('one_time_links')
      .set({ used_at: now })
      .where('subject_id', '=', subjectId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }

  findLink(tokenHash: string) {
    return this.db
      .selectFrom('one_time_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Marks the link used if it still is unused and unexpired; the row lock makes a concurrent second
   * claim wait and then find it used, so exactly one claim returns the link.
   */
  claimLink(tokenHash: string, now: Date) {
    return this.db
      .updateTable('one_time_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'subject_id', 'purpose'])
      .executeTakeFirst();
  }
}
