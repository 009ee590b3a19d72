import { CSV_EMPTY_CELL, LOCK_USERS_CSV_COLUMNS, type LockUser } from '@portal/contract';
import { csvCellOr } from '../../lib/csv.ts';

/** A lock a user has access to, as the export shows it. */
export interface UserLockCell {
  macId: string;
  name: string | null;
  type: string | null;
  status: string | null;
  passcode: string | null;
  role: string;
  /** When the access was given. */
  time: number;
}

/**
 * LockUsers.csv (spec 002 section 3, "a similar set" to the lock export): one row per user and lock, a user
 * without locks on one row with its lock cells '-', every empty cell '-', formula-looking cells neutralised,
 * CRLF line ends and a UTF-8 byte-order mark (as Locks.csv and Customers.csv). Times are ISO 8601 UTC.
 */
export function lockUsersCsv(rows: readonly { user: LockUser; locks: readonly UserLockCell[] }[]): string {
  const lines = [LOCK_USERS_CSV_COLUMNS.join(',')];
  for (const { user, locks } of rows) {
    for (const lock of locks.length > 0 ? locks : [null]) {
      const cells: Record<(typeof LOCK_USERS_CSV_COLUMNS)[number], string | number | null | undefined> = {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        emailHash: user.emailHash,
        employeeId: user.employeeId,
        division: user.division,
        mobileNo: user.mobileNo,
        cardCSN: user.cardCSN,
        userStatus: user.status,
        macId: lock?.macId,
        name: lock?.name,
        type: lock?.type,
        status: lock?.status,
        passcode: lock ? lock.passcode : user.passcode,
        role: lock ? lock.role : user.role,
        time: lock ? new Date(lock.time).toISOString() : null,
      };
      lines.push(LOCK_USERS_CSV_COLUMNS.map((column) => csvCellOr(cells[column], CSV_EMPTY_CELL)).join(','));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
