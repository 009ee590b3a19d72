import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { TelemetryRepository } from './telemetry.repository.ts';

/** A gateway's stored telemetry, inside the caller's transaction (the un-registration's). */
export const gatewayTelemetry = {
  within: (trx: Kysely<Database>): Pick<TelemetryRepository, 'deleteOfGateway'> =>
    new TelemetryRepository(trx),
};
