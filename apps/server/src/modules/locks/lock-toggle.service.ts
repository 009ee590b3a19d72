import {
  type CreateInstructionBody,
  type CreateInstructionResult,
  LOCK_HISTORY_MAX_ENTRIES,
  type LockEvent,
  type LockHistory,
  type LockHistoryEntry,
  type LockResultMessage,
  type LocksLiveMessage,
  live,
  lockCommandMessages,
  lockInstructionError,
  lockInstructionSuccess,
  lockUnlockEntryMessage,
  lockUnlockInstruction,
  unknownLockUserEntryMessage,
} from '@portal/contract';
import type { Logger } from 'pino';
import { AppError, notFound } from '../../lib/errors.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import { type InstructionsService, newInstructionUid } from '../instructions/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { HistoryRow, LockHistoryRepository, ToggleLockRow } from './lock-history.repository.ts';
import type { LockModeQueue } from './lock-mode-queue.ts';

export interface LockToggleDependencies {
  repo: LockHistoryRepository;
  tenants: Pick<TenantsService, 'subtreeWithin' | 'reachableTenantIds'>;
  live: LivePublisher;
  instructions: Pick<InstructionsService, 'issue'>;
  /** The gateway's lock command slots (lock-mode-queue.ts), shared by every lock command. */
  slots: Pick<LockModeQueue, 'claimSlot' | 'release'>;
  logger: Logger;
}

/** A lock's own history entry as browsers get it live (the name of the user is the history call's). */
export function lockEventEntry(gatewayMac: string, e: LockEvent): LockHistoryEntry {
  return {
    id: e.id,
    macId: e.MAC,
    gatewayMacId: gatewayMac,
    TI: e.TI,
    kind: e.kind,
    method: e.method ?? null,
    userId: e.userId ?? null,
    userName: null,
    cardCSN: e.cardCSN ?? null,
    passcodeSlot: e.passcodeSlot ?? null,
    reason: e.reason ?? null,
    alarm: e.alarm ?? null,
    batteryLevel: e.batteryLevel ?? null,
    message: null,
  };
}

function historyEntry(row: HistoryRow): LockHistoryEntry {
  return {
    id: row.event_id,
    macId: row.lock_mac,
    gatewayMacId: row.gateway_mac,
    TI: Number(row.ti),
    kind: row.kind as LockHistoryEntry['kind'],
    method: row.method as LockHistoryEntry['method'],
    userId: row.user_id,
    userName: row.user_name,
    cardCSN: row.card_csn,
    passcodeSlot: row.passcode_slot,
    reason: row.reason as LockHistoryEntry['reason'],
    alarm: row.alarm as LockHistoryEntry['alarm'],
    batteryLevel: row.battery_level,
    message: row.message,
  };
}

/**
 * Lock and unlock from the portal, and the locks' history (docs/locks.md "Lock and unlock"): the toggle's
 * LOCK_DEVICE_LOCK_UNLOCK goes to the lock's gateway through the instructions module (waiting for an offline
 * gateway like every lock instruction), its '... Unlock Initiated' / '... Lock Initiated' entry is kept in
 * lock_events (kind PORTAL), and its end is told on live.lockResults of the lock's customer.
 */
export class LockToggleService {
  constructor(private readonly deps: LockToggleDependencies) {}

  private async tenantIds(principal: Principal, scopeId?: string): Promise<string[] | null> {
    if (scopeId) return this.deps.tenants.subtreeWithin(principal, scopeId);
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    return reachable && [...reachable];
  }

  /**
   * PUT /api/generic/create-instruction of type LOCK_DEVICE_LOCK_UNLOCK (`lock-unlock`): `macId` the lock,
   * `gatewayMacId` its gateway, `locked` what to do. A lock outside reach (or not behind that gateway): 404,
   * nothing sent.
   */
  async create(principal: Principal, body: CreateInstructionBody): Promise<CreateInstructionResult> {
    if (body.locked === undefined) {
      throw new AppError('VALIDATION_ERROR', 'locked is required for a lock-unlock instruction', {
        field: 'locked',
      });
    }
    const tenantIds = await this.tenantIds(principal, body.scopeId);
    const lock =
      (await this.deps.repo.findLock(body.macId, body.gatewayMacId, tenantIds)) ??
      (await this.unreportedLock(body.macId, body.gatewayMacId, tenantIds));
    if (!lock) throw notFound('Lock');
    const name = lock.name ?? lock.mac;
    // The lock records who asked as its entry's userId (docs/mqtt.md 3.6): the history names the portal user.
    const value = { lockMac: lock.mac, locked: body.locked, userId: principal.userId };
    // One of the gateway's GATEWAY_LOCK_QUEUE_MIN slots first (shared with lock modes and the ledger): a full
    // queue is refused here, so the gateway never answers GATEWAY_BUSY.
    const uid = newInstructionUid();
    if (!(await this.deps.slots.claimSlot(lock.gateway_mac, lock.id || null, uid))) {
      throw new AppError('CONFLICT', lockCommandMessages.queueFull);
    }
    let issued: Awaited<ReturnType<typeof this.deps.instructions.issue>>;
    try {
      issued = await this.deps.instructions.issue(
        { mac: lock.gateway_mac, app_version: lock.app_version },
        'LOCK_DEVICE_LOCK_UNLOCK',
        value,
        {
          createdBy: principal.userId,
          uid,
          payload: { name: body.name ?? name, time: body.time ?? Date.now(), ...value },
        },
      );
    } catch (error) {
      await this.deps.slots.release(uid);
      throw error;
    }
    const { row } = issued;
    const entry: LockHistoryEntry = {
      id: `portal-${row.uid}`,
      macId: lock.mac,
      gatewayMacId: lock.gateway_mac,
      TI: Date.now(),
      kind: 'PORTAL',
      method: 'remote',
      userId: principal.userId,
      userName: await this.deps.repo.portalUserName(principal.userId),
      cardCSN: null,
      passcodeSlot: null,
      reason: null,
      alarm: null,
      batteryLevel: null,
      message: lockUnlockEntryMessage(name, body.locked),
    };
    await this.deps.repo.insertPortalEntry({
      lockMac: lock.mac,
      gatewayMac: lock.gateway_mac,
      id: entry.id,
      ti: entry.TI,
      message: entry.message!,
      userId: principal.userId,
    });
    this.publishLocks(lock.tenant_id, { type: 'history', macId: lock.mac, entries: [entry] });
    return { instructionId: row.id, uid: row.uid, status: row.status };
  }

  /**
   * A lock the named gateway has not reported (yet): the gateway within reach carries the instruction (it
   * answers LOCK_UNKNOWN for a lock it does not manage); no gateway named or none within reach: undefined.
   */
  private async unreportedLock(
    lockMac: string,
    gatewayMac: string | undefined,
    tenantIds: string[] | null,
  ): Promise<ToggleLockRow | undefined> {
    const gateway = gatewayMac ? await this.deps.repo.findGateway(gatewayMac, tenantIds) : undefined;
    return gateway && { ...gateway, id: '', mac: lockMac, name: null };
  }

  /** A LOCK_DEVICE_LOCK_UNLOCK ended (answered, failed, timed out, aborted): told on its result channel. */
  async instructionEnded(ended: {
    uid: string;
    type: string;
    mac: string;
    tenantId: string;
    status: 'SUCCESS' | 'FAILED' | 'ABORTED' | 'ERROR';
    value: unknown;
  }): Promise<void> {
    if (ended.type !== 'LOCK_DEVICE_LOCK_UNLOCK' || !ended.tenantId) return;
    const asked = lockUnlockInstruction.safeParse(await this.deps.repo.instructionValue(ended.uid));
    const success = lockInstructionSuccess.LOCK_DEVICE_LOCK_UNLOCK.safeParse(ended.value);
    const lockMac = asked.success ? asked.data.lockMac : success.success ? success.data.lockMac : null;
    if (!lockMac) {
      this.deps.logger.warn({ uid: ended.uid }, 'lock/unlock ended without its lock');
      return;
    }
    const ok = ended.status === 'SUCCESS' && success.success;
    const failure = lockInstructionError.safeParse(ended.value);
    const message: LockResultMessage = {
      uid: ended.uid,
      macId: lockMac,
      gatewayMacId: ended.mac,
      status: ok ? 'SUCCESS' : ended.status === 'ABORTED' ? 'ABORTED' : 'FAILED',
      lockStatus: ok ? success.data!.status : null,
      reason: ok
        ? null
        : failure.success
          ? failure.data.reason
          : typeof ended.value === 'string'
            ? ended.value.slice(0, 200)
            : ended.status === 'ABORTED'
              ? null
              : 'INVALID_ANSWER',
    };
    this.deps.live.publish(live.lockResults(ended.tenantId, ended.mac, lockMac, ended.uid), message);
  }

  /**
   * GET /api/lock-history/...: the lock's entries from `start` to `end`, newest first, at most
   * LOCK_HISTORY_MAX_ENTRIES (`truncated` when more). A scope or lock outside reach: 404.
   */
  async history(
    principal: Principal,
    query: { start: number; end: number; lockMac: string; scopeId: string },
  ): Promise<LockHistory> {
    const tenantIds = await this.deps.tenants.subtreeWithin(principal, query.scopeId);
    const lock = await this.deps.repo.findLock(query.lockMac, undefined, tenantIds);
    if (!lock) throw notFound('Lock');
    const rows = await this.deps.repo.history(
      lock.mac,
      lock.tenant_id,
      { start: query.start, end: query.end },
      LOCK_HISTORY_MAX_ENTRIES + 1,
    );
    return {
      entries: rows.slice(0, LOCK_HISTORY_MAX_ENTRIES).map(historyEntry),
      truncated: rows.length > LOCK_HISTORY_MAX_ENTRIES,
    };
  }

  /** New entries of a gateway's locks (docs/mqtt.md 2.7), told on the locks channel, newest first per lock. */
  publishLockEvents(tenantId: string, gatewayMac: string, events: LockEvent[]): void {
    const byLock = new Map<string, LockHistoryEntry[]>();
    for (const event of events) {
      const list = byLock.get(event.MAC) ?? [];
      list.unshift(lockEventEntry(gatewayMac, event));
      byLock.set(event.MAC, list);
    }
    for (const [macId, entries] of byLock) this.publishLocks(tenantId, { type: 'history', macId, entries });
  }

  /**
   * Users a lock holds that the ledger never gave (lock-access `removeUnknownCredentials`): one history entry per
   * lock and user id (`portal-unknown-{userId}`, kind PORTAL), pushed like the others.
   */
  async recordUnknownUsers(
    tenantId: string,
    gatewayMac: string,
    unknown: { lockMac: string; userId: string; userName: string | null; accessId: string | null }[],
  ): Promise<void> {
    for (const u of unknown) {
      const entry: LockHistoryEntry = {
        id: `portal-unknown-${u.userId}`,
        macId: u.lockMac,
        gatewayMacId: gatewayMac,
        TI: Date.now(),
        kind: 'PORTAL',
        method: null,
        userId: u.userId,
        userName: u.userName,
        cardCSN: null,
        passcodeSlot: null,
        reason: null,
        alarm: null,
        batteryLevel: null,
        message: unknownLockUserEntryMessage(u.userName ?? u.userId, u.accessId !== null),
      };
      const added = await this.deps.repo.insertPortalEntry({
        lockMac: u.lockMac,
        gatewayMac,
        id: entry.id,
        ti: entry.TI,
        message: entry.message!,
        method: null,
        userId: u.userId,
      });
      if (added) this.publishLocks(tenantId, { type: 'history', macId: u.lockMac, entries: [entry] });
    }
  }

  private publishLocks(tenantId: string, message: LocksLiveMessage): void {
    this.deps.live.publish(live.locks(tenantId), message);
  }
}
