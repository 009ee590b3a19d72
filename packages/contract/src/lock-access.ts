import { z } from 'zod';
import { LOCK_CREDENTIAL_FAILURES, lockRole, lockSchedule, PASSCODE_PATTERN } from './lock-protocol.ts';
import { lockAccessState } from './locks.ts';
import { macId } from './mac.ts';

/**
 * The delivery ledger (docs/locks.md, "Delivery ledger"): giving a lock user access to locks and taking it away,
 * carried to the locks by ADD_LOCKDEVICE_USER / REMOVE_LOCKDEVICE_USER / REMOVE_IOT_USER (docs/mqtt.md 3.6), one
 * lock command at a time per gateway, and for every credential on every lock where it is.
 */

/**
 * Why a credential is not where it should be: the gateway's reasons, the portal's own (GATEWAY_OFFLINE,
 * TIMED_OUT), and ABORTED (its instruction was aborted from the pending-instructions list).
 */
export const LOCK_ACCESS_REASONS = [...LOCK_CREDENTIAL_FAILURES, 'ABORTED'] as const;
export const lockAccessReason = z.enum(LOCK_ACCESS_REASONS);
export type LockAccessReason = z.infer<typeof lockAccessReason>;

/** Reasons worth another attempt (after a back-off); the others are final until access is given again. */
export const RETRYABLE_LOCK_ACCESS_REASONS: readonly LockAccessReason[] = [
  'LOCK_UNREACHABLE',
  'LOW_BATTERY',
  'JAMMED',
  'GATEWAY_BUSY',
  'GATEWAY_REBOOTED',
  'GATEWAY_OFFLINE',
  'TIMED_OUT',
];

/** What the ledger is carrying to the lock: the credential (grant) or its removal (revoke). */
export const lockAccessOperation = z.enum(['grant', 'revoke']);

/** Locks in one POST /api/lock-user-access. */
export const LOCK_ACCESS_MAX_LOCKS = 100;

export const lockAccessMessages = {
  noCard: 'This user has no card to give.',
  lockOutOfReach: "The lock is not within reach of the user's customer.",
  passcodeFormat: 'Passcode must be 4 to 10 digits.',
  credentialRequired: 'Give a passcode, the card, or both.',
} as const;

/** POST /api/lock-user-access: give a user access to locks (passcode, the user's card, or both). */
export const grantLockAccessBody = z
  .object({
    userId: z.string().uuid(),
    lockIds: z.array(z.string().uuid()).min(1).max(LOCK_ACCESS_MAX_LOCKS),
    passcode: z.string().regex(PASSCODE_PATTERN, lockAccessMessages.passcodeFormat).nullable().optional(),
    /** The user's own card (its cardCSN) goes to the locks too. */
    card: z.boolean().default(false),
    role: lockRole.default('USER'),
    schedule: lockSchedule.nullable().optional(),
  })
  .refine((b) => Boolean(b.passcode) || b.card, {
    message: lockAccessMessages.credentialRequired,
    path: ['passcode'],
  });

/**
 * The grant's credential rules for a form (the same as the body's above): why a passcode ('' or null: none)
 * and card cannot be given, or null.
 */
export function lockCredentialProblem(passcode: string | null, card: boolean): string | null {
  if (passcode && !PASSCODE_PATTERN.test(passcode)) return lockAccessMessages.passcodeFormat;
  return passcode || card ? null : lockAccessMessages.credentialRequired;
}

/** One credential on one lock, as the ledger has it. Times are epoch ms. */
export const lockAccessEntry = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  lockId: z.string(),
  lockMac: z.string(),
  lockName: z.string().nullable(),
  gatewayMacId: z.string(),
  gatewayConnected: z.boolean(),
  passcode: z.string().nullable(),
  cardCSN: z.string().nullable(),
  role: lockRole,
  operation: lockAccessOperation,
  state: lockAccessState,
  reason: lockAccessReason.nullable(),
  attempts: z.number().int(),
  lastAttemptAt: z.number().nullable(),
  /** When the next attempt is due (null: none planned). */
  nextAttemptAt: z.number().nullable(),
  confirmedAt: z.number().nullable(),
  revokeRequestedAt: z.number().nullable(),
  revokeConfirmedAt: z.number().nullable(),
  /** A revocation not confirmed within LOCK_REVOKE_DEADLINE_MINUTES: shown as a warning. */
  revokeOverdue: z.boolean(),
});
export type LockAccessEntry = z.infer<typeof lockAccessEntry>;

/** A gateway's queue of lock commands from the ledger: waiting, and the one the gateway has now. */
export const lockCommandQueue = z.object({
  gatewayMacId: z.string(),
  depth: z.number().int(),
  inFlight: z.object({ accessId: z.string(), instructionUid: z.string(), since: z.number() }).nullable(),
});
export type LockCommandQueue = z.infer<typeof lockCommandQueue>;

/** GET /api/lock-user-access/userId/{id} and /lockId/{id}: the ledger rows and their gateways' queues. */
export const lockAccessLedger = z.object({
  access: z.array(lockAccessEntry),
  queues: z.array(lockCommandQueue),
});
export type LockAccessLedger = z.infer<typeof lockAccessLedger>;

export const lockAccessUserParams = z.object({ userId: z.string() });
export const lockAccessLockParams = z.object({ lockId: z.string() });
export const lockAccessRevokeParams = z.object({ userId: z.string(), lockId: z.string() });
export const lockCommandQueueParams = z.object({ macId });

/** DELETE /api/lock-user-access/userId/{u}/lockId/{l}: `revoking` (sent to the lock) or `removed` (never there). */
export const lockAccessRevoked = z.object({ outcome: z.enum(['revoking', 'removed']) });

/**
 * A lock holds a user the ledger has no row for (a full inventory's `users`, docs/mqtt.md 2.6): the lock's history
 * gets this entry (kind PORTAL), once per lock and user id. A lock user of the portal is removed from the lock
 * (a removal row in the ledger); an id that is no lock user of the portal cannot be: it is left for the operator.
 */
export const unknownLockUserEntryMessage = (who: string, removing: boolean) =>
  removing
    ? `Unknown user ${who} found on the lock: removal sent`
    : `Unknown user ${who} found on the lock: not a lock user of the portal, remove it at the lock`;

/** Every lock command of a gateway shares its GATEWAY_LOCK_QUEUE_MIN slots (docs/locks.md 'One queue per gateway'). */
export const lockCommandMessages = {
  /** Our wording: a lock/unlock while the gateway has 50 lock commands out (409). */
  queueFull: 'The gateway already has 50 lock commands waiting. Try again when some are done.',
} as const;
