import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class ThrottleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  lockedUntil(keys: string[], now: Date) {
    return this.db
      .selectFrom('auth_throttle')
      .select(['key', 'locked_until'])
      .where('key', 'in', keys)
      .where('locked_until', '>', now)
      .execute();
  }

  /**
   * Counts one failure per key in one statement: a window older than `windowStart` starts again at 1;
   * reaching `maxFailures` sets locked_until.
   */
  recordFailures(keys: string[], now: Date, windowStart: Date, maxFailures: number, lockedUntil: Date) {
    return this.db
      .insertInto('auth_throttle')
      .values(keys.map((key) => ({ key, failures: 1, window_start: now, locked_until: null })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql`CASE WHEN auth_throttle.window_start < ${windowStart} THEN 1 ELSE auth_throttle.failures + 1 END`,
          window_start: sql`CASE WHEN auth_throttle.window_start < ${windowStart} THEN ${now} ELSE auth_throttle.window_start END`,
          locked_until: sql`CASE WHEN auth_throttle.window_start >= ${windowStart} AND auth_throttle.failures + 1 >= ${maxFailures} THEN ${lockedUntil}::timestamptz ELSE auth_throttle.locked_until END`,
        }),
      )
      .execute();
  }

  clear(keys: string[]) {
    return this.db.deleteFrom('auth_throttle').where('key', 'in', keys).execute();
  }
}
