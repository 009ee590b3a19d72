import { z } from 'zod';
import {
  LOCK_ACCESS_METHODS,
  LOCK_ALARMS,
  LOCK_EVENT_KINDS,
  LOCK_REFUSALS,
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

/** Texts of the lock toggle's outcome (ours; the spec gives only the creation texts). */
export const lockResultTexts = {
  unlocked: (name: string) => `${name} unlocked`,
  locked: (name: string) => `${name} locked`,
  failed: (name: string, reason: string) => `${name}: lock instruction failed (${reason})`,
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
