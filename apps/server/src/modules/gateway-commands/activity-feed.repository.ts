import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Reads what the activity feed is made of, for one gateway and a time range (epoch ms, inclusive). */
export class ActivityFeedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  events(mac: string, from: number, to: number, limit: number) {
    return this.db
      .selectFrom('gateway_events')
      .select(['ti', 'kind', 'items'])
      .where('mac', '=', mac)
      .where('ti', '>=', from)
      .where('ti', '<=', to)
      .orderBy('ti', 'desc')
      .limit(limit)
      .execute();
  }

  connectionChanges(mac: string, from: number, to: number, limit: number) {
    return this.db
      .selectFrom('gateway_connection_log')
      .select(['ti', 'off'])
      .where('mac', '=', mac)
      .where('ti', '>=', from)
      .where('ti', '<=', to)
      .orderBy('ti', 'desc')
      .limit(limit)
      .execute();
  }

  commands(mac: string, from: number, to: number, limit: number) {
    return this.db
      .selectFrom('gateway_command_log')
      .select(['ti', 'action', 'detail', 'made_by'])
      .where('mac', '=', mac)
      .where('ti', '>=', from)
      .where('ti', '<=', to)
      .orderBy('ti', 'desc')
      .limit(limit)
      .execute();
  }
}
