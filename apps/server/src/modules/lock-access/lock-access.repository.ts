import { GATEWAY_LOCK_QUEUE_MIN } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type Backoff, backoffDelay } from '../../lib/retry.ts';
import {
  type HeldUsers,
  type KeypadPasscodeChange,
  reconcileLedger,
  recordKeypadChanges,
  removeUnknownCredentials,
  type UnknownCredential,
} from './lock-access-reconcile.ts';

/** A ledger row with what the calls and live messages show of its user, lock and gateway. */
export interface LedgerRow {
  id: string;
  user_id: string;
  user_tenant_id: string;
  first_name: string;
  last_name: string;
  user_deleted: boolean;
  lock_id: string;
  lock_mac: string;
  lock_name: string | null;
  lock_tenant_id: string;
  gateway_mac: string;
  gateway_connected: boolean;
  passcode: string | null;
  card_csn: string | null;
  role: 'USER' | 'ADMIN';
  schedule: Record<string, unknown> | null;
  state: 'pending' | 'sent' | 'confirmed' | 'failed';
  reason: string | null;
  attempts: number;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  instruction_uid: string | null;
  confirmed_at: Date | null;
  revoke_requested_at: Date | null;
  revoke_confirmed_at: Date | null;
  revoke_warned_at: Date | null;
}

/** The columns of a ledger row, as SQL over `a` (lock_user_access), `u`, `l` and `g`. */
const LEDGER_COLUMNS = sql`a.id, a.user_id, u.tenant_id AS user_tenant_id, u.first_name, u.last_name,
  (u.deleted_at IS NOT NULL) AS user_deleted, a.lock_id, l.mac AS lock_mac, l.name AS lock_name,
  l.tenant_id AS lock_tenant_id, l.gateway_mac, coalesce(g.connected, false) AS gateway_connected,
  a.passcode, a.card_csn, a.role, a.schedule, a.state, a.reason, a.attempts, a.last_attempt_at,
  a.next_attempt_at, a.instruction_uid, a.confirmed_at, a.revoke_requested_at, a.revoke_confirmed_at,
  a.revoke_warned_at`;

const LEDGER_FROM = sql`lock_user_access a JOIN lock_users u ON u.id = a.user_id
  JOIN locks l ON l.id = a.lock_id LEFT JOIN gateways g ON g.mac = l.gateway_mac`;

/** What the worker claimed: one row per gateway, its instruction uid recorded before it is sent. */
export interface ClaimedCommand {
  id: string;
  instruction_uid: string;
}

/** A patch of the ledger's state after an answer, a failure or a new request. */
export interface LedgerPatch {
  state: LedgerRow['state'];
  reason: string | null;
  next_attempt_at: Date | null;
  confirmed_at?: Date | null;
  revoke_confirmed_at?: Date | null;
}

/**
 * The delivery ledger's rows (`lock_user_access`, migration 0014) and the per-gateway command slots
 * (`lock_command_slots`, 0015). Reads join `lock_users`, `locks` and `gateways` (the lock-users and locks
 * modules' tables) for names, tenants and whether the gateway is connected, in one consistent read.
 */
export class LockAccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async rows(where: {
    ids?: string[];
    userId?: string;
    lockId?: string;
    uid?: string;
  }): Promise<LedgerRow[]> {
    const conditions = [];
    if (where.ids) {
      if (where.ids.length === 0) return [];
      conditions.push(sql`a.id IN (${sql.join(where.ids)})`);
    }
    if (where.userId) conditions.push(sql`a.user_id = ${where.userId}`);
    if (where.lockId) conditions.push(sql`a.lock_id = ${where.lockId}`);
    if (where.uid) conditions.push(sql`a.instruction_uid = ${where.uid}`);
    const result = await sql<LedgerRow>`SELECT ${LEDGER_COLUMNS} FROM ${LEDGER_FROM}
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY l.name, l.mac, u.first_name, u.last_name, a.id`.execute(this.db);
    return result.rows;
  }

  /** The live user (not deleted) with its customer. */
  findUser(id: string) {
    return this.db
      .selectFrom('lock_users')
      .select(['id', 'tenant_id', 'card_csn', 'first_name', 'last_name'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Locks by id, still behind their gateway (of the same customer). */
  findLocks(ids: string[]) {
    return this.db
      .selectFrom('locks')
      .innerJoin('gateways', (join) =>
        join
          .onRef('gateways.mac', '=', 'locks.gateway_mac')
          .onRef('gateways.tenant_id', '=', 'locks.tenant_id'),
      )
      .select(['locks.id', 'locks.tenant_id', 'locks.mac'])
      .where('locks.id', 'in', ids)
      .where('locks.removed_at', 'is', null)
      .execute();
  }

  /**
   * Gives access: a new row, or the existing one (whatever its state) replaced by the new credential, pending
   * and due now. A credential in flight keeps its slot; its answer no longer settles the row (the uid is cleared).
   */
  async grant(
    userId: string,
    lockIds: string[],
    credential: {
      passcode: string | null;
      card_csn: string | null;
      role: 'USER' | 'ADMIN';
      schedule: unknown;
    },
  ): Promise<string[]> {
    const now = new Date();
    const fresh = {
      passcode: credential.passcode,
      card_csn: credential.card_csn,
      role: credential.role,
      schedule: credential.schedule == null ? null : JSON.stringify(credential.schedule),
      state: 'pending' as const,
      reason: null,
      attempts: 0,
      last_attempt_at: null,
      next_attempt_at: now,
      instruction_uid: null,
      confirmed_at: null,
      revoke_requested_at: null,
      revoke_confirmed_at: null,
      revoke_warned_at: null,
      updated_at: now,
    };
    const rows = await this.db
      .insertInto('lock_user_access')
      .values(lockIds.map((lock_id) => ({ user_id: userId, lock_id, ...fresh })))
      .onConflict((oc) => oc.columns(['user_id', 'lock_id']).doUpdateSet(fresh))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Asks the lock to take the credential off: the row becomes a pending revocation, due now. */
  async requestRevoke(id: string): Promise<void> {
    await this.db
      .updateTable('lock_user_access')
      .set({
        revoke_requested_at: sql`coalesce(revoke_requested_at, now())` as never,
        revoke_confirmed_at: null,
        revoke_warned_at: null,
        state: 'pending',
        reason: null,
        attempts: 0,
        next_attempt_at: new Date(),
        instruction_uid: null,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async deleteRow(id: string): Promise<void> {
    await this.db.deleteFrom('lock_user_access').where('id', '=', id).execute();
  }

  /**
   * The rows due whose gateway is not connected become `failed` GATEWAY_OFFLINE, counted as an attempt, the next
   * one after the back-off (none beyond `maxAttempts`; the gateway's return resumes them anyway).
   */
  async failOffline(now: Date, backoff: Backoff & { maxAttempts: number }) {
    // The wait after n attempts is delays[n] (SQL arrays count from 1), lib/retry's back-off.
    const delays = Array.from({ length: backoff.maxAttempts }, (_, i) => backoffDelay(i + 1, backoff));
    const result = await sql<{ id: string }>`
      WITH due AS (
        SELECT a.id FROM lock_user_access a
          JOIN locks l ON l.id = a.lock_id
          LEFT JOIN gateways g ON g.mac = l.gateway_mac
        WHERE a.next_attempt_at <= ${now} AND a.state IN ('pending', 'failed')
          AND NOT coalesce(g.connected, false)
        ORDER BY a.next_attempt_at LIMIT 500
        FOR UPDATE OF a SKIP LOCKED
      )
      UPDATE lock_user_access a SET state = 'failed', reason = 'GATEWAY_OFFLINE', attempts = a.attempts + 1,
        last_attempt_at = ${now}, updated_at = ${now},
        next_attempt_at = CASE WHEN a.attempts + 1 >= ${backoff.maxAttempts} THEN NULL
          ELSE ${now}::timestamptz + (${sql.val(delays)}::float8[])[a.attempts + 1] * interval '1 millisecond' END
      FROM due WHERE a.id = due.id
      RETURNING a.id`.execute(this.db);
    return result.rows.map((r) => r.id);
  }

  /**
   * Claims the next lock command of every connected gateway that has none in flight, in one statement: due rows
   * are locked (SKIP LOCKED: another instance takes others), the first of each gateway takes the gateway's slot
   * (its key is the gateway: a second instance's insert waits and then does nothing) and one of the gateway's
   * GATEWAY_LOCK_QUEUE_MIN numbered slots shared with lock modes and lock/unlock (`lock_mode_slots`, migration
   * 0027; none free: it waits), and those rows become `sent` with a fresh instruction uid and one more attempt.
   */
  async claim(now: Date, limit: number): Promise<ClaimedCommand[]> {
    const result = await sql<ClaimedCommand>`
      WITH due AS (
        SELECT a.id, a.lock_id, l.gateway_mac, a.next_attempt_at, a.created_at FROM lock_user_access a
          JOIN locks l ON l.id = a.lock_id
          JOIN gateways g ON g.mac = l.gateway_mac AND g.connected
        WHERE a.next_attempt_at <= ${now} AND a.state IN ('pending', 'failed')
          AND NOT EXISTS (SELECT 1 FROM lock_command_slots s WHERE s.gateway_mac = l.gateway_mac)
        ORDER BY a.next_attempt_at, a.created_at LIMIT ${limit * 20}
        FOR UPDATE OF a SKIP LOCKED
      ), first AS (
        SELECT DISTINCT ON (gateway_mac) id, lock_id, gateway_mac FROM due
        ORDER BY gateway_mac, next_attempt_at, created_at
        LIMIT ${limit}
      ), numbered AS (
        SELECT f.id, f.lock_id, f.gateway_mac, 'L' || substr(md5(random()::text || f.id::text), 1, 7) AS uid,
          (SELECT min(s) FROM generate_series(0, ${GATEWAY_LOCK_QUEUE_MIN - 1}::int) s WHERE NOT EXISTS (
            SELECT 1 FROM lock_mode_slots m WHERE m.gateway_mac = f.gateway_mac AND m.slot = s)) AS slot
        FROM first f
      ), queued AS (
        INSERT INTO lock_mode_slots (gateway_mac, slot, lock_id, instruction_uid, kind, claimed_at)
        SELECT gateway_mac, slot, lock_id, uid, 'access', ${now} FROM numbered WHERE slot IS NOT NULL
        ON CONFLICT DO NOTHING
        RETURNING instruction_uid
      ), slots AS (
        INSERT INTO lock_command_slots (gateway_mac, access_id, instruction_uid, claimed_at)
        SELECT n.gateway_mac, n.id, n.uid, ${now} FROM numbered n JOIN queued q ON q.instruction_uid = n.uid
        ON CONFLICT DO NOTHING
        RETURNING access_id, instruction_uid
      )
      UPDATE lock_user_access a SET state = 'sent', reason = NULL, attempts = a.attempts + 1,
        last_attempt_at = ${now}, next_attempt_at = NULL, instruction_uid = slots.instruction_uid, updated_at = ${now}
      FROM slots WHERE a.id = slots.access_id
      RETURNING a.id, a.instruction_uid`.execute(this.db);
    return result.rows;
  }

  /** Frees the gateway's slot held by this instruction; the access row it carried, if any. */
  async releaseSlot(uid: string): Promise<string | undefined> {
    await this.db.deleteFrom('lock_mode_slots').where('instruction_uid', '=', uid).execute();
    const row = await this.db
      .deleteFrom('lock_command_slots')
      .where('instruction_uid', '=', uid)
      .returning('access_id')
      .executeTakeFirst();
    return row?.access_id;
  }

  /**
   * Slots whose instruction is no longer pending (ended while no instance heard it, deleted with the gateway's
   * data, or never created: the instance that claimed it stopped), claimed before `before`: released; answers
   * the instruction uids so their rows are settled as timed out.
   */
  async staleSlots(before: Date): Promise<string[]> {
    const result = await sql<{ instruction_uid: string }>`
      DELETE FROM lock_command_slots s WHERE s.claimed_at < ${before} AND NOT EXISTS (
        SELECT 1 FROM instructions i WHERE i.uid = s.instruction_uid AND i.status = 'PENDING')
      RETURNING s.instruction_uid`.execute(this.db);
    // The gateway's queue slot of a command never sent (or whose ledger slot went to another instance).
    await sql`
      DELETE FROM lock_mode_slots s WHERE s.kind = 'access' AND s.claimed_at < ${before} AND NOT EXISTS (
        SELECT 1 FROM instructions i WHERE i.uid = s.instruction_uid AND i.status = 'PENDING')`.execute(
      this.db,
    );
    return result.rows.map((r) => r.instruction_uid);
  }

  /**
   * Settles the row still `sent` with this instruction (a newer request cleared the uid: nothing changes). When
   * the lock confirmed it, the same statement writes the passcode history (`passcode_changes`): the passcode the
   * lock now holds for the user (none after a removal) against the last one recorded for that user and lock,
   * when they differ: ADDED, CHANGED or REMOVED.
   */
  async settle(uid: string, patch: LedgerPatch, now: Date): Promise<string | undefined> {
    const keep = (column: 'confirmed_at' | 'revoke_confirmed_at') =>
      patch[column] === undefined ? sql.ref(column) : sql`${patch[column]}::timestamptz`;
    const confirming = patch.state === 'confirmed';
    const result = await sql<{ id: string }>`
      WITH s AS (
        UPDATE lock_user_access SET state = ${patch.state}, reason = ${patch.reason},
          next_attempt_at = ${patch.next_attempt_at}::timestamptz,
          confirmed_at = ${keep('confirmed_at')}, revoke_confirmed_at = ${keep('revoke_confirmed_at')},
          updated_at = ${now}::timestamptz
        WHERE instruction_uid = ${uid} AND state = 'sent'
        RETURNING id, user_id, lock_id, passcode, revoke_requested_at
      ), c AS (
        SELECT s.user_id, s.lock_id, l.mac, l.name, l.serial_number,
          (SELECT pc.new_passcode FROM passcode_changes pc WHERE pc.user_id = s.user_id AND pc.lock_id = s.lock_id
            ORDER BY pc.changed_at DESC, pc.id DESC LIMIT 1) AS old_passcode,
          CASE WHEN s.revoke_requested_at IS NULL THEN s.passcode END AS new_passcode
        FROM s JOIN locks l ON l.id = s.lock_id
        WHERE ${confirming}::boolean
      ), ins AS (
        INSERT INTO passcode_changes (user_id, lock_id, lock_mac, lock_name, lock_serial_number, old_passcode,
          new_passcode, passcode_type, changed_at)
        SELECT user_id, lock_id, mac, name, serial_number, old_passcode, new_passcode,
          CASE WHEN new_passcode IS NULL THEN 'REMOVED' WHEN old_passcode IS NULL THEN 'ADDED' ELSE 'CHANGED' END,
          ${now}::timestamptz
        FROM c WHERE old_passcode IS DISTINCT FROM new_passcode
        RETURNING id
      )
      SELECT id FROM s`.execute(this.db);
    return result.rows[0]?.id;
  }

  /** A row back to pending after its instruction could not be published (no attempt counted). */
  async unsend(id: string, uid: string): Promise<void> {
    await this.db
      .updateTable('lock_user_access')
      .set({
        state: 'failed',
        reason: 'GATEWAY_OFFLINE',
        next_attempt_at: new Date(Date.now() + 1000),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('instruction_uid', '=', uid)
      .where('state', '=', 'sent')
      .execute();
    await this.releaseSlot(uid);
  }

  /** A full inventory's users against the ledger (lock-access-reconcile.ts). */
  reconcile(gatewayMac: string, reportedAt: Date, locks: HeldUsers[], now: Date): Promise<string[]> {
    return reconcileLedger(this.db, gatewayMac, reportedAt, locks, now);
  }

  /** Passcodes changed at the locks' keypads (lock-access-reconcile.ts); answers how many were recorded. */
  recordKeypadChanges(
    gatewayMac: string,
    tenantId: string,
    changes: KeypadPasscodeChange[],
  ): Promise<number> {
    return recordKeypadChanges(this.db, gatewayMac, tenantId, changes);
  }

  /** The users the locks hold that the ledger does not know: removal rows (lock-access-reconcile.ts). */
  removeUnknown(
    gatewayMac: string,
    reportedAt: Date,
    locks: HeldUsers[],
    now: Date,
  ): Promise<UnknownCredential[]> {
    return removeUnknownCredentials(this.db, gatewayMac, reportedAt, locks, now);
  }

  /** The gateway is back: what waits for it (pending, or failed with a retry or offline) is due now. */
  async resumeGateway(mac: string, now: Date): Promise<string[]> {
    const result = await sql<{ id: string }>`
      UPDATE lock_user_access a SET next_attempt_at = ${now}, updated_at = ${now}
      FROM locks l
      WHERE l.id = a.lock_id AND l.gateway_mac = ${mac}
        AND (a.state = 'pending' OR (a.state = 'failed'
          AND (a.next_attempt_at IS NOT NULL OR a.reason = 'GATEWAY_OFFLINE')))
      RETURNING a.id`.execute(this.db);
    return result.rows.map((r) => r.id);
  }

  /** Revocations past their deadline not yet warned about: marked warned (once, SKIP LOCKED) and answered. */
  async warnOverdue(requestedBefore: Date, now: Date): Promise<string[]> {
    const result = await sql<{ id: string }>`
      WITH due AS (
        SELECT id FROM lock_user_access
        WHERE revoke_requested_at <= ${requestedBefore} AND revoke_confirmed_at IS NULL
          AND revoke_warned_at IS NULL
        LIMIT 500 FOR UPDATE SKIP LOCKED
      )
      UPDATE lock_user_access a SET revoke_warned_at = ${now} FROM due WHERE a.id = due.id
      RETURNING a.id`.execute(this.db);
    return result.rows.map((r) => r.id);
  }

  /** Gateways' queues: rows waiting (pending, or failed with a retry planned) and the command in flight. */
  async queues(macs: string[]) {
    if (macs.length === 0) return [];
    const result = await sql<{
      gateway_mac: string;
      depth: number;
      access_id: string | null;
      instruction_uid: string | null;
      claimed_at: Date | null;
    }>`
      SELECT m.mac AS gateway_mac,
        (SELECT count(*)::int FROM lock_user_access a JOIN locks l ON l.id = a.lock_id
          WHERE l.gateway_mac = m.mac AND (a.state = 'pending'
            OR (a.state = 'failed' AND a.next_attempt_at IS NOT NULL))) AS depth,
        s.access_id, s.instruction_uid, s.claimed_at
      FROM (SELECT unnest(${sql.val(macs)}::text[]) AS mac) m
      LEFT JOIN lock_command_slots s ON s.gateway_mac = m.mac`.execute(this.db);
    return result.rows;
  }

  /**
   * A lock user deleted (modules/lock-users, in its transaction): its access rows that never reached a lock
   * (pending, failed) go, the others get their revocation asked for the ledger to carry out. Answers the
   * revocations asked.
   */
  async revokeAllOfUser(userId: string): Promise<number> {
    await this.db
      .deleteFrom('lock_user_access')
      .where('user_id', '=', userId)
      .where('state', 'in', ['pending', 'failed'])
      .where('revoke_requested_at', 'is', null)
      .execute();
    const revoking = await this.db
      .updateTable('lock_user_access')
      .set({
        revoke_requested_at: sql`coalesce(revoke_requested_at, now())` as never,
        // The ledger sends the removal now: REMOVE_IOT_USER, one lock a command.
        state: 'pending',
        reason: null,
        attempts: 0,
        next_attempt_at: new Date(),
        instruction_uid: null,
        updated_at: new Date(),
      })
      .where('user_id', '=', userId)
      .where('revoke_confirmed_at', 'is', null)
      .returning('id')
      .execute();
    return revoking.length;
  }

  /** The gateway with its customer (the queue call's reach check). */
  findGateway(mac: string) {
    return this.db
      .selectFrom('gateways')
      .select(['mac', 'tenant_id'])
      .where('mac', '=', mac)
      .executeTakeFirst();
  }
}
