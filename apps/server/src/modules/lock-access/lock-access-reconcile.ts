import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The users a lock holds, as a gateway's full inventory reported them (docs/mqtt.md 2.6 `users`). */
export interface HeldUsers {
  mac: string;
  users: string[];
}

/**
 * A full inventory said which users each lock holds (at `reportedAt`): a grant confirmed before then whose user
 * the lock does not hold, or a removal confirmed before then whose user it still holds, is due again (pending,
 * attempts 0), in one statement. Rows in flight or failed are the worker's already. Answers the rows.
 */
export async function reconcileLedger(
  db: Kysely<Database>,
  gatewayMac: string,
  reportedAt: Date,
  locks: HeldUsers[],
  now: Date,
): Promise<string[]> {
  const macs = locks.map((l) => l.mac);
  const pairMacs = locks.flatMap((l) => l.users.map(() => l.mac));
  const pairUsers = locks.flatMap((l) => l.users);
  const result = await sql<{ id: string }>`
    WITH held AS (
      SELECT h.mac, h.user_id FROM unnest(${sql.val(pairMacs)}::text[], ${sql.val(pairUsers)}::text[]) AS h(mac, user_id)
    )
    UPDATE lock_user_access a SET state = 'pending', reason = NULL, attempts = 0, next_attempt_at = ${now},
      instruction_uid = NULL, confirmed_at = CASE WHEN a.revoke_requested_at IS NULL THEN NULL ELSE a.confirmed_at END,
      revoke_confirmed_at = NULL, revoke_warned_at = NULL, updated_at = ${now}
    FROM locks l
    WHERE l.id = a.lock_id AND l.gateway_mac = ${gatewayMac} AND l.removed_at IS NULL
      AND l.mac = ANY(${sql.val(macs)}::text[]) AND a.state = 'confirmed'
      AND CASE WHEN a.revoke_requested_at IS NULL
        THEN a.confirmed_at < ${reportedAt}
          AND NOT EXISTS (SELECT 1 FROM held h WHERE h.mac = l.mac AND h.user_id = a.user_id::text)
        ELSE a.revoke_confirmed_at < ${reportedAt}
          AND EXISTS (SELECT 1 FROM held h WHERE h.mac = l.mac AND h.user_id = a.user_id::text)
      END
    RETURNING a.id`.execute(db);
  return result.rows.map((r) => r.id);
}
