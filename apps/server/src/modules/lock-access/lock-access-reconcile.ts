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

/** A passcode changed at a lock's keypad (docs/mqtt.md 2.7 PASSCODE_CHANGED) for a user id, as a gateway sent it. */
export interface KeypadPasscodeChange {
  lockMac: string;
  eventId: string;
  userId: string;
  passcode: string;
  /** The lock's time of the change (epoch ms). */
  TI: number;
}

/**
 * Keypad changes the gateway reported: for a user the ledger gave that lock (an access row, not a removal), one
 * passcode_changes row per lock history entry (`CHANGED_AT_LOCK`, the last recorded passcode as the old one; the
 * unique (lock, entry) index makes a repeat or a second gateway's copy count once) and the access row's passcode set
 * to what the lock holds now, in one statement. A user the ledger did not give that lock, or a lock of another
 * customer's gateway, writes nothing. Answers the changes recorded.
 */
export async function recordKeypadChanges(
  db: Kysely<Database>,
  gatewayMac: string,
  tenantId: string,
  changes: KeypadPasscodeChange[],
): Promise<number> {
  if (changes.length === 0) return 0;
  const result = await sql<{ id: string }>`
    WITH changed AS (
      SELECT c.mac, c.event_id, c.user_id, c.passcode, c.ti
      FROM unnest(${sql.val(changes.map((c) => c.lockMac))}::text[], ${sql.val(changes.map((c) => c.eventId))}::text[],
        ${sql.val(changes.map((c) => c.userId))}::text[], ${sql.val(changes.map((c) => c.passcode))}::text[],
        ${sql.val(changes.map((c) => c.TI))}::float8[]) AS c(mac, event_id, user_id, passcode, ti)
    ), ins AS (
      INSERT INTO passcode_changes (user_id, lock_id, lock_mac, lock_name, lock_serial_number, old_passcode,
        new_passcode, passcode_type, changed_at, lock_event_id)
      SELECT a.user_id, l.id, l.mac, l.name, l.serial_number,
        coalesce((SELECT p.new_passcode FROM passcode_changes p WHERE p.user_id = a.user_id AND p.lock_mac = l.mac
          ORDER BY p.changed_at DESC LIMIT 1), a.passcode),
        c.passcode, 'CHANGED_AT_LOCK', to_timestamp(c.ti / 1000.0), c.event_id
      FROM changed c
      JOIN locks l ON l.gateway_mac = ${gatewayMac} AND l.mac = c.mac AND l.tenant_id = ${tenantId}
      JOIN lock_user_access a ON a.lock_id = l.id AND a.user_id::text = c.user_id AND a.revoke_requested_at IS NULL
      ON CONFLICT (lock_mac, lock_event_id) WHERE lock_event_id IS NOT NULL DO NOTHING
      RETURNING id, user_id, lock_id, new_passcode
    ), upd AS (
      UPDATE lock_user_access a SET passcode = ins.new_passcode
      FROM ins WHERE a.user_id = ins.user_id AND a.lock_id = ins.lock_id
      RETURNING a.id
    )
    SELECT ins.id FROM ins`.execute(db);
  return result.rows.length;
}
