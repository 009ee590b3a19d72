import { z } from 'zod';
import { lockHistoryEntry } from './lock-history.ts';
import { lockMode, lockRole, lockStatus, lockType } from './lock-protocol.ts';
import { macId } from './mac.ts';

/**
 * Locks (spec 002 sections 3 and 7, spec 001 sections 2-5; docs/locks.md): the locks behind a customer's
 * gateways, as the gateways report them (docs/mqtt.md 2.6).
 */

/** Where a lock is: its gateway's city and country, the gateway's address, the lock's time zone. */
export const lockLocation = z.object({
  city: z.string().nullable(),
  country: z.string().nullable(),
  ipAddress: z.string().nullable(),
  timeZone: z.string().nullable(),
});
export type LockLocation = z.infer<typeof lockLocation>;

/** Lock device (spec 002 section 3), with the gateway it is reached through. */
export const lockDevice = z.object({
  id: z.string(),
  macId: z.string(),
  name: z.string().nullable(),
  batteryLevel: z.number().int().nullable(),
  firmwareVersion: z.string().nullable(),
  status: lockStatus.nullable(),
  serialNumber: z.string().nullable(),
  type: z.string().nullable(),
  lastAccessedTime: z.number().nullable(),
  location: lockLocation,
  mode: lockMode.nullable(),
  /** The mode asked for (lock-mode instruction) while the lock has not confirmed it; null otherwise. */
  requestedMode: lockMode.nullable(),
  inUse: z.boolean().nullable(),
  rssi: z.number().nullable(),
  /** Heard at the gateway's last scan or probe. */
  reachable: z.boolean(),
  gatewayMacId: z.string(),
  gatewayName: z.string(),
  /** The gateway is connected now (a lock behind an offline gateway cannot be reached). */
  gatewayConnected: z.boolean(),
  scopeId: z.string(),
  /** Lock users given access to it (any delivery state). */
  userCount: z.number().int(),
  updatedAt: z.number(),
});
export type LockDevice = z.infer<typeof lockDevice>;

/** Locks list: 10, 25, 50, 100 rows, 25 by default (spec 002 section 9: other lists, lock rows per page). */
export const LOCKS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const LOCKS_DEFAULT_PAGE_SIZE = 25;
/** A gateway's locks in the gateways list (spec 001 section 9, locksRPP). */
export const GATEWAY_LOCKS_PAGE_SIZES = [5, 10, 15, 20, 25] as const;
export const GATEWAY_LOCKS_DEFAULT_PAGE_SIZE = 25;
/** The largest page any lock or lock-user list serves. */
export const LOCK_LIST_MAX_PAGE_SIZE = 100;
export const LOCK_SEARCH_MAX_LENGTH = 100;

const scopeIdParam = z.string().min(1).max(100);
const page = z.coerce.number().int().min(0).max(100_000).optional().default(0);
const pageSize = (fallback: number) =>
  z.coerce.number().int().min(1).max(LOCK_LIST_MAX_PAGE_SIZE).optional().default(fallback);

/**
 * GET /api/iot-service/get-all-locks (and get-all-locks-users, the CSV): the locks of a customer and its
 * sub-customers (`scopeId`; absent: all the caller reaches), optionally of one gateway (`macId`), searched
 * over name, MAC, serial number and type (case and spaces ignored), by name then MAC.
 */
export const locksQuery = z.object({
  scopeId: scopeIdParam.optional(),
  macId: macId.optional(),
  type: lockType.optional(),
  /**
   * Only the locks this lock user has access on (a user's assigned locks; a removal not yet confirmed counts).
   * Needs IOT_USER_READ; a user outside the caller's reach: 404.
   */
  userId: z.string().min(1).max(100).optional(),
  /** `low`: only locks reporting a battery under LOW_BATTERY_PERCENT (the Dashboard's figure). */
  battery: z.enum(['low']).optional(),
  /** Only locks holding a credential (a grant, not a removal) in this delivery state (the Dashboard's figures). */
  access: z.enum(['pending', 'sent', 'failed']).optional(),
  search: z.string().max(LOCK_SEARCH_MAX_LENGTH).optional().default(''),
  page,
  pageSize: pageSize(LOCKS_DEFAULT_PAGE_SIZE),
});
export type LocksQuery = z.input<typeof locksQuery>;

export const locksPage = z.object({ locks: z.array(lockDevice), total: z.number().int() });
export type LocksPage = z.infer<typeof locksPage>;

/** The CSV of the locks list: same filters, every row (up to this many). */
export const locksCsvQuery = locksQuery.omit({ page: true, pageSize: true });
export const LOCKS_CSV_MAX_ROWS = 100_000;
/** GET /api/locks/csv answers this file (our path, beside the Customers.csv export). */
export const LOCKS_CSV_FILE_NAME = 'Locks.csv';

/** Lock CSV export columns, in order (spec 002 section 3): one row per lock and user, '-' for empty cells. */
export const LOCKS_CSV_COLUMNS = [
  'macId',
  'name',
  'batteryLevel',
  'firmwareVersion',
  'status',
  'serialNumber',
  'type',
  'lastAccessedTime',
  'time',
  'firstName',
  'lastName',
  'email',
  'emailHash',
  'passcode',
  'employeeId',
  'division',
  'role',
  'userStatus',
  'city',
  'country',
  'ipAddress',
  'timeZone',
] as const;
/** What an empty cell of the lock (and lock-user) export holds. */
export const CSV_EMPTY_CELL = '-';

/** Where a credential is on its way to a lock (the delivery ledger, docs/locks.md). */
export const LOCK_ACCESS_STATES = ['pending', 'sent', 'confirmed', 'failed'] as const;
export const lockAccessState = z.enum(LOCK_ACCESS_STATES);
export type LockAccessState = z.infer<typeof lockAccessState>;

/** A user as one lock has it. */
export const lockUserOnLock = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mergedName: z.string(),
  email: z.string(),
  passcode: z.string().nullable(),
  cardCSN: z.string().nullable(),
  role: lockRole,
  state: lockAccessState,
  /** Revocation asked and not yet confirmed by the lock. */
  revoking: z.boolean(),
});
export type LockUserOnLock = z.infer<typeof lockUserOnLock>;

/** GET /api/iot-service/get-all-locks-users: the locks page, each lock with its users. */
export const lockWithUsers = lockDevice.extend({ users: z.array(lockUserOnLock) });
export const locksWithUsersPage = z.object({ locks: z.array(lockWithUsers), total: z.number().int() });
export type LocksWithUsersPage = z.infer<typeof locksWithUsersPage>;

/** GET /api/users-count/locks?scopeId=&macIds=: users per lock, for the locks shown (at most 100 MACs). */
export const lockUsersCountQuery = z.object({
  scopeId: scopeIdParam.optional(),
  macIds: z
    .string()
    .max(100 * 13)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(macId).max(LOCK_LIST_MAX_PAGE_SIZE))
    .optional(),
});
export const lockUsersCount = z.array(z.object({ macId: z.string(), userCount: z.number().int() }));
export type LockUsersCount = z.infer<typeof lockUsersCount>;

/**
 * GET /api/online-offline/locksCount?scopeId=: a lock is online when its gateway is connected and heard it
 * at its last scan or probe.
 */
export const locksCountQuery = z.object({ scopeId: scopeIdParam.optional() });
export const locksCount = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
});
export type LocksCount = z.infer<typeof locksCount>;

/**
 * POST /api/lock-mode-instruction/instruction/lockType/{t}: switch the locks of type `t` (in `scopeId`'s
 * subtree, or those listed in `macIds`) to `mode`. Each lock records the mode asked; a LOCK_DEVICE_MODE
 * instruction goes to each lock's gateway.
 */
export const lockModeParams = z.object({ t: lockType });
export const lockModeBody = z.object({
  mode: lockMode,
  scopeId: scopeIdParam.optional(),
  macIds: z.array(macId).min(1).max(1000).optional(),
});
export type LockModeBody = z.infer<typeof lockModeBody>;
export const lockModeResult = z.object({
  /** Locks whose requested mode was recorded. */
  locks: z.number().int(),
  /** Instructions created (one per lock whose mode differs, at most GATEWAY_LOCK_QUEUE_MIN per gateway). */
  instructions: z.array(z.object({ macId: z.string(), instructionId: z.string(), uid: z.string() })),
  /** Locks whose requested mode is recorded but not sent yet (their gateway's queue is full for now). */
  waiting: z.array(z.string()),
});
export type LockModeResult = z.infer<typeof lockModeResult>;

/** Texts of the lock actions (spec 002 section 8, spec 001 section 8). */
export const lockMessages = {
  unlockCreated: 'Successfully Created Unlock Instruction',
  lockCreated: 'Successfully Created Lock Instruction',
  instructionFailed: 'Failed To Create Instruction',
  sameTypeRequired: 'Please select same type of Locks.',
  invalidForceProbe: 'Please select valid locks for force probe',
  /** Our wording: a lock-mode request naming no lock of that type within reach. */
  noLocksOfType: 'No locks of this type to switch.',
} as const;

/** The lock/unlock history entry (spec 002 section 7, createLockUnlockEntry). */
export const lockUnlockEntryMessage = (name: string, locked: boolean) =>
  `${name} ${locked ? 'Lock' : 'Unlock'} Initiated`;

/**
 * Live messages on `live.locks(scopeId)` (spec 001 section 4): a lock's status changed (lockStatus), its data
 * (lockData: the whole row), a lock left its gateway (deleteLock), many changed at once (bulkUpdate: refetch),
 * its mode (lockMode), a user's access on it (userMapping), its gateway went offline (gatewayOffline).
 */
export const locksLiveMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('lockStatus'),
    macId: z.string(),
    gatewayMacId: z.string(),
    status: lockStatus,
    TI: z.number(),
  }),
  z.object({ type: z.literal('lockData'), lock: lockDevice }),
  z.object({ type: z.literal('deleteLock'), macId: z.string(), gatewayMacId: z.string() }),
  z.object({ type: z.literal('bulkUpdate'), gatewayMacId: z.string().optional(), count: z.number().int() }),
  z.object({
    type: z.literal('lockMode'),
    macId: z.string(),
    mode: lockMode,
    requestedMode: lockMode.nullable(),
  }),
  z.object({
    type: z.literal('userMapping'),
    macId: z.string(),
    userId: z.string(),
    state: lockAccessState,
    revoking: z.boolean(),
    /** The ledger's details (contract lock-access.ts): the gateway, why it failed, a revocation past its deadline. */
    gatewayMacId: z.string().optional(),
    reason: z.string().nullable().optional(),
    revokeOverdue: z.boolean().optional(),
    /** The access never reached the lock and was dropped. */
    removed: z.boolean().optional(),
  }),
  z.object({ type: z.literal('gatewayOffline'), gatewayMacId: z.string() }),
  /** New entries of a lock's history (a gateway's lock-events, a portal '... Initiated' entry), newest first. */
  z.object({ type: z.literal('history'), macId: z.string(), entries: z.array(lockHistoryEntry) }),
]);
export type LocksLiveMessage = z.infer<typeof locksLiveMessage>;
