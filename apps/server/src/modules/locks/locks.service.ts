import {
  LOCKS_CSV_MAX_ROWS,
  type LockEvent,
  type LockEventsMessage,
  type LockModeBody,
  type LockModeResult,
  type LockReport,
  type LocksCount,
  type LocksLiveMessage,
  type LocksPage,
  type LocksWithUsersPage,
  type LockUsersCount,
  live,
  lockInstructionSuccess,
  lockMessages,
  type locksCsvQuery,
  type locksQuery,
  type WebhookEventType,
} from '@portal/contract';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { EventEmitting } from '../../lib/events.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity, Principal } from '../../lib/principal.ts';
import type { InstructionsService } from '../instructions/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { LockModeDispatcher, type LockModeQueue } from './lock-mode-queue.ts';
import type { LockReportsRepository } from './lock-reports.repository.ts';
import { toLockDevice, toLockUserOnLock } from './lock-view.ts';
import type { LockFilter, LocksRepository, LockViewRow } from './locks.repository.ts';
import { type LockCsvRow, locksCsv } from './locks-csv.ts';

/**
 * The lock commands whose slot of the gateway's GATEWAY_LOCK_QUEUE_MIN (migration 0027) this module frees; the
 * ledger frees its own (one at a time per gateway: a mode waiting for it goes at the next end of another).
 */
const LOCK_QUEUE_TYPES = new Set(['LOCK_DEVICE_MODE', 'LOCK_DEVICE_LOCK_UNLOCK']);

/** More changed rows than this in one report: browsers are told to refetch (bulkUpdate) instead. */
const LIVE_ROW_LIMIT = 20;

/** An instruction that ended, as the instructions module tells it. */
export interface EndedLockInstruction {
  uid: string;
  type: string;
  mac: string;
  status: string;
  value: unknown;
}

/** A user a lock holds that the delivery ledger never gave; `accessId`: the removal row made for it, if any. */
export interface UnknownLockUser {
  lockMac: string;
  userId: string;
  userName: string | null;
  accessId: string | null;
}

/**
 * The users each reported lock holds, from a full inventory made at `TI` (docs/mqtt.md 2.6 `users`); answers the
 * users the ledger did not know, for the locks' history.
 */
export type InventoryListener = (
  device: DeviceIdentity,
  TI: number,
  locks: { mac: string; users: string[] }[],
) => Promise<UnknownLockUser[] | undefined> | undefined;

export interface LocksDependencies {
  repo: LocksRepository;
  /** What the gateways report and confirm (the device side). */
  reports: LockReportsRepository;
  tenants: Pick<TenantsService, 'subtreeWithin' | 'reachableTenantIds'>;
  live: LivePublisher;
  instructions: Pick<InstructionsService, 'issue'>;
  /** The lock-mode queue per gateway (lock-mode-queue.ts). */
  modeQueue: LockModeQueue;
  logger: Logger;
  /** Tells lock.unlocked / lock.locked / lock.failed to the outbound webhooks (docs/webhooks.md). */
  events?: EventEmitting;
}

/** The lock history entries told to the outbound webhooks, by kind. */
const NOTABLE_LOCK_EVENTS: Partial<Record<LockEvent['kind'], WebhookEventType>> = {
  UNLOCKED: 'lock.unlocked',
  LOCKED: 'lock.locked',
  REFUSED: 'lock.failed',
};

const normalise = (search: string) => search.toLowerCase().replace(/\s+/g, '');

/**
 * Locks (docs/locks.md): the registry the gateways' reports keep (docs/mqtt.md 2.6, 2.7), the lists, counts and
 * CSV of a customer subtree, and the lock-mode request. Every call with a principal is tenant-walled: a scope
 * outside its reach answers 404; lists hold only the locks of tenants it reaches.
 */
export class LocksService {
  private readonly lockEventListeners: ((device: DeviceIdentity, events: LockEvent[]) => void)[] = [];
  private readonly inventoryListeners: InventoryListener[] = [];
  private unknownUsersHandler: (device: DeviceIdentity, unknown: UnknownLockUser[]) => Promise<void> =
    async () => {};

  private readonly modes: LockModeDispatcher;

  constructor(private readonly deps: LocksDependencies) {
    this.modes = LockModeDispatcher.forLocks(deps);
  }

  /** Listens for the users each lock of a full inventory holds (the delivery ledger reconciles with them). */
  onInventoryUsers(listener: InventoryListener): void {
    this.inventoryListeners.push(listener);
  }

  /** Told the users locks hold that the ledger never gave (the locks' history records them). */
  onUnknownUsers(handler: (device: DeviceIdentity, unknown: UnknownLockUser[]) => Promise<void>): void {
    this.unknownUsersHandler = handler;
  }

  /** Listens for history entries stored from a gateway (lock history's live append). */
  onLockEvents(listener: (device: DeviceIdentity, events: LockEvent[]) => void): void {
    this.lockEventListeners.push(listener);
  }

  /** Tenants to read: a scope's subtree (404 outside the principal's reach), or all it reaches (null: all). */
  private async tenantIds(principal: Principal, scopeId?: string): Promise<string[] | null> {
    if (scopeId) return this.deps.tenants.subtreeWithin(principal, scopeId);
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    return reachable && [...reachable];
  }

  /** All the tenants the principal reaches: the filter's own when it has no scope (already read), else read. */
  private async reach(principal: Principal, scopeId: string | undefined, filter: LockFilter) {
    return scopeId ? this.tenantIds(principal) : filter.tenantIds;
  }

  private async filter(principal: Principal, query: z.output<typeof locksCsvQuery>): Promise<LockFilter> {
    const tenantIds = await this.tenantIds(principal, query.scopeId);
    if (query.userId) {
      // A lock user's assigned locks: lock-user data (IOT_USER_READ), the user within reach (else 404).
      if (!principal.isRoot && !principal.permissions.has('IOT_USER_READ')) throw forbidden();
      const tenant = isUuid(query.userId) ? await this.deps.repo.lockUserTenant(query.userId) : undefined;
      const reachable = await this.deps.tenants.reachableTenantIds(principal);
      if (!tenant || (reachable && !reachable.has(tenant))) throw notFound('Lock user');
    }
    return {
      tenantIds,
      gatewayMac: query.macId,
      type: query.type,
      userId: query.userId,
      lowBattery: query.battery === 'low',
      accessState: query.access,
      search: normalise(query.search),
    };
  }

  async page(principal: Principal, query: z.output<typeof locksQuery>): Promise<LocksPage> {
    const filter = await this.filter(principal, query);
    const { rows, total } = await this.deps.repo.page(filter, query.page * query.pageSize, query.pageSize);
    return { locks: rows.map(toLockDevice), total };
  }

  /** The page with each lock's users (the route needs IOT_USER_READ). */
  async pageWithUsers(principal: Principal, query: z.output<typeof locksQuery>): Promise<LocksWithUsersPage> {
    const filter = await this.filter(principal, query);
    const { rows, total } = await this.deps.repo.page(filter, query.page * query.pageSize, query.pageSize);
    const pairs = await this.deps.repo.usersOfLocks(
      rows.map((r) => r.id),
      await this.reach(principal, query.scopeId, filter),
    );
    return {
      locks: rows.map((row) => ({
        ...toLockDevice(row),
        users: pairs.filter((p) => p.lock_id === row.id).map(toLockUserOnLock),
      })),
      total,
    };
  }

  async userCounts(
    principal: Principal,
    query: { scopeId?: string; macIds?: string[] },
  ): Promise<LockUsersCount> {
    const rows = await this.deps.repo.userCounts(
      await this.tenantIds(principal, query.scopeId),
      query.macIds,
    );
    return rows.map((r) => ({ macId: r.mac, userCount: r.n }));
  }

  async counts(principal: Principal, query: { scopeId?: string }): Promise<LocksCount> {
    const { total, online } = await this.deps.repo.counts(await this.tenantIds(principal, query.scopeId));
    return { total, online, offline: total - online };
  }

  /**
   * Locks.csv: the list's locks (same filters, unpaged, at most LOCKS_CSV_MAX_ROWS locks), one row per lock and
   * user. The user cells are filled only for a caller holding IOT_USER_READ (the users list's permission).
   */
  async csv(principal: Principal, query: z.output<typeof locksCsvQuery>): Promise<string> {
    const filter = await this.filter(principal, query);
    const locks = await this.deps.repo.all(filter, LOCKS_CSV_MAX_ROWS);
    const seesUsers = principal.isRoot || principal.permissions.has('IOT_USER_READ');
    const pairs = seesUsers
      ? await this.deps.repo.usersOfLocks(
          locks.map((l) => l.id),
          await this.reach(principal, query.scopeId, filter),
        )
      : [];
    const byLock = new Map<string, typeof pairs>();
    for (const pair of pairs) byLock.set(pair.lock_id, [...(byLock.get(pair.lock_id) ?? []), pair]);
    const rows: LockCsvRow[] = [];
    for (const row of locks) {
      const lock = toLockDevice(row);
      const users = byLock.get(row.id) ?? [];
      if (users.length === 0) rows.push({ lock });
      for (const pair of users) {
        rows.push({
          lock,
          user: {
            ...toLockUserOnLock(pair),
            emailHash: pair.email_hash,
            employeeId: pair.employee_id,
            division: pair.division,
            userStatus: pair.user_status,
            time: pair.created_at.getTime(),
          },
        });
      }
    }
    return locksCsv(rows);
  }

  /**
   * Lock mode for the locks of type `t` the principal reaches (a scope's subtree, or only `macIds`): the mode
   * asked is recorded on each lock whose mode differs, and its LOCK_DEVICE_MODE instruction goes through the
   * gateway's mode queue: at most GATEWAY_LOCK_QUEUE_MIN in flight per gateway, the others `waiting` until a
   * slot frees (lock-mode-queue.ts). A lock confirms through the instruction's answer or its next report.
   */
  async requestMode(principal: Principal, type: string, body: LockModeBody): Promise<LockModeResult> {
    const tenantIds = await this.tenantIds(principal, body.scopeId);
    const rows = await this.deps.repo.requestMode({ tenantIds, type, search: '' }, body.mode, body.macIds);
    if (rows.length === 0) throw new AppError('NOT_FOUND', lockMessages.noLocksOfType);
    for (const row of rows) {
      this.publish(row.tenant_id, {
        type: 'lockMode',
        macId: row.mac,
        mode: row.mode ?? body.mode,
        requestedMode: row.requested_mode,
      });
    }
    const asked = rows.filter((r) => r.requested_mode);
    const known = new Set(
      (await this.deps.repo.gatewaysForInstructions([...new Set(asked.map((r) => r.gateway_mac))])).map(
        (g) => g.mac,
      ),
    );
    const result: LockModeResult = { locks: rows.length, instructions: [], waiting: [] };
    for (const mac of known) result.instructions.push(...(await this.modes.pump(mac, principal.userId)));
    const sent = new Set(result.instructions.map((i) => i.macId));
    result.waiting = asked.filter((r) => known.has(r.gateway_mac) && !sent.has(r.mac)).map((r) => r.mac);
    return result;
  }

  // --- the device side (LockReports port of modules/ingest) ------------------------------------------------

  /**
   * A gateway's lock report: the locks are stored (an older report changes nothing), those it no longer holds
   * removed (listed in an update, or left out of a complete full inventory), and browsers told.
   */
  async recordLocks(device: DeviceIdentity, report: LockReport): Promise<void> {
    const { repo, reports } = this.deps;
    const before = await reports.statuses(
      device.mac,
      report.locks.map((l) => l.MAC),
    );
    const full = report.kind === 'full';
    const stored = await reports.upsertReported(device, report.TI, report.locks, full ? report.TI : null);
    const held = full ? report.locks.filter((l) => l.users !== undefined) : [];
    if (held.length > 0) {
      const locks = held.map((l) => ({ mac: l.MAC, users: l.users ?? [] }));
      for (const listener of this.inventoryListeners) {
        // Not awaited: this runs in the report's handler (its sends must not wait for that connection).
        void Promise.resolve(listener(device, report.TI, locks))
          .then((unknown) => (unknown?.length ? this.unknownUsersHandler(device, unknown) : undefined))
          .catch((error) =>
            this.deps.logger.warn({ err: error, mac: device.mac }, 'lock inventory users not reconciled'),
          );
      }
    }
    let removed: { mac: string; tenant_id: string }[] = [];
    if (report.kind === 'update') {
      removed = await reports.remove(device.mac, report.TI, { macs: report.removed });
    } else if ((await reports.inventoryCount(device.mac, report.TI)) >= report.total) {
      removed = await reports.remove(device.mac, report.TI, { notInInventory: true });
    }
    for (const lock of removed.slice(0, LIVE_ROW_LIMIT)) {
      this.publish(lock.tenant_id, { type: 'deleteLock', macId: lock.mac, gatewayMacId: device.mac });
    }
    if (full || stored.length > LIVE_ROW_LIMIT || removed.length > LIVE_ROW_LIMIT) {
      this.publish(device.tenantId, {
        type: 'bulkUpdate',
        gatewayMacId: device.mac,
        count: stored.length + removed.length,
      });
      return;
    }
    for (const lock of stored) {
      const was = before.get(lock.mac);
      if (lock.status && was !== undefined && was !== lock.status) {
        this.publish(device.tenantId, {
          type: 'lockStatus',
          macId: lock.mac,
          gatewayMacId: device.mac,
          status: lock.status as 'LOCKED' | 'UNLOCKED',
          TI: report.TI,
        });
      }
    }
    for (const view of await repo.viewByIds(stored.map((s) => s.id))) this.publishData(view);
  }

  /**
   * A lock's history: each entry once per (lock, id). Only entries of locks this gateway reported (2.6) are
   * kept: a gateway cannot write the history of another customer's lock. The others are logged and dropped.
   */
  async recordLockEvents(device: DeviceIdentity, message: LockEventsMessage): Promise<void> {
    const macs = [...new Set(message.events.map((e) => e.MAC))];
    const known = await this.deps.reports.statuses(device.mac, macs);
    const events = message.events.filter((e) => known.has(e.MAC));
    if (events.length < message.events.length) {
      this.deps.logger.warn(
        { mac: device.mac, locks: macs.filter((m) => !known.has(m)) },
        'lock events of locks the gateway has not reported dropped',
      );
    }
    if (events.length === 0) return;
    const stored = await this.deps.reports.insertEvents(device.mac, events);
    const added = stored.length;
    for (const listener of this.lockEventListeners) listener(device, events);
    await this.tellNotable(device, events, new Set(stored.map((s) => `${s.lock_mac} ${s.event_id}`)));
    if (added < events.length) {
      this.deps.logger.debug({ mac: device.mac, repeats: events.length - added }, 'lock events repeated');
    }
  }

  /** Each new UNLOCKED, LOCKED or REFUSED entry as a `notable` event, with the lock's and gateway's names. */
  private async tellNotable(device: DeviceIdentity, events: LockEvent[], added: Set<string>): Promise<void> {
    const bus = this.deps.events;
    const told = events.filter((e) => added.has(`${e.MAC} ${e.id}`) && NOTABLE_LOCK_EVENTS[e.kind]);
    if (!bus || told.length === 0) return;
    const names = await this.deps.reports.namesOf(device.mac, [...new Set(told.map((e) => e.MAC))]);
    for (const e of told) {
      const type = NOTABLE_LOCK_EVENTS[e.kind] as WebhookEventType;
      const data = {
        eventId: e.id,
        lockMac: e.MAC,
        lockName: names.locks.get(e.MAC) ?? null,
        gatewayMac: device.mac,
        gatewayName: names.gateway,
        method: e.method ?? null,
        lockUserId: e.userId ?? null,
        reason: e.reason ?? null,
      };
      await bus.emit('notable', { tenantId: device.tenantId, type, occurredAt: e.TI, data });
    }
  }

  /** The gateway went offline: its locks cannot be reached until it is back. */
  async gatewayOffline(device: DeviceIdentity): Promise<void> {
    this.publish(device.tenantId, { type: 'gatewayOffline', gatewayMacId: device.mac });
  }

  /** The gateway moved to another customer: its locks go with it. */
  async gatewayMoved(mac: string, change: { to: string }): Promise<void> {
    const moved = await this.deps.reports.moveGateway(mac, change.to);
    if (moved > 0) this.publish(change.to, { type: 'bulkUpdate', gatewayMacId: mac, count: moved });
  }

  /** A lock instruction answered SUCCESS: the mode or status the lock confirmed is stored and told. */
  async instructionEnded(ended: EndedLockInstruction): Promise<void> {
    const confirmed = await this.confirmEnded(ended);
    // After the confirmation: the slot's next claim must not find this lock's request still open.
    if (LOCK_QUEUE_TYPES.has(ended.type)) await this.slotEnded(ended, confirmed);
  }

  /** The answer's confirmation stored; false when there was none (failure, or an answer that does not parse). */
  private async confirmEnded(ended: EndedLockInstruction): Promise<boolean> {
    if (ended.status !== 'SUCCESS') return false;
    if (ended.type === 'LOCK_DEVICE_MODE') {
      const answer = lockInstructionSuccess.LOCK_DEVICE_MODE.safeParse(ended.value);
      if (!answer.success) return false;
      const lock = await this.deps.reports.confirm(ended.mac, answer.data.lockMac, {
        mode: answer.data.mode,
      });
      if (lock?.mode) {
        this.publish(lock.tenant_id, {
          type: 'lockMode',
          macId: lock.mac,
          mode: lock.mode,
          requestedMode: lock.requested_mode,
        });
      }
    } else if (ended.type === 'LOCK_DEVICE_LOCK_UNLOCK') {
      const answer = lockInstructionSuccess.LOCK_DEVICE_LOCK_UNLOCK.safeParse(ended.value);
      if (!answer.success) return false;
      const lock = await this.deps.reports.confirm(ended.mac, answer.data.lockMac, {
        status: answer.data.status,
      });
      if (lock) {
        this.publish(lock.tenant_id, {
          type: 'lockStatus',
          macId: lock.mac,
          gatewayMacId: ended.mac,
          status: answer.data.status,
          TI: answer.data.TI,
        });
      }
    }
    return true;
  }

  /**
   * A mode instruction ended: its slot frees and the gateway's next waiting lock goes. A failed one drops the
   * lock's request (told live; asked again, it goes again), so a lock that cannot switch is not retried forever.
   */
  /** A lock command ended: its slot of the gateway's queue frees (the ledger frees its own too) and the next go. */
  private async slotEnded(ended: EndedLockInstruction, confirmed: boolean): Promise<void> {
    // The request is dropped before the slot frees: a claim in between would otherwise send the lock again.
    if (ended.type === 'LOCK_DEVICE_MODE' && !confirmed) {
      const lock = await this.deps.modeQueue.dropRequestOf(ended.uid);
      if (lock?.mode) {
        this.publish(lock.tenant_id, {
          type: 'lockMode',
          macId: lock.mac,
          mode: lock.mode,
          requestedMode: null,
        });
      }
    }
    const slot = (await this.deps.modeQueue.release(ended.uid)) ?? { lock_id: null, gateway_mac: ended.mac };
    // Not awaited: this runs inside the handler of the gateway's answer, and behind an external broker the
    // next instruction's QoS 2 publish waits for packets that connection reads only once the handler is done.
    void this.modes
      .pump(slot.gateway_mac, null)
      .catch((error) =>
        this.deps.logger.warn({ err: error, mac: slot.gateway_mac }, 'lock mode queue not sent'),
      );
  }

  private publishData(view: LockViewRow): void {
    this.publish(view.tenant_id, { type: 'lockData', lock: toLockDevice(view) });
  }

  private publish(tenantId: string, message: LocksLiveMessage): void {
    this.deps.live.publish(live.locks(tenantId), message);
  }
}
