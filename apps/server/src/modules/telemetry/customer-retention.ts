import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Gateways per statement, and rows per delete, as the portal-wide retention takes them. */
const MACS_PER_STEP = 100;
const ROWS_PER_DELETE = 50_000;

/**
 * Deletes the raw samples older than `before` (ms) of the gateways of these tenants (a customer's stored-days
 * quota, docs/quotas.md), a bounded number of rows per statement. It names only the telemetry table and its
 * `mac` and `ti` columns, so it works on a plain table and on one partitioned by time alike. Rollups stay:
 * long charts keep their figures, as with the portal-wide retention. Answers the rows deleted.
 */
export async function deleteCustomerSamplesBefore(
  db: Kysely<Database>,
  tenantIds: readonly string[],
  before: number,
): Promise<number> {
  if (tenantIds.length === 0) return 0;
  const gateways = await db
    .selectFrom('gateways')
    .select('mac')
    .where('tenant_id', 'in', [...tenantIds])
    .execute();
  const macs = gateways.map((g) => g.mac);
  let total = 0;
  for (let i = 0; i < macs.length; i += MACS_PER_STEP) {
    const part = macs.slice(i, i + MACS_PER_STEP);
    for (;;) {
      const result = await sql`
        delete from telemetry where (mac, ti) in (
          select mac, ti from telemetry where mac = any(${part}::text[]) and ti < ${before}
          limit ${ROWS_PER_DELETE})`.execute(db);
      const deleted = Number(result.numAffectedRows ?? 0);
      total += deleted;
      if (deleted < ROWS_PER_DELETE) break;
    }
  }
  return total;
}
