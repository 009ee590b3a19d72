import {
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { LockDevice } from '@portal/contract';
import type { ReactNode } from 'react';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { formatDay, formatTime } from '../../../lib/date-time.ts';
import {
  batteryText,
  inUseText,
  isLowBattery,
  lockModeText,
  lockName,
  NO_VALUE,
  reachText,
  rssiText,
} from '../lock-display.ts';
import { type LockSelection, pageSelectionState } from '../lock-selection.ts';
import { LockStatusChip } from './LockStatusChip.tsx';
import { LockUserCount } from './LockUserCount.tsx';
import type { LockRowSlots } from './lock-row-slots.ts';

type Band = 'all' | 'md' | 'lg' | 'xl';
const shownFrom = (band: Band) =>
  band === 'all' ? undefined : { display: { xs: 'none', [band]: 'table-cell' } };

interface Column {
  label: string;
  band: Band;
  cell: (lock: LockDevice) => ReactNode;
  /** Only in the customer's list (a gateway's list is one gateway). */
  customerOnly?: boolean;
}

const COLUMNS: Column[] = [
  { label: 'MAC', band: 'lg', cell: (lock) => lock.macId },
  { label: 'Gateway', band: 'xl', cell: (lock) => lock.gatewayName || lock.gatewayMacId, customerOnly: true },
  { label: 'Type', band: 'md', cell: (lock) => lock.type ?? NO_VALUE },
  {
    label: 'Battery',
    band: 'all',
    cell: (lock) => (
      <Typography variant="body2" color={isLowBattery(lock.batteryLevel) ? 'error' : undefined}>
        {batteryText(lock.batteryLevel)}
      </Typography>
    ),
  },
  { label: 'Status', band: 'all', cell: (lock) => <LockStatusChip status={lock.status} /> },
  { label: 'Mode', band: 'md', cell: (lock) => lockModeText(lock.mode, lock.requestedMode) },
  { label: 'In use', band: 'lg', cell: (lock) => inUseText(lock.inUse) },
  {
    label: 'RSSI',
    band: 'lg',
    cell: (lock) => (
      <>
        <span>{rssiText(lock.rssi)}</span>
        <Typography variant="caption" color="text.secondary" component="div">
          {reachText(lock)}
        </Typography>
      </>
    ),
  },
  {
    label: 'Last accessed',
    // From 1536 px: beside the lock/unlock and history actions it would push a 1280 px table sideways.
    band: 'xl',
    cell: (lock) =>
      lock.lastAccessedTime ? (
        <>
          <span>{formatDay(lock.lastAccessedTime)}</span>
          <Typography variant="caption" color="text.secondary" component="div">
            {formatTime(lock.lastAccessedTime)}
          </Typography>
        </>
      ) : (
        NO_VALUE
      ),
  },
];

interface LocksTableProps extends LockRowSlots {
  locks: LockDevice[];
  gatewayMacId: string | undefined;
  selection: LockSelection;
  emptyText: string;
  /** Selecting locks (for Add User); absent: no select boxes. */
  onToggle?: (lock: LockDevice) => void;
  onTogglePage?: () => void;
  /** The users of a lock; absent: the count alone. */
  onShowUsers?: (lock: LockDevice) => void;
}

/** The locks as a table (from 600 px): more columns as the width allows, every one from 1200 px. */
export function LocksTable({
  locks,
  gatewayMacId,
  selection,
  emptyText,
  onToggle,
  onTogglePage,
  onShowUsers,
  renderLockAction,
}: LocksTableProps) {
  const columns = COLUMNS.filter((column) => !(column.customerOnly && gatewayMacId));
  const pageState = pageSelectionState(selection, locks);
  return (
    <TableContainer>
      <Table size="small" aria-label="Locks" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {onToggle && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={pageState.checked}
                  indeterminate={pageState.indeterminate}
                  disabled={locks.length === 0}
                  onChange={onTogglePage}
                  slotProps={{ input: { 'aria-label': 'Select the locks of this page' } }}
                />
              </TableCell>
            )}
            <TableCell>Name</TableCell>
            {columns.map((column) => (
              <TableCell key={column.label} sx={shownFrom(column.band)}>
                {column.label}
              </TableCell>
            ))}
            <TableCell align="right">Users</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {locks.map((lock) => {
            const name = lockName(lock);
            return (
              <TableRow key={lock.macId} hover aria-label={name} selected={selection.has(lock.macId)}>
                {onToggle && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selection.has(lock.macId)}
                      onChange={() => onToggle(lock)}
                      slotProps={{ input: { 'aria-label': `Select ${name}` } }}
                    />
                  </TableCell>
                )}
                <TableCell component="th" scope="row" sx={{ minWidth: 110, overflowWrap: 'break-word' }}>
                  {name}
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column.label} sx={{ whiteSpace: 'nowrap', ...shownFrom(column.band) }}>
                    {column.cell(lock)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <LockUserCount lock={lock} name={name} onShowUsers={onShowUsers} />
                  {renderLockAction?.(lock)}
                </TableCell>
              </TableRow>
            );
          })}
          {locks.length === 0 && (
            <EmptyTableRow colSpan={columns.length + (onToggle ? 3 : 2)} text={emptyText} />
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
