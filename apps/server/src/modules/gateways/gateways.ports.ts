import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { GatewayRegistryRepository } from './gateway-registry.repository.ts';

/** A deleted customer's gateways handed to root, inside the caller's transaction (the deletion's step). */
export const tenantGateways = {
  within: (trx: Kysely<Database>): Pick<GatewayRegistryRepository, 'moveAllOfTenant'> =>
    new GatewayRegistryRepository(trx),
};

/** A gateway un-registered: its connection log and its REG flag, inside the caller's transaction. */
export const unregisteredGateway = {
  within: (
    trx: Kysely<Database>,
  ): Pick<GatewayRegistryRepository, 'deleteConnectionLog' | 'markUnregistered'> =>
    new GatewayRegistryRepository(trx),
};
