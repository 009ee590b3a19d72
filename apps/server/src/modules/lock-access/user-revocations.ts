import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LockAccessRepository } from './lock-access.repository.ts';

/**
 * The ledger's port for a lock user deleted (modules/lock-users), run inside that module's transaction so the
 * user row and its access rows change together: access never delivered goes, the rest is revoked by the
 * ledger. Answers the revocations asked.
 */
export interface UserRevocations {
  within(trx: Kysely<Database>): { revokeAllOfUser(userId: string): Promise<number> };
}

export const userRevocations: UserRevocations = {
  within: (trx) => new LockAccessRepository(trx),
};
