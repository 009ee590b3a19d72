import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { PortalUser } from '@portal/contract';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { SortableHeaderCell } from '../../../components/SortableHeaderCell.tsx';
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
            {COLUMNS.map((column) => (
              <SortableHeaderCell
                key={column.sortBy}
                label={column.label}
                column={column.sortBy}
                sort={sort}
                onSort={onSort}
              />
            ))}
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
          {users.length === 0 && <EmptyTableRow colSpan={COLUMNS.length + 1} text="No users found." />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
