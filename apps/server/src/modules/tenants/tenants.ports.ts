import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { TenantsRepository } from './tenants.repository.ts';

/** A tenant row's status and its removal, inside the caller's transaction (the customer deletion's steps). */
export const tenantRows = {
  within: (trx: Kysely<Database>): Pick<TenantsRepository, 'setStatus' | 'deleteTenant'> =>
    new TenantsRepository(trx),
};
