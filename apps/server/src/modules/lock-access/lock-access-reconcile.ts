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

/** A user a lock holds that the ledger had no row for, and the removal row made for it (null: none possible). */
export interface UnknownCredential {
  lockMac: string;
  userId: string;
  /** The lock user's name, when the id is one of the portal's lock users. */
  userName: string | null;
  accessId: string | null;
}

/**
 * The users the locks hold that the ledger has no row for (given by another portal, kept after a user's row was
 * deleted, put there at the gateway): an operator expects a lock to hold exactly what the portal granted, so each
 * that is a lock user of the portal gets a removal row (pending, due now, `confirmed_at` the report's time: the
 * lock held it then), which the worker sends like any removal, in one statement. An id that is no lock user
 * cannot have a ledger row and is only answered (accessId null). A row written meanwhile by a grant wins (ON
 * CONFLICT DO NOTHING): that pair is left out of the answer.
 */
export async function removeUnknownCredentials(
  db: Kysely<Database>,
  gatewayMac: string,
  reportedAt: Date,
  locks: HeldUsers[],
  now: Date,
): Promise<UnknownCredential[]> {
  const pairMacs = locks.flatMap((l) => l.users.map(() => l.mac));
  const pairUsers = locks.flatMap((l) => l.users);
  if (pairUsers.length === 0) return [];
  const result = await sql<{
    mac: string;
    user_id: string;
    known_user: string | null;
    first_name: string | null;
    last_name: string | null;
    access_id: string | null;
  }>`
    WITH held AS (
      SELECT DISTINCT h.mac, h.user_id FROM unnest(${sql.val(pairMacs)}::text[], ${sql.val(pairUsers)}::text[]) AS h(mac, user_id)
    ), unknown AS (
      SELECT l.id AS lock_id, l.mac, h.user_id, u.id AS known_user, u.first_name, u.last_name
      FROM held h
      JOIN locks l ON l.gateway_mac = ${gatewayMac} AND l.mac = h.mac AND l.removed_at IS NULL
      LEFT JOIN lock_users u ON u.id::text = h.user_id
      WHERE NOT EXISTS (SELECT 1 FROM lock_user_access a WHERE a.lock_id = l.id AND a.user_id::text = h.user_id)
    ), ins AS (
      INSERT INTO lock_user_access (user_id, lock_id, state, attempts, next_attempt_at, confirmed_at,
        revoke_requested_at, created_at, updated_at)
      SELECT known_user, lock_id, 'pending', 0, ${now}, ${reportedAt}, ${now}, ${now}, ${now}
      FROM unknown WHERE known_user IS NOT NULL
      ON CONFLICT (user_id, lock_id) DO NOTHING
      RETURNING id, user_id, lock_id
    )
    SELECT k.mac, k.user_id, k.known_user, k.first_name, k.last_name, ins.id AS access_id
    FROM unknown k LEFT JOIN ins ON ins.user_id = k.known_user AND ins.lock_id = k.lock_id
    ORDER BY k.mac, k.user_id`.execute(db);
  return result.rows
    .filter((r) => r.known_user === null || r.access_id !== null)
    .map((r) => ({
      lockMac: r.mac,
      userId: r.user_id,
      userName: r.known_user ? `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || null : null,
      accessId: r.access_id,
    }));
}
