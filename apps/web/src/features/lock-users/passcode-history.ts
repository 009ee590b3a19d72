import {
  PASSCODE_HISTORY_DEFAULT_PAGE_SIZE,
  PASSCODE_HISTORY_PAGE_SIZES,
  type PasscodeChange,
} from '@portal/contract';
import { formatDateTime } from '../../lib/date-time.ts';

export const PASSCODE_HISTORY_LIST_NAME = 'passcodeHistory';

/** The remembered rows per page when it is one of 25, 50, 100; else 25 (spec 002 section 9). */
export const passcodeHistoryPageSize = (remembered: number | undefined) =>
  remembered !== undefined && (PASSCODE_HISTORY_PAGE_SIZES as readonly number[]).includes(remembered)
    ? remembered
    : PASSCODE_HISTORY_DEFAULT_PAGE_SIZE;

/** Columns of the passcode change history (spec 002 section 2), '-' for what is not known. */
export const PASSCODE_HISTORY_COLUMNS: { label: string; cell: (change: PasscodeChange) => string }[] = [
  { label: 'Lock Name', cell: (c) => c.lockName ?? c.lockMacId },
  { label: 'Lock Serial Number', cell: (c) => c.lockSerialNumber ?? '-' },
  { label: 'Last Updated', cell: (c) => formatDateTime(c.lastUpdated) },
  { label: 'Old Passcode', cell: (c) => c.oldPasscode ?? '-' },
  { label: 'New Passcode', cell: (c) => c.newPasscode ?? '-' },
  { label: 'Passcode Type', cell: (c) => c.passcodeType },
];
