import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A gateway with a pump, as the pump screen lists it. */
export interface PumpGatewayRow {
  mac: string;
  name: string;
  tenant_id: string;
  connected: boolean;
  pump: Record<string, unknown> | null;
}

export class PumpRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The gateways of these tenants that reported a pump, by name. */
  pumpGateways(tenantIds: string[], limit: number): Promise<PumpGatewayRow[]> {
    if (tenantIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('gateways')
      .select(['mac', 'name', 'tenant_id', 'connected', 'pump'])
      .where('tenant_id', 'in', tenantIds)
      .where('pump', 'is not', null)
      .orderBy('name')
      .orderBy('mac')
      .limit(limit)
      .execute();
  }
}
