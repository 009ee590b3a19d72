import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { UsersRepository } from './users.repository.ts';

/** A customer's users, inside the caller's transaction (the customer deletion's step). */
export const tenantUsers = {
  within: (trx: Kysely<Database>): Pick<UsersRepository, 'deleteOfTenant'> => new UsersRepository(trx),
};
