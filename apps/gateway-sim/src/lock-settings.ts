/**
 * How the simulated locks behave: their daily traffic, failures and memory. The defaults make a demo fleet
 * look alive without flooding it (docs/mqtt.md section 7 gives the figures): a gateway manages about 7 locks,
 * which are opened about 500 times a day in all, and sends about 2.5 lock messages a minute in the working
 * day, 0.35 at night, 1.4 a minute over the day (telemetry: 12).
 */
export interface LockSettings {
  /** Openings (card or passcode) per lock per hour at the busiest hour of the lock's day; night is 15-20 % of it. */
  openingsPerHour: number;
  /** Share of attempts the lock refuses: a wrong passcode or an unknown card (REFUSED). */
  refusalRate: number;
  /**
   * Share of a portal user's passcode openings after which the person changes the passcode at the keypad
   * (PASSCODE_CHANGED, docs/mqtt.md 2.7).
   */
  keypadChangeRate: number;
  /** Chance per bolt movement that the bolt jams (ALARM JAMMED); a jam clears after 1 to 10 minutes. */
  jamRate: number;
  /** Chance per lock per hour that it goes out of the gateway's radio range (reachable false). */
  outOfRangePerHour: number;
  /** How long a lock stays out of range, drawn between min and max. */
  outOfRangeMs: { min: number; max: number };
  /** Users a lock's memory holds (each user: one passcode slot and/or one card); beyond: LOCK_MEMORY_FULL. */
  memoryCapacity: number;
  /** Battery percent a bolt movement (or a memory write) uses. */
  batteryDrainPerOperation: number;
  /** The LOW_BATTERY alarm is raised when the battery falls below this percent. */
  lowBatteryThreshold: number;
  /** Largest clock drift of a lock, parts per million (100 ppm: 8.6 s a day); each lock draws its own. */
  clockDriftPpm: number;
  /** How long one lock instruction takes on the lock (BLE connect, command, answer), drawn between min and max. */
  commandMs: { min: number; max: number };
  /** Chance that a lock instruction fails with LOCK_UNREACHABLE although the lock is in range (BLE link lost). */
  unreachableRate: number;
  /** Chance that the lock refuses a lock instruction (REJECTED: wrong admin key, bad credential). */
  rejectRate: number;
  /** A lock opened by a person locks itself again after this long (LOCKED, method auto). */
  autoRelockMs: number;
  /** A lock opened remotely (LOCK_DEVICE_LOCK_UNLOCK) stays open this long before it relocks itself. */
  remoteHoldMs: number;
}

export const DEFAULT_LOCK_SETTINGS: LockSettings = {
  openingsPerHour: 6,
  refusalRate: 0.05,
  keypadChangeRate: 0.01,
  jamRate: 0.002,
  outOfRangePerHour: 0.03,
  outOfRangeMs: { min: 120_000, max: 900_000 },
  memoryCapacity: 32,
  batteryDrainPerOperation: 0.05,
  lowBatteryThreshold: 20,
  clockDriftPpm: 100,
  commandMs: { min: 1_500, max: 5_000 },
  unreachableRate: 0.02,
  rejectRate: 0.01,
  autoRelockMs: 8_000,
  remoteHoldMs: 300_000,
};

function rate(name: string, value: number): number {
  if (!(value >= 0 && value <= 1)) throw new Error(`locks.${name} must be between 0 and 1, got ${value}`);
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!(Number.isFinite(value) && value >= 0))
    throw new Error(`locks.${name} must be a number >= 0, got ${value}`);
  return value;
}

function range(name: string, value: { min: number; max: number }): { min: number; max: number } {
  if (!(nonNegative(`${name}.min`, value.min) <= nonNegative(`${name}.max`, value.max)))
    throw new Error(`locks.${name}.min must not exceed locks.${name}.max`);
  return value;
}

/** Applies the defaults and refuses settings that cannot work. */
export function resolveLockSettings(settings: Partial<LockSettings> = {}): LockSettings {
  const s = { ...DEFAULT_LOCK_SETTINGS, ...settings };
  const capacity = s.memoryCapacity;
  if (!(Number.isInteger(capacity) && capacity >= 1 && capacity <= 9999))
    throw new Error(`locks.memoryCapacity must be an integer 1..9999, got ${capacity}`);
  const threshold = nonNegative('lowBatteryThreshold', s.lowBatteryThreshold);
  if (threshold > 100) throw new Error(`locks.lowBatteryThreshold must be 0..100, got ${threshold}`);
  return {
    openingsPerHour: nonNegative('openingsPerHour', s.openingsPerHour),
    refusalRate: rate('refusalRate', s.refusalRate),
    keypadChangeRate: rate('keypadChangeRate', s.keypadChangeRate ?? DEFAULT_LOCK_SETTINGS.keypadChangeRate),
    jamRate: rate('jamRate', s.jamRate),
    outOfRangePerHour: rate('outOfRangePerHour', s.outOfRangePerHour),
    outOfRangeMs: range('outOfRangeMs', s.outOfRangeMs),
    memoryCapacity: capacity,
    batteryDrainPerOperation: nonNegative('batteryDrainPerOperation', s.batteryDrainPerOperation),
    lowBatteryThreshold: threshold,
    clockDriftPpm: nonNegative('clockDriftPpm', s.clockDriftPpm),
    commandMs: range('commandMs', s.commandMs),
    unreachableRate: rate('unreachableRate', s.unreachableRate),
    rejectRate: rate('rejectRate', s.rejectRate),
    autoRelockMs: nonNegative('autoRelockMs', s.autoRelockMs),
    remoteHoldMs: nonNegative('remoteHoldMs', s.remoteHoldMs),
  };
}
