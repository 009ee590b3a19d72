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
import { useT } from '../../../lib/i18n/index.ts';
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
  /** Its header: `columns.{id}` of the catalogue. */
  id: 'mac' | 'gateway' | 'type' | 'battery' | 'status' | 'mode' | 'inUse' | 'rssi' | 'lastAccessed';
  band: Band;
  cell: (lock: LockDevice) => ReactNode;
  /** Only in the customer's list (a gateway's list is one gateway). */
  customerOnly?: boolean;
}

const COLUMNS: Column[] = [
  { id: 'mac', band: 'lg', cell: (lock) => lock.macId },
  { id: 'gateway', band: 'xl', cell: (lock) => lock.gatewayName || lock.gatewayMacId, customerOnly: true },
  { id: 'type', band: 'md', cell: (lock) => lock.type ?? NO_VALUE },
  {
    id: 'battery',
    band: 'all',
    cell: (lock) => (
      <Typography variant="body2" color={isLowBattery(lock.batteryLevel) ? 'error' : undefined}>
        {batteryText(lock.batteryLevel)}
      </Typography>
    ),
  },
  { id: 'status', band: 'all', cell: (lock) => <LockStatusChip status={lock.status} /> },
  { id: 'mode', band: 'md', cell: (lock) => lockModeText(lock.mode, lock.requestedMode) },
  { id: 'inUse', band: 'lg', cell: (lock) => inUseText(lock.inUse) },
  {
    id: 'rssi',
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
    id: 'lastAccessed',
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
  const t = useT('locks');
  const columns = COLUMNS.filter((column) => !(column.customerOnly && gatewayMacId));
  const pageState = pageSelectionState(selection, locks);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('table.label')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {onToggle && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={pageState.checked}
                  indeterminate={pageState.indeterminate}
                  disabled={locks.length === 0}
                  onChange={onTogglePage}
                  slotProps={{ input: { 'aria-label': t('table.selectPage') } }}
                />
              </TableCell>
            )}
            <TableCell>{t('columns.name')}</TableCell>
            {columns.map((column) => (
              <TableCell key={column.id} sx={shownFrom(column.band)}>
                {t(`columns.${column.id}`)}
              </TableCell>
            ))}
            <TableCell align="right">{t('columns.users')}</TableCell>
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
                      slotProps={{ input: { 'aria-label': t('table.select', { name }) } }}
                    />
                  </TableCell>
                )}
                <TableCell component="th" scope="row" sx={{ minWidth: 110, overflowWrap: 'break-word' }}>
                  {name}
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column.id} sx={{ whiteSpace: 'nowrap', ...shownFrom(column.band) }}>
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
