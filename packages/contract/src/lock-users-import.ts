import { z } from 'zod';
import {
  cardCsn,
  csvLockUserFirstName,
  csvLockUserLastName,
  lockUserDivision,
  lockUserEmployeeId,
  lockUserMobileFor,
} from './lock-users.ts';
import { email } from './people.ts';

/**
 * Bulk lock-user CSV import (spec 002 sections 5, 7, 8; docs/locks.md 'Bulk import'): the file's headers, the
 * batch size, the call's body and its answer, a result for every row. The row rules are the lock user's own
 * (lock-users.ts), with the CSV flow's wording, spaces allowed in the mobile number and the e-mail lower-cased.
 */

/** The users.csv columns, in order (spec 002 section 5). */
export const LOCK_USERS_IMPORT_HEADERS = [
  'firstName',
  'lastName',
  'division',
  'employeeId',
  'email',
  'mobileNo',
] as const;
/** The rfidUsers.csv columns: the same plus cardCSN (card mode). */
export const LOCK_USERS_IMPORT_CARD_HEADERS = [...LOCK_USERS_IMPORT_HEADERS, 'cardCSN'] as const;
export const LOCK_USERS_IMPORT_SAMPLE_FILE = 'users.csv';
export const LOCK_USERS_IMPORT_CARD_SAMPLE_FILE = 'rfidUsers.csv';
/** Rows per call (spec 002 section 9: bulk CSV batch 500); the server refuses more. */
export const LOCK_USERS_IMPORT_BATCH_SIZE = 500;
/** Ours: the largest file the browser takes, in bytes and data rows. */
export const LOCK_USERS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const LOCK_USERS_IMPORT_MAX_ROWS = 50_000;
/**
 * The server's cap on one batch's body (the route's bodyLimit): a batch is part of a file of at most
 * LOCK_USERS_IMPORT_MAX_BYTES, plus its JSON (keys, row numbers, scopeId: under 512 bytes a row). Over it: 413
 * with `lockUsersImportMessages.tooLarge`.
 */
export const LOCK_USERS_IMPORT_MAX_BATCH_BYTES =
  LOCK_USERS_IMPORT_MAX_BYTES + LOCK_USERS_IMPORT_BATCH_SIZE * 512;
export const LOCK_USERS_REFUSED_FILE_NAME = 'refused-rows.csv';

/** Ours, where the spec is silent. */
export const lockUsersImportMessages = {
  tooLarge: `The file is too large: at most ${LOCK_USERS_IMPORT_MAX_BYTES / 1024 / 1024} MB and ${LOCK_USERS_IMPORT_MAX_ROWS.toLocaleString('en')} rows.`,
  batchTooLarge: `At most ${LOCK_USERS_IMPORT_BATCH_SIZE} users per call.`,
  scopeNotReached: 'Customer not found',
  batchFailed: 'The batch could not be saved; nothing of it was changed.',
  unreadable: 'The file could not be read as CSV, please check and retry.',
} as const;
/** A row repeating an e-mail or card of an earlier row of the same file (same customer). */
export const duplicateRowMessage = (row: number) => `Repeats row ${row} of the file.`;

const cell = z.string().max(1000).nullish();

/** One row of POST /api/create-bulk-iot-lock-users: the CSV's cells as given, the customer, its line. */
export const bulkLockUserRow = z.object({
  /** The row's line in the file (1 is the header); the answer names rows by it. Absent: position + 1. */
  row: z.number().int().min(1).max(10_000_000).optional(),
  firstName: cell,
  lastName: cell,
  division: cell,
  employeeId: cell,
  email: cell,
  mobileNo: cell,
  cardCSN: cell,
  scopeId: z.string().min(1).max(100),
});
export type BulkLockUserRow = z.input<typeof bulkLockUserRow>;

/** The body: a JSON array of rows (no header); at most LOCK_USERS_IMPORT_BATCH_SIZE, checked by the service. */
export const bulkLockUsersBody = z.array(bulkLockUserRow).max(10_000);
export const bulkLockUsersQuery = z.object({
  isCardUsers: z
    .enum(['true', 'false'])
    .optional()
    .default('false')
    .transform((value) => value === 'true'),
});

/** A row's values under the lock user's rules (field errors name the CSV column). */
export const lockUserImportRow = z.object({
  firstName: csvLockUserFirstName,
  lastName: csvLockUserLastName,
  email: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(email),
  division: lockUserDivision,
  employeeId: lockUserEmployeeId,
  mobileNo: lockUserMobileFor(true),
  cardCSN: cardCsn,
});
export type LockUserImportRow = z.output<typeof lockUserImportRow>;

export const LOCK_USER_IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'refused'] as const;
export const lockUserImportResult = z.object({
  row: z.number().int(),
  outcome: z.enum(LOCK_USER_IMPORT_OUTCOMES),
  /** The refused row's column (or scopeId). */
  field: z.string().optional(),
  reason: z.string().optional(),
  /**
   * An updated row's warning, as the panel's update answers it (lockUserSaved.warning): the user's card changed
   * while locks hold another card of it (cardReconfigureMessage).
   */
  warning: z.string().optional(),
});
export type LockUserImportResult = z.infer<typeof lockUserImportResult>;
export const bulkLockUsersResponse = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  results: z.array(lockUserImportResult),
});
export type BulkLockUsersResponse = z.infer<typeof bulkLockUsersResponse>;

/** Characters a spreadsheet reads as the start of a formula (CSV injection, OWASP), as the server's exports. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** One CSV cell: a formula-looking value neutralised with a leading quote, then quoted per RFC 4180. */
export function neutralisedCsvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
