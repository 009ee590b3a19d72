import { z } from 'zod';
import { deviceLockName } from './device-operations.ts';
import { macId } from './mac.ts';

/**
 * The device side of locks (docs/mqtt.md sections 2.6, 2.7 and 3.6): what a gateway reports about the locks it
 * manages, the history its locks record, and the payloads and answers of the lock instructions. The portal
 * (modules/locks, modules/ingest) and the simulator (apps/gateway-sim) both read these.
 */

/** Epoch milliseconds; bounded so a wrong unit (seconds, microseconds) is refused. */
const epochMs = z.number().int().min(1_500_000_000_000).max(4_102_444_800_000);

/** What a lock reports as its bolt: locked, or open ('unlocked'). */
export const LOCK_STATUSES = ['LOCKED', 'UNLOCKED'] as const;
export const lockStatus = z.enum(LOCK_STATUSES);
export type LockStatus = z.infer<typeof lockStatus>;

/** Shared (lockers anyone of the customer may take) or residential (assigned to its people). */
export const LOCK_MODES = ['shared', 'residential'] as const;
export const lockMode = z.enum(LOCK_MODES);
export type LockMode = z.infer<typeof lockMode>;

/** Lock model / family; 'Add User' needs locks of one type (spec 001 section 5). */
export const LOCK_TYPE_MAX_LENGTH = 40;
export const lockType = z.string().regex(/^[A-Za-z0-9_.\- ]{1,40}$/);

/** Texts a lock reports: firmware version, serial number. */
export const LOCK_TEXT_MAX_LENGTH = 40;
/** Locks in one `send/locks` message; a full inventory of more is split in parts (at most 10 000 locks). */
export const MAX_LOCKS_PER_REPORT = 500;
export const MAX_LOCK_REPORT_PARTS = 20;
/** History entries in one `send/lock-events` message. */
export const MAX_LOCK_EVENTS_PER_MESSAGE = 100;
/** A lock's history may arrive late (the gateway fetches it when it next reaches the lock): up to 90 days old. */
export const MAX_LOCK_EVENT_AGE_MS = 90 * 24 * 3600_000;
/** A lock's clock drifts; an entry up to a day ahead of the portal's clock is still taken. */
export const MAX_LOCK_CLOCK_AHEAD_MS = 24 * 3600_000;

/** A card's serial number (CSN): exactly 10 hexadecimal characters (spec 002 section 5). */
export const CARD_CSN_PATTERN = /^[0-9A-Fa-f]{10}$/;
/** A passcode as the lock keypads take it: 4 to 10 digits. */
export const PASSCODE_PATTERN = /^\d{4,10}$/;
/** Ids of lock users (the portal's uuids) as the protocol carries them. */
export const lockUserId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** One lock as the gateway knows it. Every field but MAC may be left out (it then keeps its last value). */
/** At most this many user ids per lock in a lock report (`users`). */
export const MAX_REPORTED_LOCK_USERS = 1000;

export const reportedLock = z.object({
  MAC: macId,
  name: deviceLockName.optional(),
  type: lockType.optional(),
  batteryLevel: z.number().int().min(0).max(100).optional(),
  firmwareVersion: z.string().min(1).max(LOCK_TEXT_MAX_LENGTH).optional(),
  serialNumber: z.string().min(1).max(LOCK_TEXT_MAX_LENGTH).optional(),
  status: lockStatus.optional(),
  mode: lockMode.optional(),
  /** A shared locker taken by someone (true) or free. */
  inUse: z.boolean().optional(),
  /** Signal of the lock as the gateway last heard it, dBm. */
  RSSI: z.number().int().min(-127).max(20).optional(),
  /** Whether the gateway heard the lock at its last scan or probe (false: out of radio range). */
  reachable: z.boolean().optional(),
  /** When someone last opened or closed it (the lock's clock). */
  lastAccessedTime: epochMs.optional(),
  /** The lock's time zone (IANA name), where the lock is set to one. */
  timeZone: z.string().min(1).max(64).optional(),
  /**
   * The lock users the lock holds credentials of (ids as ADD_LOCKDEVICE_USER gave them), sent in `full` reports:
   * the portal compares them with its delivery ledger and sends again what differs. Absent: not known.
   */
  users: z.array(lockUserId).max(MAX_REPORTED_LOCK_USERS).optional(),
});
export type ReportedLock = z.infer<typeof reportedLock>;

/**
 * `gateways/{mac}/send/locks`. `full`: the gateway's whole inventory at `TI`, in `parts` messages of at most
 * 500 locks each (`part` 1..parts, `total` locks in all); once every part arrived, the locks of this gateway
 * not in it are no longer behind it. `update`: some locks changed (`locks`), or left the gateway (`removed`).
 */
export const lockReport = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('full'),
    TI: epochMs,
    part: z.number().int().min(1).max(MAX_LOCK_REPORT_PARTS),
    parts: z.number().int().min(1).max(MAX_LOCK_REPORT_PARTS),
    total: z
      .number()
      .int()
      .min(0)
      .max(MAX_LOCKS_PER_REPORT * MAX_LOCK_REPORT_PARTS),
    locks: z.array(reportedLock).max(MAX_LOCKS_PER_REPORT),
  }),
  z.object({
    kind: z.literal('update'),
    TI: epochMs,
    locks: z.array(reportedLock).max(MAX_LOCKS_PER_REPORT).default([]),
    removed: z.array(macId).max(MAX_LOCKS_PER_REPORT).default([]),
  }),
]);
export type LockReport = z.infer<typeof lockReport>;

/** How someone opened (or tried to open) a lock. */
export const LOCK_ACCESS_METHODS = ['card', 'passcode', 'app', 'remote', 'manual', 'auto'] as const;
export const lockAccessMethod = z.enum(LOCK_ACCESS_METHODS);
export type LockAccessMethod = z.infer<typeof lockAccessMethod>;

/** Why a lock refused to open. */
export const LOCK_REFUSALS = ['WRONG_CODE', 'UNKNOWN_CARD', 'OUTSIDE_SCHEDULE', 'LOW_BATTERY'] as const;
/** What a lock raises an alarm for. */
export const LOCK_ALARMS = ['JAMMED', 'TAMPER', 'FORCED_OPEN', 'LOW_BATTERY'] as const;
/** PASSCODE_CHANGED: someone changed a passcode at the lock's keypad (the user's, its slot, the new `passcode`). */
export const LOCK_EVENT_KINDS = ['UNLOCKED', 'LOCKED', 'REFUSED', 'ALARM', 'PASSCODE_CHANGED'] as const;

/**
 * One entry of a lock's history. `id` is unique per lock (the lock's own record number or a gateway-made
 * key): the portal keeps (lock MAC, id) once, so a repeat or the same entry fetched by two gateways counts
 * once. `TI` is the lock's time.
 */
export const lockEvent = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
    MAC: macId,
    TI: epochMs,
    kind: z.enum(LOCK_EVENT_KINDS),
    method: lockAccessMethod.optional(),
    /**
     * Who: the lock user's id (as ADD_LOCKDEVICE_USER gave it; for a `remote` entry the portal user's, as
     * LOCK_DEVICE_LOCK_UNLOCK gave it), the card read, or the passcode slot.
     */
    userId: lockUserId.optional(),
    cardCSN: z.string().regex(CARD_CSN_PATTERN).optional(),
    passcodeSlot: z.number().int().min(0).max(9999).optional(),
    reason: z.enum(LOCK_REFUSALS).optional(),
    alarm: z.enum(LOCK_ALARMS).optional(),
    batteryLevel: z.number().int().min(0).max(100).optional(),
    /** PASSCODE_CHANGED only: the passcode the lock now holds for that user or slot (4 to 10 digits). */
    passcode: z
      .string()
      .regex(/^\d{4,10}$/)
      .optional(),
  })
  .refine((e) => e.kind !== 'REFUSED' || e.reason !== undefined, 'a REFUSED entry names its reason')
  .refine(
    (e) =>
      e.kind !== 'PASSCODE_CHANGED' ||
      (e.passcode !== undefined && (e.userId !== undefined || e.passcodeSlot !== undefined)),
    'a PASSCODE_CHANGED entry names the new passcode and whose it is (userId or passcodeSlot)',
  )
  .refine(
    (e) => e.kind === 'PASSCODE_CHANGED' || e.passcode === undefined,
    'only a PASSCODE_CHANGED entry carries a passcode',
  )
  .refine((e) => e.kind !== 'ALARM' || e.alarm !== undefined, 'an ALARM entry names its alarm');
export type LockEvent = z.infer<typeof lockEvent>;

/** `gateways/{mac}/send/lock-events`: history entries of the gateway's locks, oldest first. */
export const lockEventsMessage = z.object({
  events: z.array(lockEvent).min(1).max(MAX_LOCK_EVENTS_PER_MESSAGE),
});
export type LockEventsMessage = z.infer<typeof lockEventsMessage>;

/** Role of a user on a lock: an admin may also manage the lock from the app. */
export const LOCK_ROLES = ['USER', 'ADMIN'] as const;
export const lockRole = z.enum(LOCK_ROLES);
export type LockRole = z.infer<typeof lockRole>;

/**
 * When a credential opens the lock; absent: always. `days` 0 (Sunday) to 6; minutes of the lock's day;
 * `from`/`to` bound the whole grant (epoch ms).
 */
export const lockSchedule = z.object({
  from: epochMs.optional(),
  to: epochMs.optional(),
  days: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
  startMinute: z.number().int().min(0).max(1439).optional(),
  endMinute: z.number().int().min(1).max(1440).optional(),
});
export type LockSchedule = z.infer<typeof lockSchedule>;

/**
 * Value of LOCK_DEVICE_LOCK_UNLOCK: lock (`locked` true) or open the lock `lockMac`. `userId`: the portal user who
 * asked, which the lock records as its entry's `userId` (docs/mqtt.md 3.6).
 */
export const lockUnlockInstruction = z.object({
  lockMac: macId,
  locked: z.boolean(),
  userId: lockUserId.optional(),
});
/** Value of ADD_LOCKDEVICE_USER: put (or replace) the user's credentials on one lock. */
export const addLockUserInstruction = z
  .object({
    lockMac: macId,
    userId: lockUserId,
    role: lockRole,
    passcode: z.string().regex(PASSCODE_PATTERN).optional(),
    cardCSN: z.string().regex(CARD_CSN_PATTERN).optional(),
    schedule: lockSchedule.optional(),
  })
  .refine((v) => v.passcode !== undefined || v.cardCSN !== undefined, 'a passcode, a card or both');
/** Value of REMOVE_LOCKDEVICE_USER: take every credential of the user off one lock. */
export const removeLockUserInstruction = z.object({ lockMac: macId, userId: lockUserId });
/** Value of REMOVE_IOT_USER: take the user off each listed lock of the gateway (the user is deleted). */
export const removeIotUserInstruction = z.object({
  userId: lockUserId,
  lockMacs: z.array(macId).min(1).max(MAX_LOCKS_PER_REPORT),
});
/** Value of LOCK_DEVICE_MODE: switch a lock between shared and residential. */
export const lockModeInstruction = z.object({ lockMac: macId, mode: lockMode });

/** The lock instructions (docs/mqtt.md 3.6) and the schema of each one's value. */
export const LOCK_INSTRUCTION_VALUES = {
  LOCK_DEVICE_LOCK_UNLOCK: lockUnlockInstruction,
  ADD_LOCKDEVICE_USER: addLockUserInstruction,
  REMOVE_LOCKDEVICE_USER: removeLockUserInstruction,
  REMOVE_IOT_USER: removeIotUserInstruction,
  LOCK_DEVICE_MODE: lockModeInstruction,
} as const;
export type LockInstructionType = keyof typeof LOCK_INSTRUCTION_VALUES;
export const LOCK_INSTRUCTION_TYPES = Object.keys(LOCK_INSTRUCTION_VALUES) as LockInstructionType[];

/**
 * Why a gateway could not carry out a lock instruction (the `reason` of an ERROR answer). GATEWAY_BUSY: its
 * queue of lock instructions is full; GATEWAY_REBOOTED: interrupted by a reboot (as for every instruction).
 */
export const LOCK_INSTRUCTION_FAILURES = [
  'LOCK_UNREACHABLE',
  'LOCK_MEMORY_FULL',
  'LOCK_UNKNOWN',
  'LOW_BATTERY',
  'JAMMED',
  'REJECTED',
  'GATEWAY_BUSY',
  'GATEWAY_REBOOTED',
] as const;
export const lockInstructionFailure = z.enum(LOCK_INSTRUCTION_FAILURES);
export type LockInstructionFailure = z.infer<typeof lockInstructionFailure>;

/**
 * Why a credential is not (or no longer) where it should be, as the delivery ledger records it: the gateway's
 * reasons, plus the portal's own (the gateway is offline; no answer within the deadline).
 */
export const LOCK_CREDENTIAL_FAILURES = [
  ...LOCK_INSTRUCTION_FAILURES,
  'GATEWAY_OFFLINE',
  'TIMED_OUT',
] as const;
export const lockCredentialFailure = z.enum(LOCK_CREDENTIAL_FAILURES);
export type LockCredentialFailure = z.infer<typeof lockCredentialFailure>;

/** `value` of an ERROR answer to a lock instruction. */
export const lockInstructionError = z.object({
  reason: lockInstructionFailure,
  /** What the gateway adds for people (a log line), at most 200 characters. */
  detail: z.string().max(200).optional(),
  /** REMOVE_IOT_USER: the locks the user was taken off before the failure. */
  removed: z.array(macId).max(MAX_LOCKS_PER_REPORT).optional(),
  /** REMOVE_IOT_USER: the locks that failed, each with its reason. */
  failed: z
    .array(z.object({ lockMac: macId, reason: lockInstructionFailure }))
    .max(MAX_LOCKS_PER_REPORT)
    .optional(),
});
export type LockInstructionError = z.infer<typeof lockInstructionError>;

/** `value` of a SUCCESS answer, per type. */
export const lockInstructionSuccess = {
  LOCK_DEVICE_LOCK_UNLOCK: z.object({ lockMac: macId, status: lockStatus, TI: epochMs }),
  ADD_LOCKDEVICE_USER: z.object({
    lockMac: macId,
    userId: lockUserId,
    /** The lock's memory slot holding the passcode, when it has one. */
    passcodeSlot: z.number().int().min(0).max(9999).optional(),
  }),
  REMOVE_LOCKDEVICE_USER: z.object({ lockMac: macId, userId: lockUserId }),
  REMOVE_IOT_USER: z.object({ userId: lockUserId, removed: z.array(macId).max(MAX_LOCKS_PER_REPORT) }),
  LOCK_DEVICE_MODE: z.object({ lockMac: macId, mode: lockMode }),
} as const satisfies Record<LockInstructionType, z.ZodType>;

/**
 * A gateway carries out one lock instruction at a time, in the order received, and keeps at least this many
 * waiting; beyond it answers ERROR with reason GATEWAY_BUSY. The portal sends one at a time per gateway.
 */
export const GATEWAY_LOCK_QUEUE_MIN = 50;
