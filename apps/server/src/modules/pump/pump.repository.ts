import type { PumpReading } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
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

  /**
   * Keeps the report when it is newer than the one stored (an older one arriving late, or a repeat, changes
   * nothing); true when it was kept.
   */
  async saveReport(mac: string, reading: PumpReading): Promise<boolean> {
    const result = await this.db
      .updateTable('gateways')
      .set({ pump: JSON.stringify(reading) })
      .where('mac', '=', mac)
      .where((eb) => eb.or([eb('pump', 'is', null), eb(sql<number>`(pump->>'TI')::bigint`, '<', reading.TI)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

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
