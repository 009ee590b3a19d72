import { z } from 'zod';
import {
  LOCK_ACCESS_METHODS,
  LOCK_ALARMS,
  LOCK_EVENT_KINDS,
  LOCK_REFUSALS,
  type LockInstructionFailure,
  lockStatus,
} from './lock-protocol.ts';
import { macId } from './mac.ts';

/**
 * Lock and unlock from the portal and the locks' history (spec 002 section 7, spec 001 sections 4 and 7;
 * docs/locks.md "Lock and unlock", "Lock history").
 */

/** Kinds of a history entry: the lock's own (docs/mqtt.md 2.7) and the portal's (`PORTAL`: '... Unlock Initiated'). */
export const LOCK_HISTORY_KINDS = [...LOCK_EVENT_KINDS, 'PORTAL'] as const;

/** The longest range one history call reads (the locks keep 90 days of late history: docs/mqtt.md 2.7). */
export const LOCK_HISTORY_MAX_RANGE_MS = 92 * 24 * 3600_000;
/** At most this many entries per call, the newest of the range; `truncated` says when more matched. */
export const LOCK_HISTORY_MAX_ENTRIES = 500;

/** The range picker of the Lock History dialog (as the gateway charts' intervals). */
export const LOCK_HISTORY_INTERVALS = [
  { label: 'Last 1 hour', ms: 3600_000 },
  { label: 'Last 24 hours', ms: 24 * 3600_000 },
  { label: 'Last 7 days', ms: 7 * 24 * 3600_000 },
  { label: 'Last 30 days', ms: 30 * 24 * 3600_000 },
  { label: 'Last 90 days', ms: 90 * 24 * 3600_000 },
] as const;

const epochParam = z.coerce.number().int().min(0).max(4_102_444_800_000);

/** GET /api/lock-history/start/{s}/end/{e}/macId/{m}/scopeId/{id}: `s` and `e` epoch ms, `m` the lock. */
export const lockHistoryParams = z
  .object({ s: epochParam, e: epochParam, m: macId, id: z.string().min(1).max(100) })
  .refine((p) => p.e >= p.s, { message: 'end must not be before start', path: ['e'] })
  .refine((p) => p.e - p.s <= LOCK_HISTORY_MAX_RANGE_MS, {
    message: 'a range of at most 92 days',
    path: ['s'],
  });

/** One entry of a lock's history, with who it was as far as the portal can tell (the lock user's name). */
export const lockHistoryEntry = z.object({
  id: z.string(),
  macId: z.string(),
  gatewayMacId: z.string(),
  TI: z.number(),
  kind: z.enum(LOCK_HISTORY_KINDS),
  method: z.enum(LOCK_ACCESS_METHODS).nullable(),
  userId: z.string().nullable(),
  /** The lock user's name, found by its id, else by the card read; null when nobody of the customer matches. */
  userName: z.string().nullable(),
  cardCSN: z.string().nullable(),
  passcodeSlot: z.number().nullable(),
  reason: z.enum(LOCK_REFUSALS).nullable(),
  alarm: z.enum(LOCK_ALARMS).nullable(),
  batteryLevel: z.number().nullable(),
  /** PORTAL entries: '{lock} Unlock Initiated' / '{lock} Lock Initiated'. */
  message: z.string().nullable(),
});
export type LockHistoryEntry = z.infer<typeof lockHistoryEntry>;

export const lockHistory = z.object({
  /** Newest first. */
  entries: z.array(lockHistoryEntry),
  /** More entries matched than LOCK_HISTORY_MAX_ENTRIES: narrow the range. */
  truncated: z.boolean(),
});
export type LockHistory = z.infer<typeof lockHistory>;

/**
 * On `live.lockResults(scopeId, gatewayMac, lockMac, uid)`: how a lock/unlock instruction ended. `SUCCESS`
 * carries the lock's status after it; `FAILED` the reason (a LOCK_INSTRUCTION_FAILURES code, or 'Timed-out');
 * `ABORTED` an abort from the pending list.
 */
export const lockResultMessage = z.object({
  uid: z.string(),
  macId: z.string(),
  gatewayMacId: z.string(),
  status: z.enum(['SUCCESS', 'FAILED', 'ABORTED']),
  lockStatus: lockStatus.nullable(),
  reason: z.string().nullable(),
});
export type LockResultMessage = z.infer<typeof lockResultMessage>;

/**
 * Why a lock or unlock from the portal failed, for the person at the door and whoever pressed the button: what
 * happened and what to do (ours). One per code of the gateway's answer (LOCK_INSTRUCTION_FAILURES) and the
 * portal's own 'Timed-out'; the code itself is shown after it as a detail.
 */
export const LOCK_FAILURE_REASONS: Record<LockInstructionFailure | 'Timed-out', string> = {
  LOCK_UNREACHABLE:
    'the gateway could not reach the lock over Bluetooth (out of range, or the radio link dropped). Try again in a minute; if it keeps failing, check that the lock is within reach of its gateway.',
  LOCK_MEMORY_FULL:
    "the lock's memory is full. Remove a lock user who no longer needs this lock, then try again.",
  LOCK_UNKNOWN:
    'this gateway does not manage the lock (it is paired with another gateway). Refresh the locks list and try again.',
  LOW_BATTERY:
    "the lock's battery is too low to move the bolt. Replace the lock's batteries, then try again.",
  JAMMED:
    'the bolt is jammed. Make sure the door is fully closed and nothing blocks the bolt, then try again.',
  REJECTED:
    "the lock refused the gateway's command (it did not accept the gateway's key). Try again; if it keeps refusing, pair the lock with its gateway again.",
  GATEWAY_BUSY: 'the gateway is busy with other lock commands. Wait a moment, then try again.',
  GATEWAY_REBOOTED:
    'the gateway restarted before it could send the command. Try again once it is back online.',
  'Timed-out':
    "the gateway did not answer in time, so the door may or may not have moved. Check the lock's status in the list before trying again.",
};

/** A reason the portal has no words for: the gateway's own code (or none) is all there is. */
const UNKNOWN_LOCK_FAILURE = 'the gateway gave no reason the portal knows. Try again.';

/** Texts of the lock toggle's outcome (ours; the spec gives only the creation texts). */
export const lockResultTexts = {
  unlocked: (name: string) => `${name} unlocked`,
  locked: (name: string) => `${name} locked`,
  /** 'Front door did not unlock: the lock refused ... (code REJECTED)'. */
  failed: (name: string, unlocking: boolean, reason: string | null) => {
    const known = reason !== null && Object.hasOwn(LOCK_FAILURE_REASONS, reason);
    const why = known
      ? LOCK_FAILURE_REASONS[reason as keyof typeof LOCK_FAILURE_REASONS]
      : UNKNOWN_LOCK_FAILURE;
    return `${name} did not ${unlocking ? 'unlock' : 'lock'}: ${why}${reason ? ` (code ${reason})` : ''}`;
  },
  queued: 'Gateway is offline: the instruction waits for it (up to 24 hours).',
} as const;

/**
 * GET /api/lock-user/passcode-history/userId/{id}?page&pageSize (ours; spec 002 sections 2 and 9 give the
 * columns and page sizes, not the path): a lock user's passcode changes, newest first.
 */
export const passcodeHistoryParams = z.object({ id: z.string().min(1).max(100) });
export const passcodeHistoryQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => [25, 50, 100].includes(n), 'pageSize is 25, 50 or 100')
    .optional()
    .default(25),
});
export const passcodeChange = z.object({
  id: z.string(),
  lockMacId: z.string(),
  lockName: z.string().nullable(),
  lockSerialNumber: z.string().nullable(),
  /** When the passcode changed (epoch ms). */
  lastUpdated: z.number(),
  oldPasscode: z.string().nullable(),
  newPasscode: z.string().nullable(),
  passcodeType: z.string(),
});
export type PasscodeChange = z.infer<typeof passcodeChange>;
export const passcodeHistoryPage = z.object({ changes: z.array(passcodeChange), total: z.number().int() });
export type PasscodeHistoryPage = z.infer<typeof passcodeHistoryPage>;
