import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tenantGateways } from '../gateways/index.ts';
import { tenantRows } from '../tenants/index.ts';
import { tenantUsers } from '../users/index.ts';

/**
 * The deletion's steps on other modules' tables, run by their owners inside the step's transaction (with the
 * job's progress, so a step either happened and is recorded or did not): the ports each owner publishes.
 */
export function ownerSteps(trx: Kysely<Database>) {
  return {
    tenants: tenantRows.within(trx),
    users: tenantUsers.within(trx),
    gateways: tenantGateways.within(trx),
  };
}
