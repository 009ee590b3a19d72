import type { Kysely } from 'kysely';
import type { Database, TelemetryRow } from '../../db/schema.ts';

export class TelemetryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A sample already stored (a QoS 1 redelivery) is skipped: (mac, ti) is the key. */
  async insertSamples(rows: TelemetryRow[]): Promise<void> {
    // Several messages of one batch may carry the same key; keep the first so ON CONFLICT sees each once.
    const unique = [...new Map(rows.map((r) => [`${r.mac}|${r.ti}`, r])).values()];
    await this.db
      .insertInto('telemetry')
      .values(unique)
      .onConflict((oc) => oc.columns(['mac', 'ti']).doNothing())
      .execute();
  }

  async insertEvents(mac: string, ti: number, kind: 'SE' | 'SA', items: unknown[]): Promise<void> {
    await this.db
      .insertInto('gateway_events')
      .values({ mac, ti, kind, items: JSON.stringify(items) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The newest sample of each gateway. */
  latestSamples(macs: string[]) {
    if (macs.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('telemetry')
      .selectAll()
      .distinctOn('mac')
      .where('mac', 'in', macs)
      .orderBy('mac')
      .orderBy('ti', 'desc')
      .execute();
  }

  countSamples(mac: string) {
    return this.db
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mac', '=', mac)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }
}
