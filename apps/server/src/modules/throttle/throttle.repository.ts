import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class ThrottleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes one attempt on each key in ONE statement, which counts and decides under the row lock, so
   * concurrent requests and other instances cannot overshoot: a key whose window has passed starts again
   * at 1; a key that is paused, or has `max` attempts in its window, is left alone and not returned. The
   * attempt that reaches `max` pauses the key until `lockedUntil`. Returns the keys granted, with their count.
   */
  reserve(keys: string[], now: Date, windowStart: Date, max: number, lockedUntil: Date) {
    const fresh = sql`auth_throttle.window_start <= ${windowStart}::timestamptz`;
    const counted = sql<number>`CASE WHEN ${fresh} THEN 1 ELSE auth_throttle.attempts + 1 END`;
    return (
      this.db
        .insertInto('auth_throttle')
        // Sorted: concurrent statements lock the rows in one order and cannot deadlock.
        .values(
          [...keys].sort().map((key) => ({
            key,
            attempts: 1,
            window_start: now,
            locked_until: max <= 1 ? lockedUntil : null,
          })),
        )
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({
              attempts: counted,
              window_start: sql`CASE WHEN ${fresh} THEN ${now}::timestamptz ELSE auth_throttle.window_start END`,
              locked_until: sql`CASE WHEN ${counted} >= ${max} THEN ${lockedUntil}::timestamptz ELSE NULL END`,
            })
            .where((eb) =>
              eb.and([
                eb.or([
                  eb('auth_throttle.locked_until', 'is', null),
                  eb('auth_throttle.locked_until', '<=', now),
                ]),
                eb.or([
                  eb('auth_throttle.window_start', '<=', windowStart),
                  eb('auth_throttle.attempts', '<', max),
                ]),
              ]),
            ),
        )
        .returning(['key', 'attempts'])
        .execute()
    );
  }

  /** Gives one attempt back on each key (and lifts a pause that attempt had set). */
  release(keys: string[], max: number) {
    return this.db
      .updateTable('auth_throttle')
      .set({
        attempts: sql`GREATEST(attempts - 1, 0)`,
        locked_until: sql`CASE WHEN attempts - 1 < ${max} THEN NULL ELSE locked_until END`,
      })
      .where('key', 'in', keys)
      .execute();
  }

  clear(keys: string[]) {
    return this.db.deleteFrom('auth_throttle').where('key', 'in', keys).execute();
  }

  /** Notes that a guess on `account` failed from `address` (one row per pair, the latest time). */
  recordAddressFailure(address: string, account: string, now: Date) {
    return this.db
      .insertInto('auth_address_failures')
      .values({ address, account, failed_at: now })
      .onConflict((oc) => oc.columns(['address', 'account']).doUpdateSet({ failed_at: now }))
      .execute();
  }

  /**
   * In one statement: when failures from `address` since `since` name at least `bound` distinct accounts,
   * takes the address's next turn (`turnMs` apart, never more than `maxWaitMs` ahead) and returns it;
   * otherwise returns nothing and the guess goes at once.
   */
  async takeTurn(address: string, now: Date, since: Date, bound: number, turnMs: number, maxWaitMs: number) {
    const step = sql`make_interval(secs => ${turnMs / 1000})`;
    const latest = sql`${now}::timestamptz + make_interval(secs => ${maxWaitMs / 1000})`;
    const result = await sql<{ turn: Date }>`
      INSERT INTO auth_address_turns AS t (address, next_turn)
      SELECT ${address}, ${now}::timestamptz + ${step}
      WHERE (
        SELECT count(*) FROM auth_address_failures
        WHERE address = ${address} AND failed_at > ${since}::timestamptz
      ) >= ${bound}
      ON CONFLICT (address) DO UPDATE
        SET next_turn = LEAST(GREATEST(t.next_turn, ${now}::timestamptz), ${latest}) + ${step}
      RETURNING t.next_turn - ${step} AS turn`.execute(this.db);
    return result.rows[0]?.turn;
  }

  /** Rows no window looks at any more (kept small by the retention job). */
  async deleteStale(before: Date) {
    await this.db.deleteFrom('auth_address_failures').where('failed_at', '<', before).execute();
    await this.db.deleteFrom('auth_address_turns').where('next_turn', '<', before).execute();
    await this.db
      .deleteFrom('auth_throttle')
      .where('window_start', '<', before)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
      .execute();
  }
}
