import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { LockUser } from '@portal/contract';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { formatNumber, useT } from '../../../lib/i18n/index.ts';
import { lockUserName, orDash } from '../lock-users-list.ts';
import { type LockUserActionHandlers, LockUserActions } from './LockUserActions.tsx';

/**
 * Columns beyond Name and Email, each shown from the width where it fits beside the side navigation: Mobile No
 * and Card from 1200 px, Employee Id and Division from 1536 px; phones get cards with every field.
 */
const COLUMNS: {
  id: 'employeeId' | 'division' | 'mobileNo' | 'card' | 'locks';
  text: (user: LockUser) => string;
  from?: 'lg' | 'xl';
}[] = [
  { id: 'employeeId', text: (user) => orDash(user.employeeId), from: 'xl' },
  { id: 'division', text: (user) => orDash(user.division), from: 'xl' },
  { id: 'mobileNo', text: (user) => orDash(user.mobileNo), from: 'lg' },
  { id: 'card', text: (user) => orDash(user.cardCSN), from: 'lg' },
  { id: 'locks', text: (user) => formatNumber(user.lockCount) },
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
  const t = useT('lock-users');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('table.label')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.name')}</TableCell>
            <TableCell>{t('columns.email')}</TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column.id} sx={shownFrom(column.from)}>
                {t(`columns.${column.id}`)}
              </TableCell>
            ))}
            <TableCell align="right">{t('columns.actions')}</TableCell>
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
                <TableCell key={column.id} sx={shownFrom(column.from)}>
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
