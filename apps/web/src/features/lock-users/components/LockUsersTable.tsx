import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { LockUser } from '@portal/contract';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { lockUserName, orDash } from '../lock-users-list.ts';
import { type LockUserActionHandlers, LockUserActions } from './LockUserActions.tsx';

/**
 * Columns beyond Name and Email, each shown from the width where it fits beside the side navigation: Mobile No
 * and Card from 1200 px, Employee Id and Division from 1536 px; phones get cards with every field.
 */
const COLUMNS: { label: string; text: (user: LockUser) => string; from?: 'lg' | 'xl' }[] = [
  { label: 'Employee Id', text: (user) => orDash(user.employeeId), from: 'xl' },
  { label: 'Division', text: (user) => orDash(user.division), from: 'xl' },
  { label: 'Mobile No', text: (user) => orDash(user.mobileNo), from: 'lg' },
  { label: 'Card', text: (user) => orDash(user.cardCSN), from: 'lg' },
  { label: 'Locks', text: (user) => String(user.lockCount) },
];
const shownFrom = (from: 'lg' | 'xl' | undefined) =>
  from ? { display: { xs: 'none', [from]: 'table-cell' } } : undefined;

interface LockUsersTableProps extends LockUserActionHandlers {
  users: LockUser[];
  canWrite: boolean;
  emptyText: string;
}

/** The lock users as a table (from 600 px; phones get cards). */
export function LockUsersTable({ users, canWrite, emptyText, ...actions }: LockUsersTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Lock Users" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column.label} sx={shownFrom(column.from)}>
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
              <TableCell sx={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>{user.email}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column.label} sx={shownFrom(column.from)}>
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
