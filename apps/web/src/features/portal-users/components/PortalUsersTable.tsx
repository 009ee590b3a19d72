import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { PortalUser } from '@portal/contract';
import { type PortalUserViewer, portalUserRowAccess } from '../portal-user-access.ts';
import type { Sort, SortBy } from '../portal-users-list.ts';
import { PortalUserRow } from './PortalUserRow.tsx';

const COLUMNS: { label: string; sortBy: SortBy }[] = [
  { label: 'Name', sortBy: 'name' },
  { label: 'Email', sortBy: 'email' },
  { label: 'Two FA', sortBy: 'secureAuthentication' },
];

interface PortalUsersTableProps {
  users: PortalUser[];
  viewer: PortalUserViewer;
  sort: Sort;
  onSort: (column: SortBy) => void;
  onEdit: (user: PortalUser) => void;
  onDelete: (user: PortalUser) => void;
  onTwoFactorToggle: (user: PortalUser) => void;
}

export function PortalUsersTable({ users, viewer, sort, onSort, ...rowActions }: PortalUsersTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Users">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => {
              const active = sort.sortBy === column.sortBy;
              return (
                <TableCell key={column.sortBy} sortDirection={active ? sort.sortOrder : false}>
                  <TableSortLabel
                    active={active}
                    direction={active ? sort.sortOrder : 'asc'}
                    onClick={() => onSort(column.sortBy)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              );
            })}
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <PortalUserRow
              key={user.id}
              user={user}
              access={portalUserRowAccess(viewer, user)}
              {...rowActions}
            />
          ))}
          {users.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + 1}>
                <Typography color="text.secondary">No users found.</Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
