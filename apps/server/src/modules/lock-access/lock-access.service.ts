import {
  type grantLockAccessBody,
  INSTRUCTION_ERRORS,
  type InstructionType,
  type LockAccessEntry,
  type LockAccessLedger,
  type LockAccessReason,
  type LockCommandQueue,
  live,
  lockAccessMessages,
  lockAccessReason,
  lockInstructionError,
  lockInstructionSuccess,
  lockUserMergedName,
  RETRYABLE_LOCK_ACCESS_REASONS,
} from '@portal/contract';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import type { EventEmitting } from '../../lib/events.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity, Principal } from '../../lib/principal.ts';
import { backoffDelay } from '../../lib/retry.ts';
import type { InstructionsService } from '../instructions/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { LedgerPatch, LedgerRow, LockAccessRepository } from './lock-access.repository.ts';

/** The instructions the ledger sends (docs/mqtt.md 3.6). */
export const LEDGER_INSTRUCTION_TYPES = ['ADD_LOCKDEVICE_USER', 'REMOVE_LOCKDEVICE_USER', 'REMOVE_IOT_USER'];

export interface LockAccessSettings {
  /** First retry after this; doubled every attempt up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a retryable failure stays failed (a gateway's return still resumes GATEWAY_OFFLINE). */
  maxAttempts: number;
  /** A revocation not confirmed within this raises the overdue warning. */
  revokeDeadlineMs: number;
}

export interface LockAccessDependencies {
  repo: LockAccessRepository;
  tenants: Pick<TenantsService, 'subtreeWithin' | 'reachableTenantIds'>;
  instructions: Pick<InstructionsService, 'issue'>;
  live: LivePublisher;
  logger: Logger;
  settings: LockAccessSettings;
  /** Asks the delivery worker to look now, or at `at`. */
  wake: (at?: Date) => void;
  /** Tells credential.delivered / credential.failed to the outbound webhooks (docs/webhooks.md). */
  events?: EventEmitting;
}

/** The back-off after `attempts` attempts (lib/retry's): base * 2^(attempts-1), at most the cap. */
export const backoffMs = (
  attempts: number,
  settings: Pick<LockAccessSettings, 'retryBaseMs' | 'retryMaxMs'>,
) => backoffDelay(attempts, { baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs });

/** Reasons after which the lock certainly does not hold the credential (a revocation just drops the row). */
const NEVER_ON_LOCK: readonly string[] = [
  'LOCK_UNREACHABLE',
  'LOCK_MEMORY_FULL',
  'LOCK_UNKNOWN',
  'LOW_BATTERY',
  'JAMMED',
  'REJECTED',
  'GATEWAY_BUSY',
  'GATEWAY_OFFLINE',
];

const ms = (date: Date | null) => (date ? date.getTime() : null);

/**
 * The delivery ledger (docs/locks.md, "Delivery ledger"): access given and taken away, carried to each lock by
 * one instruction at a time per gateway (LockAccessDelivery claims them), settled by the gateway's answer
 * (instructions.onEnded), retried with back-off, resumed when the gateway is back, revocations watched against
 * their deadline. Every call is tenant-walled: a user, lock or gateway outside reach answers 404.
 */
export class LockAccessService {
  constructor(private readonly deps: LockAccessDependencies) {}

  entry(row: LedgerRow, now = Date.now()): LockAccessEntry {
    const reason = lockAccessReason.safeParse(row.reason);
    return {
      id: row.id,
      userId: row.user_id,
      userName: lockUserMergedName(row.first_name, row.last_name),
      lockId: row.lock_id,
      lockMac: row.lock_mac,
      lockName: row.lock_name,
      gatewayMacId: row.gateway_mac,
      gatewayConnected: row.gateway_connected,
      passcode: row.passcode,
      cardCSN: row.card_csn,
      role: row.role,
      operation: row.revoke_requested_at ? 'revoke' : 'grant',
      state: row.state,
      reason: reason.success ? reason.data : null,
      attempts: row.attempts,
      lastAttemptAt: ms(row.last_attempt_at),
      nextAttemptAt: ms(row.next_attempt_at),
      confirmedAt: ms(row.confirmed_at),
      revokeRequestedAt: ms(row.revoke_requested_at),
      revokeConfirmedAt: ms(row.revoke_confirmed_at),
      revokeOverdue:
        row.revoke_requested_at !== null &&
        row.revoke_confirmed_at === null &&
        (row.revoke_warned_at !== null ||
          row.revoke_requested_at.getTime() + this.deps.settings.revokeDeadlineMs <= now),
    };
  }

  private async reachable(principal: Principal): Promise<Set<string> | null> {
    return this.deps.tenants.reachableTenantIds(principal);
  }

  /** The lock user, when it exists in a tenant of `reachable` (the principal's reach); otherwise a 404. */
  private async reachableUser(id: string, reachable: Set<string> | null) {
    const user = isUuid(id) ? await this.deps.repo.findUser(id) : undefined;
    if (!user || (reachable && !reachable.has(user.tenant_id))) throw notFound('Lock user');
    return user;
  }

  /** Gives the user access to the locks; the rows go pending and the worker sends them. */
  async grant(principal: Principal, body: z.output<typeof grantLockAccessBody>): Promise<LockAccessLedger> {
    const reachable = await this.reachable(principal);
    const user = await this.reachableUser(body.userId, reachable);
    const lockIds = [...new Set(body.lockIds)];
    const locks = await this.deps.repo.findLocks(lockIds);
    // The user's customer and the caller must both reach every lock (a parent's user on a sub-customer's lock).
    const userSubtree = new Set(await this.deps.tenants.subtreeWithin(principal, user.tenant_id));
    if (locks.length !== lockIds.length || locks.some((lock) => !userSubtree.has(lock.tenant_id))) {
      throw notFound('Lock');
    }
    if (body.card && !user.card_csn) throw new AppError('VALIDATION_ERROR', lockAccessMessages.noCard);
    const ids = await this.deps.repo.grant(user.id, lockIds, {
      passcode: body.passcode ?? null,
      card_csn: body.card ? user.card_csn : null,
      role: body.role,
      schedule: body.schedule ?? null,
    });
    await this.announce(ids);
    this.deps.wake();
    return this.ledgerOf({ userId: user.id }, reachable);
  }

  /**
   * Takes a user's access to a lock away: a credential the lock may hold is revoked through the ledger
   * (`revoking`); one that never reached it is dropped (`removed`).
   */
  async revoke(principal: Principal, userId: string, lockId: string) {
    const reachable = await this.reachable(principal);
    const user = await this.reachableUser(userId, reachable);
    const [row] = isUuid(lockId) ? await this.deps.repo.rows({ userId: user.id, lockId }) : [];
    if (!row || row.revoke_confirmed_at || (reachable && !reachable.has(row.lock_tenant_id))) {
      throw notFound('Lock access');
    }
    const neverThere =
      row.confirmed_at === null &&
      row.revoke_requested_at === null &&
      ((row.state === 'pending' && row.attempts === 0) ||
        (row.state === 'failed' && NEVER_ON_LOCK.includes(row.reason ?? '')));
    if (neverThere) {
      await this.deps.repo.deleteRow(row.id);
      this.publishLock(row, { state: 'failed', revoking: false, removed: true });
      return { outcome: 'removed' as const };
    }
    await this.deps.repo.requestRevoke(row.id);
    await this.announce([row.id]);
    this.deps.wake();
    return { outcome: 'revoking' as const };
  }

  async userLedger(principal: Principal, userId: string): Promise<LockAccessLedger> {
    const reachable = await this.reachable(principal);
    await this.reachableUser(userId, reachable);
    return this.ledgerOf({ userId }, reachable);
  }

  async lockLedger(principal: Principal, lockId: string): Promise<LockAccessLedger> {
    const reachable = await this.reachable(principal);
    const [lock] = isUuid(lockId) ? await this.deps.repo.findLocks([lockId]) : [];
    if (!lock || (reachable && !reachable.has(lock.tenant_id))) throw notFound('Lock');
    return this.ledgerOf({ lockId }, reachable);
  }

  async queue(principal: Principal, mac: string): Promise<LockCommandQueue> {
    const gateway = await this.deps.repo.findGateway(mac);
    const reachable = await this.reachable(principal);
    if (!gateway || (reachable && !reachable.has(gateway.tenant_id))) throw notFound('Gateway');
    const [queue] = await this.queues([mac]);
    return queue!;
  }

  /** Rows shown to the caller: revocations confirmed are history, users and locks outside reach are not shown. */
  private async ledgerOf(where: { userId?: string; lockId?: string }, reachable: Set<string> | null) {
    const now = Date.now();
    const rows = (await this.deps.repo.rows(where)).filter(
      (row) =>
        !row.revoke_confirmed_at &&
        (!reachable || (reachable.has(row.user_tenant_id) && reachable.has(row.lock_tenant_id))),
    );
    const macs = [...new Set(rows.map((row) => row.gateway_mac))];
    return { access: rows.map((row) => this.entry(row, now)), queues: await this.queues(macs) };
  }

  private async queues(macs: string[]): Promise<LockCommandQueue[]> {
    return (await this.deps.repo.queues(macs)).map((q) => ({
      gatewayMacId: q.gateway_mac,
      depth: q.depth,
      inFlight:
        q.access_id && q.instruction_uid && q.claimed_at
          ? { accessId: q.access_id, instructionUid: q.instruction_uid, since: q.claimed_at.getTime() }
          : null,
    }));
  }

  /** Sends one claimed row's instruction (its uid already recorded, so the answer finds it). */
  async send(id: string, uid: string): Promise<void> {
    const [row] = await this.deps.repo.rows({ ids: [id] });
    if (!row || row.instruction_uid !== uid) {
      await this.deps.repo.releaseSlot(uid);
      return;
    }
    const { type, value } = this.instructionOf(row);
    try {
      await this.deps.instructions.issue({ mac: row.gateway_mac, app_version: null }, type, value, {
        createdBy: null,
        uid,
        payload: {
          name: `${lockUserMergedName(row.first_name, row.last_name)} on ${row.lock_name ?? row.lock_mac}`,
          time: Date.now(),
        },
      });
    } catch (error) {
      this.deps.logger.warn({ err: error, uid, accessId: id }, 'lock access instruction not sent');
      await this.deps.repo.unsend(id, uid);
      this.deps.wake(new Date(Date.now() + 1000));
    }
    await this.announce([id]);
  }

  private instructionOf(row: LedgerRow): { type: InstructionType; value: unknown } {
    if (row.revoke_requested_at && row.user_deleted) {
      return { type: 'REMOVE_IOT_USER', value: { userId: row.user_id, lockMacs: [row.lock_mac] } };
    }
    if (row.revoke_requested_at) {
      return { type: 'REMOVE_LOCKDEVICE_USER', value: { lockMac: row.lock_mac, userId: row.user_id } };
    }
    return {
      type: 'ADD_LOCKDEVICE_USER',
      value: {
        lockMac: row.lock_mac,
        userId: row.user_id,
        role: row.role,
        ...(row.passcode ? { passcode: row.passcode } : {}),
        ...(row.card_csn ? { cardCSN: row.card_csn } : {}),
        ...(row.schedule ? { schedule: row.schedule } : {}),
      },
    };
  }

  /** A ledger instruction ended (answered, failed, timed out, aborted): the slot is freed and the row settled. */
  async instructionEnded(ended: {
    uid: string;
    type: string;
    status: string;
    value: unknown;
  }): Promise<void> {
    if (!LEDGER_INSTRUCTION_TYPES.includes(ended.type)) return;
    const released = await this.deps.repo.releaseSlot(ended.uid);
    const [row] = await this.deps.repo.rows({ uid: ended.uid });
    if (row?.state !== 'sent') {
      if (released) this.deps.wake();
      return;
    }
    const now = new Date();
    const patch = this.outcome(row, ended, now);
    const settled = await this.deps.repo.settle(ended.uid, patch, now);
    if (settled) await this.announce([settled]);
    if (settled && (patch.state === 'confirmed' || !patch.next_attempt_at))
      await this.tellNotable(row, patch, now);
    if (patch.next_attempt_at) this.deps.wake(patch.next_attempt_at);
    this.deps.wake();
  }

  /** A credential on the lock (or off it, for a revocation), or failed for good: `notable`, without the credential. */
  private async tellNotable(row: LedgerRow, patch: LedgerPatch, now: Date): Promise<void> {
    await this.deps.events?.emit('notable', {
      tenantId: row.lock_tenant_id,
      type: patch.state === 'confirmed' ? 'credential.delivered' : 'credential.failed',
      occurredAt: now.getTime(),
      data: {
        accessId: row.id,
        operation: row.revoke_requested_at ? 'revoke' : 'grant',
        lockUserId: row.user_id,
        lockUserName: lockUserMergedName(row.first_name, row.last_name),
        lockId: row.lock_id,
        lockMac: row.lock_mac,
        lockName: row.lock_name,
        gatewayMac: row.gateway_mac,
        reason: patch.state === 'confirmed' ? null : patch.reason,
      },
    });
  }

  /** Slots whose instruction ended unheard (or was never created): their rows fail TIMED_OUT, retried. */
  async settleStale(uids: string[]): Promise<void> {
    for (const uid of uids) {
      await this.instructionEnded({
        uid,
        type: 'ADD_LOCKDEVICE_USER',
        status: 'FAILED',
        value: INSTRUCTION_ERRORS.timedOut,
      }).catch((error) => this.deps.logger.warn({ err: error, uid }, 'stale lock command not settled'));
    }
  }

  private outcome(
    row: LedgerRow,
    ended: { type: string; status: string; value: unknown },
    now: Date,
  ): LedgerPatch {
    if (ended.status === 'ABORTED') return this.failed(row, 'ABORTED', now);
    if (ended.status === 'SUCCESS') {
      if (this.answerMatches(row, ended.type, ended.value)) return this.confirmed(row, now);
      this.deps.logger.warn(
        { accessId: row.id, type: ended.type, value: ended.value },
        'lock access answer does not name the credential it was sent for',
      );
      return this.failed(row, 'REJECTED', now);
    }
    if (ended.value === INSTRUCTION_ERRORS.timedOut) return this.failed(row, 'TIMED_OUT', now);
    if (ended.value === INSTRUCTION_ERRORS.gatewayRebooted) return this.failed(row, 'GATEWAY_REBOOTED', now);
    const error = lockInstructionError.safeParse(ended.value);
    if (!error.success) return this.failed(row, 'REJECTED', now);
    if (ended.type === 'REMOVE_IOT_USER') {
      if (error.data.removed?.includes(row.lock_mac)) return this.confirmed(row, now);
      const failed = error.data.failed?.find((f) => f.lockMac === row.lock_mac);
      return this.failed(row, failed?.reason ?? error.data.reason, now);
    }
    return this.failed(row, error.data.reason, now);
  }

  private answerMatches(row: LedgerRow, type: string, value: unknown): boolean {
    if (type === 'ADD_LOCKDEVICE_USER' || type === 'REMOVE_LOCKDEVICE_USER') {
      const answer = lockInstructionSuccess[type].safeParse(value);
      return answer.success && answer.data.lockMac === row.lock_mac && answer.data.userId === row.user_id;
    }
    const answer = lockInstructionSuccess.REMOVE_IOT_USER.safeParse(value);
    return answer.success && answer.data.userId === row.user_id && answer.data.removed.includes(row.lock_mac);
  }

  private confirmed(row: LedgerRow, now: Date): LedgerPatch {
    return row.revoke_requested_at
      ? { state: 'confirmed', reason: null, next_attempt_at: null, revoke_confirmed_at: now }
      : { state: 'confirmed', reason: null, next_attempt_at: null, confirmed_at: now };
  }

  private failed(row: LedgerRow, reason: LockAccessReason, now: Date): LedgerPatch {
    const { settings } = this.deps;
    const retry = RETRYABLE_LOCK_ACCESS_REASONS.includes(reason) && row.attempts < settings.maxAttempts;
    return {
      state: 'failed',
      reason,
      next_attempt_at: retry ? new Date(now.getTime() + backoffMs(row.attempts, settings)) : null,
    };
  }

  /** The gateway is back: its waiting rows are due now (after the command it still holds, if any). */
  async gatewayOnline(device: DeviceIdentity): Promise<void> {
    const ids = await this.deps.repo.resumeGateway(device.mac, new Date());
    if (ids.length > 0) {
      await this.announce(ids);
      this.deps.wake();
    }
  }

  /** Tells browsers where these rows are: userMapping on the lock's channel, the row on the user's. */
  async announce(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const now = Date.now();
    for (const row of await this.deps.repo.rows({ ids })) {
      const entry = this.entry(row, now);
      this.publishLock(row, { state: row.state, revoking: entry.operation === 'revoke', entry });
      this.deps.live.publish(live.lockUsers(row.user_tenant_id), { type: 'access', access: entry });
    }
  }

  private publishLock(
    row: LedgerRow,
    change: { state: LedgerRow['state']; revoking: boolean; entry?: LockAccessEntry; removed?: boolean },
  ): void {
    this.deps.live.publish(live.locks(row.lock_tenant_id), {
      type: 'userMapping',
      macId: row.lock_mac,
      userId: row.user_id,
      gatewayMacId: row.gateway_mac,
      state: change.state,
      revoking: change.revoking,
      reason: change.removed ? null : (change.entry?.reason ?? null),
      revokeOverdue: change.entry?.revokeOverdue ?? false,
      ...(change.removed ? { removed: true } : {}),
    });
  }
}
