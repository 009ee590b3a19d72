import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Reads the events (SE) and alerts (SA) gateways reported (written by TelemetryRepository.insertEvents). */
export class GatewayEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The newest `limit` messages of one kind in a range, newest first; each holds one or more items. */
  async inRange(mac: string, kind: 'SE' | 'SA', fromTime: number, toTime: number, limit: number) {
    const rows = await this.db
      .selectFrom('gateway_events')
      .select(['ti', 'items'])
      .where('mac', '=', mac)
      .where('kind', '=', kind)
      .where('ti', '>=', fromTime)
      .where('ti', '<=', toTime)
      .orderBy('ti', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ti: Number(row.ti), items: parseItems(row.items) }));
  }
}

/** jsonb comes back parsed from PostgreSQL and PGlite; a text column would not. */
function parseItems(items: unknown): unknown[] {
  const value = typeof items === 'string' ? JSON.parse(items) : items;
  return Array.isArray(value) ? value : [];
}
