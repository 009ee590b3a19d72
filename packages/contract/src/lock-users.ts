import { z } from 'zod';
import { lockAccessEntry } from './lock-access.ts';
import { CARD_CSN_PATTERN, lockRole, PASSCODE_PATTERN } from './lock-protocol.ts';
import { lockAccessState } from './locks.ts';
import { macId } from './mac.ts';
import { email } from './people.ts';

/**
 * Lock users (iot users): people who open locks, not portal users (spec 002 sections 2-5, 7, 8; docs/locks.md).
 * The forms and the server read these same rules.
 */

export const LOCK_USER_NAME_MAX_LENGTH = 20;
export const LOCK_USER_EMPLOYEE_ID_MAX_LENGTH = 20;
export const LOCK_USER_DIVISION_MAX_LENGTH = 20;
/** '+' then 11 to 14 digits (spec 002 sections 5 and 9). */
export const LOCK_USER_MOBILE_MIN_DIGITS = 11;
export const LOCK_USER_MOBILE_MAX_DIGITS = 14;
export const LOCK_USER_MOBILE_PATTERN = /^\+\d{11,14}$/;
export const CARD_CSN_LENGTH = 10;

export const LOCK_USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** Texts of spec 002 sections 5 and 8 (lock users), verbatim; the ones marked ours where the spec is silent. */
export const lockUserMessages = {
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  /** The CSV flow's wording. */
  csvFirstNameRequired: 'First name is required.',
  csvLastNameRequired: 'Last Name is required.',
  /** Ours: the form counts to 20 and stops; the server says why it refuses more. */
  firstNameTooLong: 'First Name can have at most 20 characters.',
  lastNameTooLong: 'Last Name can have at most 20 characters.',
  employeeIdTooLong: 'Employee Id can have at most 20 characters.',
  divisionTooLong: 'Division can have at most 20 characters.',
  invalidCard: 'Invalid card id',
  /** Ours: a passcode keypads take. */
  invalidPasscode: 'Passcode must be 4 to 10 digits.',
  /** Ours: the e-mail is fixed on update. */
  emailFixed: 'Email cannot be changed.',
  /** Ours: a second lock user with the e-mail in the same customer. */
  emailTaken: 'A lock user with this email already exists.',
  headersInvalid: 'Headers of selected csv file are not valid, please check and retry',
  fileEmpty: 'Uploaded file is empty, please check and retry.',
} as const;

/** 'Mobile No accepted format +CountryCodeMobileNo ({phone})', the number given in place of {phone}. */
export const lockUserMobileMessage = (phone: string) =>
  `Mobile No accepted format +CountryCodeMobileNo (${phone})`;
/** Delete refused: the user is on locks whose gateway is not connected (the locks go in the error's details). */
export const lockUserDeleteBlockedMessage = (name: string) =>
  `Unable to delete ${name} as the user is setup on the following lock(s) which are not connected to the Management Server. Please delete from all eLocks and retry.`;
/** The card belongs to another lock user of the customer. */
export const cardAssignedMessage = (email: string) =>
  `This card is already assigned to ${email} and cannot be assigned to this user.`;
/** The user's card changed while locks hold the old one (a warning: the change is saved). */
export const cardReconfigureMessage = (locks: readonly string[]) =>
  `This user has been configured to lock(s) ${locks.join(', ')} with a different card. Please re-configure the access with the new card.`;
/** Upload summaries (spec 002 section 8). */
export const lockUsersAddedMessage = (added: number, total: number) =>
  `Successfully added ${added}/${total} users`;
export const lockUsersUpdatedMessage = (updated: number, total: number) =>
  `Successfully updated ${updated}/${total} users`;
export const lockUsersFailedMessage = (failed: number, total: number, reason: string) =>
  `Failed to add ${failed}/${total} users - ${reason}`;

/** Display name: first plus last name, else whichever exists. */
export const lockUserMergedName = (firstName: string, lastName: string) =>
  [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');

const stripLeading = (value: string) => value.replace(/^\s+/, '');

const requiredName = (required: string, tooLong: string) =>
  z
    .string()
    .transform(stripLeading)
    .pipe(z.string().min(1, required).max(LOCK_USER_NAME_MAX_LENGTH, tooLong));

export const lockUserFirstName = requiredName(
  lockUserMessages.firstNameRequired,
  lockUserMessages.firstNameTooLong,
);
export const lockUserLastName = requiredName(
  lockUserMessages.lastNameRequired,
  lockUserMessages.lastNameTooLong,
);
/** The CSV import's name rules: the same, with its own wording. */
export const csvLockUserFirstName = requiredName(
  lockUserMessages.csvFirstNameRequired,
  lockUserMessages.firstNameTooLong,
);
export const csvLockUserLastName = requiredName(
  lockUserMessages.csvLastNameRequired,
  lockUserMessages.lastNameTooLong,
);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().max(max, message))
    .nullish()
    .transform((value) => value || null);

export const lockUserEmployeeId = optionalText(
  LOCK_USER_EMPLOYEE_ID_MAX_LENGTH,
  lockUserMessages.employeeIdTooLong,
);
export const lockUserDivision = optionalText(LOCK_USER_DIVISION_MAX_LENGTH, lockUserMessages.divisionTooLong);

/**
 * Mobile number: optional ('' and null are none); '+' then 11 to 14 digits. `spaces`: the CSV path accepts
 * spaces between the digits (removed).
 */
export const lockUserMobileFor = (spaces: boolean) =>
  z
    .string()
    .max(40)
    .nullish()
    .transform((value, ctx) => {
      const given = (value ?? '').trim();
      if (given === '') return null;
      const number = spaces ? given.replace(/(?<=\d|\+)\s+(?=\d)/g, '') : given;
      if (!LOCK_USER_MOBILE_PATTERN.test(number)) {
        ctx.addIssue({ code: 'custom', message: lockUserMobileMessage(given) });
        return z.NEVER;
      }
      return number;
    });
export const lockUserMobile = lockUserMobileFor(false);

/** Card CSN: optional, exactly 10 hex characters, stored upper-case; empty is none (null). */
export const cardCsn = z
  .string()
  .max(40)
  .nullish()
  .transform((value, ctx) => {
    const given = (value ?? '').trim();
    if (given === '') return null;
    if (!CARD_CSN_PATTERN.test(given)) {
      ctx.addIssue({ code: 'custom', message: lockUserMessages.invalidCard });
      return z.NEVER;
    }
    return given.toUpperCase();
  });

/** A default passcode for the user's locks: optional, 4 to 10 digits. */
export const lockUserPasscode = z
  .string()
  .max(40)
  .nullish()
  .transform((value, ctx) => {
    const given = (value ?? '').trim();
    if (given === '') return null;
    if (!PASSCODE_PATTERN.test(given)) {
      ctx.addIssue({ code: 'custom', message: lockUserMessages.invalidPasscode });
      return z.NEVER;
    }
    return given;
  });

/** Lock user (iot user), spec 002 section 3. */
export const lockUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mergedName: z.string(),
  email: z.string(),
  /** SHA-256 of the lower-cased e-mail, hex: how the lock apps name the user without the address. */
  emailHash: z.string().nullable(),
  division: z.string().nullable(),
  employeeId: z.string().nullable(),
  mobileNo: z.string().nullable(),
  cardCSN: z.string().nullable(),
  status: z.enum(LOCK_USER_STATUSES),
  passcode: z.string().nullable(),
  role: lockRole,
  scopeId: z.string(),
  /** Locks the user has access to (any delivery state). */
  lockCount: z.number().int(),
});
export type LockUser = z.infer<typeof lockUser>;

const scopeIdField = z.string().min(1).max(100);

/** POST /api/create-new-iot-lock-user. */
export const createLockUserBody = z.object({
  firstName: lockUserFirstName,
  lastName: lockUserLastName,
  email,
  division: lockUserDivision,
  employeeId: lockUserEmployeeId,
  mobileNo: lockUserMobile,
  cardCSN: cardCsn,
  passcode: lockUserPasscode,
  role: lockRole.optional().default('USER'),
  scopeId: scopeIdField,
});
export type CreateLockUserBody = z.input<typeof createLockUserBody>;

/**
 * PUT /api/update-iot-device-users/userId/{id}: the same fields; the e-mail is fixed (left out, or the
 * stored one); the scope cannot change. A field left out keeps its value; `cardCSN` null (or '') clears it.
 */
export const updateLockUserBody = z.object({
  firstName: lockUserFirstName,
  lastName: lockUserLastName,
  email: email.optional(),
  division: lockUserDivision.optional(),
  employeeId: lockUserEmployeeId.optional(),
  mobileNo: lockUserMobile.optional(),
  cardCSN: cardCsn.optional(),
  passcode: lockUserPasscode.optional(),
  role: lockRole.optional(),
  status: z.enum(LOCK_USER_STATUSES).optional(),
  scopeId: scopeIdField.optional(),
});
export type UpdateLockUserBody = z.input<typeof updateLockUserBody>;

export const lockUserIdParams = z.object({ id: z.string().min(1).max(100) });

/** Create and update answer the user; `warning` when locks hold an older card (cardReconfigureMessage). */
export const lockUserSaved = z.object({ user: lockUser, warning: z.string().optional() });
export type LockUserSaved = z.infer<typeof lockUserSaved>;

/** DELETE answer; a refused delete is a 409 whose details list the locks `{ locks: [{macId, name}] }`. */
export const lockUserDeleted = z.object({
  id: z.string(),
  /** Locks the user was on: their gateways are told to take the user off (delivery ledger). */
  revoking: z.number().int(),
});
export const lockUserDeleteBlockedDetails = z.object({
  locks: z.array(z.object({ macId: z.string(), name: z.string().nullable() })),
});

/** Lock users list: 10, 25, 50, 100 rows, 10 by default (spec 002 section 9, other lists). */
export const LOCK_USERS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const LOCK_USERS_DEFAULT_PAGE_SIZE = 10;
/** A user's assigned locks (spec 002 section 9). */
export const ASSIGNED_LOCKS_PAGE_SIZES = [5, 10, 25] as const;
export const ASSIGNED_LOCKS_DEFAULT_PAGE_SIZE = 5;
/** Passcode change history (spec 002 section 9). */
export const PASSCODE_HISTORY_PAGE_SIZES = [25, 50, 100] as const;
export const PASSCODE_HISTORY_DEFAULT_PAGE_SIZE = 25;

/**
 * GET /api/iotusers/all: lock users of a customer and its sub-customers (`scopeId`; absent: all the caller
 * reaches), searched over names, e-mail, employee id, division and card (case and spaces ignored), by name.
 */
export const lockUsersQuery = z.object({
  scopeId: scopeIdField.optional(),
  search: z.string().max(100).optional().default(''),
  page: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(LOCK_USERS_DEFAULT_PAGE_SIZE),
});
export type LockUsersQuery = z.input<typeof lockUsersQuery>;
export const lockUsersPage = z.object({ users: z.array(lockUser), total: z.number().int() });
export type LockUsersPage = z.infer<typeof lockUsersPage>;

/** GET /api/iot-device-user/all?scopeId&macId: the users with access to one lock (`macId`, the lock's). */
export const lockDeviceUsersQuery = z.object({ scopeId: scopeIdField.optional(), macId });
export const lockDeviceUser = lockUser.extend({
  access: z.object({
    passcode: z.string().nullable(),
    cardCSN: z.string().nullable(),
    role: lockRole,
    state: lockAccessState,
    reason: z.string().nullable(),
    revoking: z.boolean(),
  }),
});
export const lockDeviceUsers = z.array(lockDeviceUser);
export type LockDeviceUser = z.infer<typeof lockDeviceUser>;

/**
 * The lock-user export (spec 002 section 3: "a similar set" to the lock export): one row per user and lock it
 * has access to (a user without locks has one row, its lock cells empty), '-' for empty cells. `passcode`,
 * `role` and `time` are the access's on that lock (the user's defaults on a row without lock).
 */
export const LOCK_USERS_CSV_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'emailHash',
  'employeeId',
  'division',
  'mobileNo',
  'cardCSN',
  'userStatus',
  'macId',
  'name',
  'type',
  'status',
  'passcode',
  'role',
  'time',
] as const;
/** GET /api/lock-users/csv (our path, beside /api/locks/csv): the users list's filters, unpaged. */
export const lockUsersCsvQuery = lockUsersQuery.omit({ page: true, pageSize: true });
export const LOCK_USERS_CSV_FILE_NAME = 'LockUsers.csv';
export const LOCK_USERS_CSV_MAX_ROWS = 100_000;

/** Live messages on `live.lockUsers(scopeId)`: as the portal-users channel (newUser, updateUser, deleteUser). */
export const lockUsersLiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('newUser'), user: lockUser }),
  z.object({ type: z.literal('updateUser'), user: lockUser }),
  z.object({ type: z.literal('deleteUser'), id: z.string() }),
  /** A ledger row of one of the scope's users changed (contract lock-access.ts). */
  z.object({ type: z.literal('access'), access: lockAccessEntry }),
  /** A bulk import's batch changed users of the scope (one message per batch): lists are asked again. */
  z.object({ type: z.literal('bulkUpdate'), created: z.number().int(), updated: z.number().int() }),
]);
export type LockUsersLiveMessage = z.infer<typeof lockUsersLiveMessage>;
