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

/**
 * Columns of the passcode change history (spec 002 section 2), '-' for what is not known; each header is
 * `passcodeHistory.{id}` of the catalogue.
 */
export const PASSCODE_HISTORY_COLUMNS: {
  id: 'lockName' | 'lockSerialNumber' | 'lastUpdated' | 'oldPasscode' | 'newPasscode' | 'passcodeType';
  cell: (change: PasscodeChange) => string;
}[] = [
  { id: 'lockName', cell: (c) => c.lockName ?? c.lockMacId },
  { id: 'lockSerialNumber', cell: (c) => c.lockSerialNumber ?? '-' },
  { id: 'lastUpdated', cell: (c) => formatDateTime(c.lastUpdated) },
  { id: 'oldPasscode', cell: (c) => c.oldPasscode ?? '-' },
  { id: 'newPasscode', cell: (c) => c.newPasscode ?? '-' },
  { id: 'passcodeType', cell: (c) => c.passcodeType },
];
