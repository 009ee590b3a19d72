import type { Insertable, Kysely } from 'kysely';
import type { Database, OidcRequestsTable } from '../../db/schema.ts';

/** Social sign-in requests in flight (table oidc_requests). */
export class SocialRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a request and drops the expired ones, so abandoned sign-ins do not pile up. */
  async insertRequest(request: Insertable<OidcRequestsTable>, now: Date): Promise<void> {
    await this.db.deleteFrom('oidc_requests').where('expires_at', '<', now).execute();
    await this.db.insertInto('oidc_requests').values(request).execute();
  }

  /**
   * Takes (deletes and returns) the request of this state made by this browser: each state is good once,
   * and a state presented by another browser leaves the request in place for its own.
   */
  takeRequest(stateHash: string, browserHash: string) {
    return this.db
      .deleteFrom('oidc_requests')
      .where('state_hash', '=', stateHash)
      .where('browser_hash', '=', browserHash)
      .returningAll()
      .executeTakeFirst();
  }
}
