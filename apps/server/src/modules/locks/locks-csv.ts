import { CSV_EMPTY_CELL, LOCKS_CSV_COLUMNS, type LockDevice, type LockUserOnLock } from '@portal/contract';
import { csvCellOr } from '../../lib/csv.ts';

/** One (lock, user) pair of the export; `user` is absent for a lock nobody has access to. */
export interface LockCsvRow {
  lock: LockDevice;
  user?: LockUserOnLock & {
    emailHash: string | null;
    employeeId: string | null;
    division: string | null;
    userStatus: string;
    /** When the access was given (the `time` column). */
    time: number;
  };
}

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

/**
 * The lock CSV export (spec 002 section 3): the columns in the spec's order, one row per lock and user (a lock
 * without users has one row, its user cells empty), every empty cell written '-', formula-looking cells
 * neutralised (lib/csv.ts), CRLF line ends, a UTF-8 byte-order mark (as Customers.csv). Times are ISO 8601 UTC.
 */
export function locksCsv(rows: readonly LockCsvRow[]): string {
  const lines = [LOCKS_CSV_COLUMNS.join(',')];
  for (const { lock, user } of rows) {
    const cells: Record<(typeof LOCKS_CSV_COLUMNS)[number], string | number | null | undefined> = {
      macId: lock.macId,
      name: lock.name,
      batteryLevel: lock.batteryLevel,
      firmwareVersion: lock.firmwareVersion,
      status: lock.status,
      serialNumber: lock.serialNumber,
      type: lock.type,
      lastAccessedTime: iso(lock.lastAccessedTime),
      time: iso(user?.time),
      firstName: user?.firstName,
      lastName: user?.lastName,
      email: user?.email,
      emailHash: user?.emailHash,
      passcode: user?.passcode,
      employeeId: user?.employeeId,
      division: user?.division,
      role: user?.role,
      userStatus: user?.userStatus,
      city: lock.location.city,
      country: lock.location.country,
      ipAddress: lock.location.ipAddress,
      timeZone: lock.location.timeZone,
    };
    lines.push(LOCKS_CSV_COLUMNS.map((column) => csvCellOr(cells[column], CSV_EMPTY_CELL)).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
