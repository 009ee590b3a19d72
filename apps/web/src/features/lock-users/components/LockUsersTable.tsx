import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { LockUser } from '@portal/contract';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { lockUserName, orDash } from '../lock-users-list.ts';
import { type LockUserActionHandlers, LockUserActions } from './LockUserActions.tsx';

/** Columns beyond Name and Email; the `wide` ones show only from 1200 px (the rail and the list leave room). */
const COLUMNS: { label: string; text: (user: LockUser) => string; wide: boolean }[] = [
  { label: 'Employee Id', text: (user) => orDash(user.employeeId), wide: true },
  { label: 'Division', text: (user) => orDash(user.division), wide: true },
  { label: 'Mobile No', text: (user) => orDash(user.mobileNo), wide: true },
  { label: 'Card', text: (user) => orDash(user.cardCSN), wide: true },
  { label: 'Locks', text: (user) => String(user.lockCount), wide: false },
];
const wideOnly = { display: { xs: 'none', lg: 'table-cell' } } as const;

interface LockUsersTableProps extends LockUserActionHandlers {
  users: LockUser[];
  canWrite: boolean;
  emptyText: string;
}

/** The lock users as a table (from 600 px; phones get cards). */
export function LockUsersTable({ users, canWrite, emptyText, ...actions }: LockUsersTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Lock Users">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column.label} sx={column.wide ? wideOnly : undefined}>
                {column.label}
              </TableCell>
            ))}
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover aria-label={lockUserName(user)}>
              <TableCell component="th" scope="row">
                {lockUserName(user)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column.label} sx={column.wide ? wideOnly : undefined}>
                  {column.text(user)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <LockUserActions user={user} canWrite={canWrite} {...actions} />
              </TableCell>
            </TableRow>
          ))}
          {users.length === 0 && <EmptyTableRow colSpan={COLUMNS.length + 3} text={emptyText} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
