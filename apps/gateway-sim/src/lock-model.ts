import type {
  LockEvent,
  LockInstructionFailure,
  LockMode,
  LockRole,
  LockSchedule,
  LockStatus,
  ReportedLock,
} from '@portal/contract';
import type { NearbyLock } from './lock-engine.ts';
import type { LockSettings } from './lock-settings.ts';
import { chance, pickOne, type Random, randomHex, randomInt, uniform } from './random.ts';

/**
 * A simulated lock: the BLE lock a gateway hears (NearbyLock: MAC, name, signal) with what the lock itself
 * holds: battery, bolt, mode, firmware, a clock that drifts, a memory of users and their credentials with a
 * capacity, and its own history record numbers. Plain data, changed by the functions below (and by
 * lock-fleet.ts, which runs the day, and lock-commands.ts, which carries out the portal's instructions).
 */

/** One user slot of a lock's memory. */
export interface LockCredential {
  /** The memory slot (1..capacity); a passcode's slot is its user's slot. */
  slot: number;
  /** The portal's lock user id (ADD_LOCKDEVICE_USER); absent for a credential enrolled at the lock itself. */
  userId?: string;
  role: LockRole;
  passcode?: string;
  cardCSN?: string;
  schedule?: LockSchedule;
}

/** The lock's clock: `offsetMs` off the true time when it was last set (`setAt`), drifting by `driftPpm`. */
export interface LockClock {
  offsetMs: number;
  driftPpm: number;
  setAt: number;
}

export interface SimulatedLock extends NearbyLock {
  type: string;
  firmwareVersion: string;
  serialNumber: string;
  /** Percent, fractional: it drains a little with every operation; reported rounded down. */
  battery: number;
  status: LockStatus;
  mode: LockMode;
  inUse: boolean;
  timeZone: string;
  clock: LockClock;
  capacity: number;
  credentials: LockCredential[];
  /** Prefix and next number of the lock's history records: ids are `{prefix}-{number}`, unique per lock. */
  recordPrefix: string;
  nextRecord: number;
  /** The lock's time of its last opening or closing. */
  lastAccessedTime?: number;
  /** Out of the gateway's radio range until then (outOfRange is set meanwhile). */
  outOfRangeUntil: number | null;
  /** The bolt is jammed until then: it cannot move. */
  jammedUntil: number | null;
  /** The lock relocks itself then (after a person opened it, or a remote unlock's hold). */
  relockAt: number | null;
  /** Someone changes the flat battery then. */
  batteryChangeAt: number | null;
  /** History recorded while the gateway could not reach the lock; the gateway fetches it when back in range. */
  unfetched: LockEvent[];
}

/** Below this battery percent a lock refuses to move its bolt and to take instructions. */
export const LOCK_CRITICAL_BATTERY = 5;
/** A lock keeps this many history entries the gateway has not fetched; older ones are overwritten. */
export const LOCK_HISTORY_MEMORY = 1_000;
/** The gateway sets a lock's clock at a probe when it is off by more than this. */
export const LOCK_CLOCK_RESYNC_MS = 5 * 60_000;
const INITIAL_CLOCK_OFFSET_MS = 90_000;
const JAM_MS = { min: 60_000, max: 600_000 };
const BATTERY_CHANGE_MS = { min: 30 * 60_000, max: 2 * 3600_000 };

/** Lock models: two door locks and a shared locker, each with its firmware releases. */
export const LOCK_MODELS = [
  { type: 'BLE-L1', firmware: ['2.1.0', '2.1.3', '2.2.0'], sharedShare: 0.1 },
  { type: 'BLE-L2 Pro', firmware: ['3.0.1', '3.0.4'], sharedShare: 0.1 },
  { type: 'Locker S1', firmware: ['1.4.2', '1.5.0'], sharedShare: 1 },
] as const;

/** The lock's time zone, from the city of its gateway (device-profile.ts LOCATIONS). */
const TIME_ZONES: Record<string, string> = {
  London: 'Europe/London',
  'New York': 'America/New_York',
  Berlin: 'Europe/Berlin',
  Bengaluru: 'Asia/Kolkata',
  'San Francisco': 'America/Los_Angeles',
  Sydney: 'Australia/Sydney',
};
export const timeZoneOf = (city: string | undefined) => (city && TIME_ZONES[city]) || 'UTC';

/** Office hours, Monday to Friday 07:00-19:00 of the lock's day. */
export const OFFICE_HOURS: LockSchedule = { days: [1, 2, 3, 4, 5], startMinute: 420, endMinute: 1140 };

export interface EquipContext {
  now: number;
  timeZone: string;
  /** Unique to this run of the gateway (its start time), so record ids never repeat across runs. */
  bootTag: string;
}

/** Gives a nearby lock its body and memory, drawn from `random` (a stream of its own: deterministic). */
export function equipLock(
  nearby: NearbyLock,
  random: Random,
  settings: LockSettings,
  context: EquipContext,
): SimulatedLock {
  const model = pickOne(random, LOCK_MODELS);
  const mode: LockMode = chance(random, model.sharedShare) ? 'shared' : 'residential';
  const battery = chance(random, 0.12) ? uniform(random, 8, 25) : uniform(random, 40, 100);
  const lock: SimulatedLock = {
    ...nearby,
    type: model.type,
    firmwareVersion: pickOne(random, model.firmware),
    serialNumber: `SN-${nearby.mac.slice(-4)}-${randomHex(random, 6)}`,
    battery,
    status: 'LOCKED',
    mode,
    inUse: mode === 'shared' && chance(random, 0.4),
    timeZone: context.timeZone,
    clock: {
      offsetMs: Math.round(uniform(random, -INITIAL_CLOCK_OFFSET_MS, INITIAL_CLOCK_OFFSET_MS)),
      driftPpm: uniform(random, -settings.clockDriftPpm, settings.clockDriftPpm),
      setAt: context.now,
    },
    capacity: settings.memoryCapacity,
    credentials: [],
    recordPrefix: `${nearby.mac.slice(-4)}-${context.bootTag}`,
    nextRecord: randomInt(random, 1, 5_000),
    outOfRangeUntil: null,
    jammedUntil: null,
    relockAt: null,
    batteryChangeAt: null,
    unfetched: [],
  };
  // People enrolled at the lock itself (no portal user id): cards, passcodes, some on office hours.
  const residents = Math.min(randomInt(random, 2, 8), settings.memoryCapacity);
  for (let i = 0; i < residents; i++) {
    const roll = random();
    const cardCSN = roll < 0.75 ? randomHex(random, 10) : undefined;
    const passcode = roll >= 0.6 ? String(randomInt(random, 100_000, 999_999)) : undefined;
    const schedule = chance(random, 0.3) ? OFFICE_HOURS : undefined;
    putCredential(lock, {
      role: i === 0 ? 'ADMIN' : 'USER',
      ...(cardCSN ? { cardCSN } : {}),
      ...(passcode ? { passcode } : {}),
      ...(schedule ? { schedule } : {}),
    });
  }
  // Someone used it before the gateway started: minutes to hours ago, by the lock's clock.
  lock.lastAccessedTime = lockTime(lock, context.now - Math.round(uniform(random, 5 * 60_000, 6 * 3600_000)));
  return lock;
}

/** The lock's own clock at true time `now`: its offset plus the drift since it was set. */
export function lockTime(lock: SimulatedLock, now: number): number {
  const { offsetMs, driftPpm, setAt } = lock.clock;
  return Math.round(now + offsetMs + ((now - setAt) * driftPpm) / 1_000_000);
}

/** The gateway sets the lock's clock (the drift goes on). */
export function setLockClock(lock: SimulatedLock, now: number): void {
  lock.clock = { ...lock.clock, offsetMs: 0, setAt: now };
}

export const batteryLevelOf = (lock: SimulatedLock) => Math.max(0, Math.min(100, Math.floor(lock.battery)));

/** The lock as the gateway reports it (docs/mqtt.md 2.6). */
export function reportOf(lock: SimulatedLock): ReportedLock {
  return {
    MAC: lock.mac,
    name: lock.name,
    type: lock.type,
    batteryLevel: batteryLevelOf(lock),
    firmwareVersion: lock.firmwareVersion,
    serialNumber: lock.serialNumber,
    status: lock.status,
    mode: lock.mode,
    inUse: lock.inUse,
    RSSI: Math.max(-127, Math.min(20, Math.round(lock.rssi))),
    reachable: !lock.outOfRange,
    ...(lock.lastAccessedTime === undefined ? {} : { lastAccessedTime: lock.lastAccessedTime }),
    timeZone: lock.timeZone,
  };
}

/** The portal's lock users the lock holds credentials of (ids as ADD_LOCKDEVICE_USER gave them), once each. */
export function usersOf(lock: SimulatedLock): string[] {
  return [...new Set(lock.credentials.flatMap((c) => (c.userId ? [c.userId] : [])))];
}

export type LockEntry = Omit<LockEvent, 'id' | 'MAC' | 'TI'>;

/** Writes an entry in the lock's history: its next record number, stamped with the lock's clock. */
export function record(lock: SimulatedLock, now: number, entry: LockEntry): LockEvent {
  const TI = lockTime(lock, now);
  if (entry.kind === 'LOCKED' || entry.kind === 'UNLOCKED') lock.lastAccessedTime = TI;
  return { id: `${lock.recordPrefix}-${lock.nextRecord++}`, MAC: lock.mac, TI, ...entry };
}

/** Uses battery; the LOW_BATTERY alarm when it falls below the threshold; a flat battery gets changed later. */
export function drainBattery(
  lock: SimulatedLock,
  now: number,
  settings: LockSettings,
  random: Random,
  percent = settings.batteryDrainPerOperation,
): LockEvent[] {
  const before = lock.battery;
  lock.battery = Math.max(0, before - percent);
  if (lock.battery < LOCK_CRITICAL_BATTERY && lock.batteryChangeAt === null)
    lock.batteryChangeAt = now + uniform(random, BATTERY_CHANGE_MS.min, BATTERY_CHANGE_MS.max);
  return before >= settings.lowBatteryThreshold && lock.battery < settings.lowBatteryThreshold
    ? [record(lock, now, { kind: 'ALARM', alarm: 'LOW_BATTERY', batteryLevel: batteryLevelOf(lock) })]
    : [];
}

export const isJammed = (lock: SimulatedLock, now: number) =>
  lock.jammedUntil !== null && now < lock.jammedUntil;

type Who = Pick<LockEvent, 'userId' | 'cardCSN' | 'passcodeSlot'>;

/**
 * Drives the bolt to `target`: now and then it jams (ALARM JAMMED, the bolt stays, the lock cannot move
 * until the jam clears); otherwise the status changes and the history says how and by whom.
 */
export function moveBolt(
  lock: SimulatedLock,
  target: LockStatus,
  now: number,
  method: LockEvent['method'],
  who: Who,
  settings: LockSettings,
  random: Random,
): { jammed: boolean; entries: LockEvent[] } {
  if (isJammed(lock, now)) return { jammed: true, entries: [] };
  if (chance(random, settings.jamRate)) {
    lock.jammedUntil = now + uniform(random, JAM_MS.min, JAM_MS.max);
    lock.relockAt = null;
    const alarm = record(lock, now, { kind: 'ALARM', alarm: 'JAMMED', batteryLevel: batteryLevelOf(lock) });
    return { jammed: true, entries: [alarm, ...drainBattery(lock, now, settings, random)] };
  }
  lock.status = target;
  const moved = record(lock, now, {
    kind: target,
    ...(method ? { method } : {}),
    ...who,
    batteryLevel: batteryLevelOf(lock),
  });
  return { jammed: false, entries: [moved, ...drainBattery(lock, now, settings, random)] };
}

/** Whether the schedule lets a credential in at the lock's time `lockNow` (its local day: `utcOffsetHours`). */
export function scheduleAllows(
  schedule: LockSchedule | undefined,
  lockNow: number,
  utcOffsetHours: number,
): boolean {
  if (!schedule) return true;
  if (schedule.from !== undefined && lockNow < schedule.from) return false;
  if (schedule.to !== undefined && lockNow >= schedule.to) return false;
  const local = new Date(lockNow + utcOffsetHours * 3600_000);
  if (schedule.days && !schedule.days.includes(local.getUTCDay())) return false;
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return minute >= (schedule.startMinute ?? 0) && minute < (schedule.endMinute ?? 1440);
}

export interface NewCredential {
  userId?: string;
  role: LockRole;
  passcode?: string;
  cardCSN?: string;
  schedule?: LockSchedule;
}

export type MemoryWrite =
  | { ok: true; slot: number }
  | { ok: false; reason: Extract<LockInstructionFailure, 'LOCK_MEMORY_FULL' | 'REJECTED'>; detail: string };

/**
 * Puts a user's credentials in the lock's memory, replacing what that user had there. Refused: a card or
 * passcode another user of the lock holds (REJECTED), a new user when every slot is taken (LOCK_MEMORY_FULL).
 */
export function putCredential(lock: SimulatedLock, credential: NewCredential): MemoryWrite {
  const existing =
    credential.userId === undefined
      ? undefined
      : lock.credentials.find((c) => c.userId === credential.userId);
  const others = lock.credentials.filter((c) => c !== existing);
  const card = credential.cardCSN?.toUpperCase();
  if (card && others.some((c) => c.cardCSN === card))
    return { ok: false, reason: 'REJECTED', detail: `card ${card} is enrolled for another user` };
  if (credential.passcode && others.some((c) => c.passcode === credential.passcode))
    return { ok: false, reason: 'REJECTED', detail: 'passcode in use by another user of the lock' };
  if (!existing && lock.credentials.length >= lock.capacity) {
    const detail = `${lock.credentials.length} of ${lock.capacity} user slots used`;
    return { ok: false, reason: 'LOCK_MEMORY_FULL', detail };
  }
  const taken = new Set(others.map((c) => c.slot));
  let slot = existing?.slot ?? 1;
  while (!existing && taken.has(slot)) slot++;
  const stored: LockCredential = {
    slot,
    role: credential.role,
    ...(credential.userId === undefined ? {} : { userId: credential.userId }),
    ...(credential.passcode === undefined ? {} : { passcode: credential.passcode }),
    ...(card === undefined ? {} : { cardCSN: card }),
    ...(credential.schedule === undefined ? {} : { schedule: credential.schedule }),
  };
  lock.credentials = [...others, stored].sort((a, b) => a.slot - b.slot);
  return { ok: true, slot };
}

/** Takes every credential of the user off the lock; true when it had some. */
export function removeCredentials(lock: SimulatedLock, userId: string): boolean {
  const before = lock.credentials.length;
  lock.credentials = lock.credentials.filter((c) => c.userId !== userId);
  return lock.credentials.length < before;
}

/** Who a credential is, as the lock writes it in its history for the method used. */
export function whoOf(credential: LockCredential, method: 'card' | 'passcode'): Who {
  return {
    ...(credential.userId === undefined ? {} : { userId: credential.userId }),
    ...(method === 'card' && credential.cardCSN ? { cardCSN: credential.cardCSN } : {}),
    ...(method === 'passcode' ? { passcodeSlot: credential.slot } : {}),
  };
}
