import {
  type LockEvent,
  type LockInstructionFailure,
  type LockInstructionType,
  type LockReport,
  type LockSchedule,
  MAX_LOCK_EVENTS_PER_MESSAGE,
  MAX_LOCKS_PER_REPORT,
  type ReportedLock,
} from '@portal/contract';
import {
  drainBattery,
  isJammed,
  LOCK_CLOCK_RESYNC_MS,
  LOCK_CRITICAL_BATTERY,
  LOCK_HISTORY_MEMORY,
  lockTime,
  moveBolt,
  putCredential,
  record,
  removeCredentials,
  reportOf,
  type SimulatedLock,
  scheduleAllows,
  setLockClock,
  usersOf,
  whoOf,
} from './lock-model.ts';
import type { LockSettings } from './lock-settings.ts';
import { chance, pickOne, type Random, randomHex, uniform } from './random.ts';
import { localHour } from './sensor-model.ts';

const HOUR_MS = 3600_000;
/** History entries and changed locks the gateway keeps for the portal while it is offline. */
export const LOCK_OUTBOX_LIMIT = 5_000;

/** How busy a lock is at a local hour, 0..1: night, morning and evening shoulders, the working day. */
export function dayWeight(hour: number): number {
  if (hour < 6) return 0.15;
  if (hour < 8) return 0.5;
  if (hour < 18) return 1;
  if (hour < 22) return 0.5;
  return 0.2;
}

/** What the gateway has to tell the portal about its locks: history entries, locks changed or removed. */
export class LockOutbox {
  events: LockEvent[] = [];
  changed = new Set<string>();
  removed = new Set<string>();

  get isEmpty(): boolean {
    return this.events.length === 0 && this.changed.size === 0 && this.removed.size === 0;
  }

  addEvents(events: readonly LockEvent[]): void {
    this.events.push(...events);
    if (this.events.length > LOCK_OUTBOX_LIMIT) this.events.splice(0, this.events.length - LOCK_OUTBOX_LIMIT);
  }

  take(): { events: LockEvent[]; changed: string[]; removed: string[] } {
    const events = [...this.events].sort((a, b) => a.TI - b.TI);
    const taken = { events, changed: [...this.changed], removed: [...this.removed] };
    this.events = [];
    this.changed.clear();
    this.removed.clear();
    return taken;
  }

  /** Puts back what could not be sent, before anything noted since. */
  putBack(taken: { events: LockEvent[]; changed: string[]; removed: string[] }): void {
    this.events = [...taken.events, ...this.events];
    for (const mac of taken.changed) this.changed.add(mac);
    for (const mac of taken.removed) this.removed.add(mac);
  }
}

/** The result of a lock instruction on one lock: the SUCCESS value, or the typed reason it failed. */
export type LockStepResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; reason: LockInstructionFailure; detail: string };

/**
 * The locks behind one gateway going through their days: people opening them with their cards and passcodes
 * (more in the working day of the lock's time zone), wrong codes and unknown cards, auto-relock, jams,
 * battery drain, radio range lost and found. Every entry a lock records and every change the gateway sees
 * goes to the outbox; a lock out of range keeps its history until it is back (then the gateway fetches it).
 */
export class LockFleet {
  readonly outbox = new LockOutbox();
  private readonly byMac: Map<string, SimulatedLock>;

  constructor(
    readonly locks: readonly SimulatedLock[],
    /** The locks the gateway manages (lock-engine.ts): only they live their day and report. */
    private readonly managed: () => readonly SimulatedLock[],
    private readonly settings: LockSettings,
    private readonly random: Random,
    private readonly utcOffsetHours: number,
    /** Told when the outbox got something. */
    private readonly onNote: () => void = () => {},
  ) {
    this.byMac = new Map(locks.map((lock) => [lock.mac, lock]));
  }

  lock(mac: string): SimulatedLock | undefined {
    return this.byMac.get(mac);
  }

  reports(): ReportedLock[] {
    return this.managed().map(reportOf);
  }

  /** The full inventory's locks: each with the portal's users it holds (docs/mqtt.md 2.6 `users`). */
  inventory(): ReportedLock[] {
    return this.managed().map((lock) => ({ ...reportOf(lock), users: usersOf(lock) }));
  }

  /** Notes entries a lock recorded (kept in the lock while out of range) and that it changed. */
  note(lock: SimulatedLock, entries: readonly LockEvent[] = [], changed = true): void {
    if (lock.outOfRange) {
      lock.unfetched.push(...entries);
      if (lock.unfetched.length > LOCK_HISTORY_MEMORY)
        lock.unfetched.splice(0, lock.unfetched.length - LOCK_HISTORY_MEMORY);
      return;
    }
    this.outbox.addEvents(entries);
    if (changed) this.outbox.changed.add(lock.mac);
    this.outbox.removed.delete(lock.mac);
    if (entries.length > 0 || changed) this.onNote();
  }

  /** The whitelist no longer names these locks: the portal is told they left. */
  noteRemoved(macs: readonly string[]): void {
    // The portal keeps history only of locks the gateway reports: what a removed lock recorded goes unsent.
    const gone = new Set(macs);
    this.outbox.events = this.outbox.events.filter((e) => !gone.has(e.MAC));
    for (const mac of macs) {
      this.outbox.removed.add(mac);
      this.outbox.changed.delete(mac);
    }
    if (macs.length > 0) this.onNote();
  }

  /** A probe reached these locks: their history is fetched and a clock far off is set. */
  probed(macs: readonly string[], now: number): void {
    for (const mac of macs) {
      const lock = this.byMac.get(mac);
      if (!lock || lock.outOfRange) continue;
      if (Math.abs(lockTime(lock, now) - now) > LOCK_CLOCK_RESYNC_MS) setLockClock(lock, now);
      this.fetchHistory(lock);
    }
  }

  /** One step of `dtMs` of every managed lock's life. */
  tick(now: number, dtMs: number): void {
    for (const lock of this.managed()) this.step(lock, now, dtMs);
  }

  private fetchHistory(lock: SimulatedLock): void {
    if (lock.unfetched.length === 0) return;
    const history = lock.unfetched;
    lock.unfetched = [];
    this.note(lock, history, false);
  }

  private step(lock: SimulatedLock, now: number, dtMs: number): void {
    const { settings, random } = this;
    if (lock.outOfRangeUntil !== null && now >= lock.outOfRangeUntil) {
      lock.outOfRange = false;
      lock.outOfRangeUntil = null;
      this.note(lock);
      this.fetchHistory(lock);
    } else if (!lock.outOfRange && chance(random, (settings.outOfRangePerHour * dtMs) / HOUR_MS)) {
      this.note(lock);
      lock.outOfRange = true;
      const { min, max } = settings.outOfRangeMs;
      lock.outOfRangeUntil = now + uniform(random, min, max);
    }
    if (lock.jammedUntil !== null && now >= lock.jammedUntil) {
      // Someone freed the bolt and locked the door by hand.
      lock.jammedUntil = null;
      lock.relockAt = null;
      lock.status = 'LOCKED';
      this.note(lock, [record(lock, now, { kind: 'LOCKED', method: 'manual' })]);
    }
    if (lock.batteryChangeAt !== null && now >= lock.batteryChangeAt) {
      lock.battery = 100;
      lock.batteryChangeAt = null;
      this.note(lock);
    }
    if (lock.relockAt !== null && now >= lock.relockAt) {
      lock.relockAt = null;
      const { entries } = moveBolt(lock, 'LOCKED', now, 'auto', {}, settings, random);
      this.note(lock, entries);
    }
    const perStep =
      (settings.openingsPerHour * dayWeight(localHour(now, this.utcOffsetHours)) * dtMs) / HOUR_MS;
    if (lock.status === 'LOCKED' && !isJammed(lock, now) && chance(random, perStep)) this.attempt(lock, now);
  }

  /** Someone at the door: a wrong code, an unknown card, or one of the lock's people with a card or passcode. */
  private attempt(lock: SimulatedLock, now: number): void {
    const { settings, random } = this;
    const battery = Math.floor(lock.battery);
    if (chance(random, settings.refusalRate) || lock.credentials.length === 0) {
      const entry = chance(random, 0.5)
        ? record(lock, now, {
            kind: 'REFUSED',
            method: 'passcode',
            reason: 'WRONG_CODE',
            batteryLevel: battery,
          })
        : record(lock, now, {
            kind: 'REFUSED',
            method: 'card',
            cardCSN: randomHex(random, 10),
            reason: 'UNKNOWN_CARD',
            batteryLevel: battery,
          });
      this.note(lock, [entry], false);
      return;
    }
    const credential = pickOne(random, lock.credentials);
    const method =
      credential.cardCSN && (!credential.passcode || chance(random, 0.7)) ? 'card' : ('passcode' as const);
    const who = whoOf(credential, method);
    if (lock.battery < LOCK_CRITICAL_BATTERY) {
      const entry = record(lock, now, {
        kind: 'REFUSED',
        method,
        ...who,
        reason: 'LOW_BATTERY',
        batteryLevel: battery,
      });
      this.note(lock, [entry], false);
      return;
    }
    if (!scheduleAllows(credential.schedule, lockTime(lock, now), this.utcOffsetHours)) {
      const entry = record(lock, now, { kind: 'REFUSED', method, ...who, reason: 'OUTSIDE_SCHEDULE' });
      this.note(lock, [entry], false);
      return;
    }
    const { jammed, entries } = moveBolt(lock, 'UNLOCKED', now, method, who, settings, random);
    if (!jammed) {
      lock.relockAt = now + settings.autoRelockMs;
      if (lock.mode === 'shared') lock.inUse = !lock.inUse;
    }
    // Now and then the person sets a new passcode at the keypad while there (the portal is told: 2.7).
    if (method === 'passcode' && credential.userId && chance(random, settings.keypadChangeRate)) {
      credential.passcode = String(Math.floor(uniform(random, 100_000, 999_999)));
      entries.push(
        record(lock, now, {
          kind: 'PASSCODE_CHANGED',
          method: 'manual',
          userId: credential.userId,
          passcodeSlot: credential.slot,
          passcode: credential.passcode,
        }),
      );
    }
    this.note(lock, entries);
  }

  /**
   * Carries out one lock instruction on one lock (the last step of its time on the lock): the state checks,
   * the failures at their rates, then the effect on the lock and its history.
   */
  apply(
    type: LockInstructionType,
    value: Record<string, unknown>,
    lockMac: string,
    now: number,
    forced?: LockInstructionFailure,
  ): LockStepResult {
    const { settings, random } = this;
    const fail = (reason: LockInstructionFailure, detail: string): LockStepResult => ({
      ok: false,
      reason,
      detail,
    });
    const lock = this.byMac.get(lockMac);
    if (forced) return fail(forced, 'failure set for this gateway');
    if (!lock || !this.managed().includes(lock))
      return fail('LOCK_UNKNOWN', `${lockMac} is not a lock of this gateway`);
    if (lock.outOfRange) return fail('LOCK_UNREACHABLE', `${lock.name} not heard (out of range)`);
    if (chance(random, settings.unreachableRate))
      return fail('LOCK_UNREACHABLE', `BLE connection to ${lock.name} lost`);
    if (lock.battery < LOCK_CRITICAL_BATTERY)
      return fail('LOW_BATTERY', `${lock.name} battery at ${Math.floor(lock.battery)} %`);
    if (chance(random, settings.rejectRate)) return fail('REJECTED', `${lock.name} refused the admin key`);
    // Connected to the lock for a command, the gateway sets its clock (docs/mqtt.md 3.6): what the command does is
    // stamped in the portal's time, after the portal's own entry for it.
    setLockClock(lock, now);
    switch (type) {
      case 'LOCK_DEVICE_LOCK_UNLOCK': {
        if (isJammed(lock, now)) return fail('JAMMED', `${lock.name} bolt jammed`);
        const target = value.locked ? 'LOCKED' : 'UNLOCKED';
        // The lock records who asked: the portal user the instruction names.
        const who = typeof value.userId === 'string' ? { userId: value.userId } : {};
        const { jammed, entries } = moveBolt(lock, target, now, 'remote', who, settings, random);
        this.note(lock, entries);
        if (jammed) return fail('JAMMED', `${lock.name} bolt jammed`);
        lock.relockAt = target === 'UNLOCKED' ? now + settings.remoteHoldMs : null;
        return { ok: true, value: { lockMac, status: lock.status, TI: lockTime(lock, now) } };
      }
      case 'ADD_LOCKDEVICE_USER': {
        const written = putCredential(lock, {
          userId: String(value.userId),
          role: value.role === 'ADMIN' ? 'ADMIN' : 'USER',
          ...(typeof value.passcode === 'string' ? { passcode: value.passcode } : {}),
          ...(typeof value.cardCSN === 'string' ? { cardCSN: value.cardCSN } : {}),
          ...(value.schedule ? { schedule: value.schedule as LockSchedule } : {}),
        });
        if (!written.ok) return fail(written.reason, written.detail);
        this.useBattery(lock, now);
        return {
          ok: true,
          value: {
            lockMac,
            userId: value.userId,
            ...(typeof value.passcode === 'string' ? { passcodeSlot: written.slot } : {}),
          },
        };
      }
      case 'REMOVE_LOCKDEVICE_USER':
        if (removeCredentials(lock, String(value.userId))) this.useBattery(lock, now);
        return { ok: true, value: { lockMac, userId: value.userId } };
      case 'REMOVE_IOT_USER':
        if (removeCredentials(lock, String(value.userId))) this.useBattery(lock, now);
        return { ok: true, value: { lockMac } };
      case 'LOCK_DEVICE_MODE': {
        lock.mode = value.mode === 'shared' ? 'shared' : 'residential';
        if (lock.mode === 'residential') lock.inUse = false;
        this.note(lock);
        return { ok: true, value: { lockMac, mode: lock.mode } };
      }
    }
  }

  /** A memory write uses battery too (the lock wakes its radio and flash). */
  private useBattery(lock: SimulatedLock, now: number): void {
    const before = Math.floor(lock.battery);
    const { settings, random } = this;
    const alarms = drainBattery(lock, now, settings, random, settings.batteryDrainPerOperation / 2);
    this.note(lock, alarms, Math.floor(lock.battery) !== before);
  }
}

/** A part's locks stay under this many bytes of JSON, well within the 256 KiB packet (users make locks large). */
export const FULL_REPORT_PART_BYTES = 200_000;

/**
 * A full inventory in parts of at most 500 locks and FULL_REPORT_PART_BYTES of locks each, all with the same TI
 * (docs/mqtt.md 2.6).
 */
export function fullReport(locks: readonly ReportedLock[], TI: number): LockReport[] {
  const groups: ReportedLock[][] = [[]];
  let bytes = 0;
  for (const lock of locks) {
    const size = JSON.stringify(lock).length + 1;
    const current = groups[groups.length - 1]!;
    if (
      current.length > 0 &&
      (current.length >= MAX_LOCKS_PER_REPORT || bytes + size > FULL_REPORT_PART_BYTES)
    ) {
      groups.push([lock]);
      bytes = size;
    } else {
      current.push(lock);
      bytes += size;
    }
  }
  return groups.map((group, index) => ({
    kind: 'full' as const,
    TI,
    part: index + 1,
    parts: groups.length,
    total: locks.length,
    locks: group,
  }));
}

/** Updates for changed and removed locks, at most 500 of each per message. */
export function updateReports(
  locks: readonly ReportedLock[],
  removed: readonly string[],
  TI: number,
): LockReport[] {
  const messages: LockReport[] = [];
  for (let i = 0; i < Math.max(locks.length, removed.length); i += MAX_LOCKS_PER_REPORT) {
    messages.push({
      kind: 'update',
      TI,
      locks: locks.slice(i, i + MAX_LOCKS_PER_REPORT),
      removed: removed.slice(i, i + MAX_LOCKS_PER_REPORT),
    });
  }
  return messages;
}

/** History entries in messages of at most 100, oldest first. */
export function eventMessages(events: readonly LockEvent[]): LockEvent[][] {
  const chunks: LockEvent[][] = [];
  for (let i = 0; i < events.length; i += MAX_LOCK_EVENTS_PER_MESSAGE)
    chunks.push(events.slice(i, i + MAX_LOCK_EVENTS_PER_MESSAGE));
  return chunks;
}
