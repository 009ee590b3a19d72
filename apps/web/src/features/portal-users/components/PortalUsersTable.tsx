import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  useMediaQuery,
} from '@mui/material';
import type { PortalUser } from '@portal/contract';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { SortableHeaderCell } from '../../../components/SortableHeaderCell.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { type PortalUserViewer, portalUserRowAccess } from '../portal-user-access.ts';
import type { Sort, SortBy } from '../portal-users-list.ts';
import { PortalUserRow } from './PortalUserRow.tsx';

const COLUMNS = [
  { label: 'name', sortBy: 'name' },
  { label: 'email', sortBy: 'email' },
  { label: 'twoFactor', sortBy: 'secureAuthentication' },
] as const satisfies readonly { label: string; sortBy: SortBy }[];

/** Narrower than this, the e-mail goes under the name: four columns did not fit a phone (Actions scrolled out of view). */
const compactQuery = (theme: Theme) => theme.breakpoints.down('md');

interface PortalUsersTableProps {
  users: PortalUser[];
  /** The text of the empty table: no match for a search, or no users yet. */
  emptyText: string;
  viewer: PortalUserViewer;
  sort: Sort;
  onSort: (column: SortBy) => void;
  onEdit: (user: PortalUser) => void;
  onDelete: (user: PortalUser) => void;
  onTwoFactorToggle: (user: PortalUser) => void;
}

export function PortalUsersTable({
  users,
  emptyText,
  viewer,
  sort,
  onSort,
  ...rowActions
}: PortalUsersTableProps) {
  const t = useT('portal-users');
  const compact = useMediaQuery(compactQuery, { noSsr: true });
  const columns = compact ? COLUMNS.filter((column) => column.sortBy !== 'email') : COLUMNS;
  return (
    <TableContainer>
      {/* Narrower cell gutters on a phone leave the name and e-mail more of the width. */}
      <Table
        size="small"
        aria-label={t('table.label')}
        sx={compact ? { '& .MuiTableCell-root': { px: 1 } } : undefined}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <SortableHeaderCell
                key={column.sortBy}
                label={t(`table.${column.label}`)}
                column={column.sortBy}
                sort={sort}
                onSort={onSort}
              />
            ))}
            <TableCell align="right">{t('table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <PortalUserRow
              key={user.id}
              user={user}
              access={portalUserRowAccess(viewer, user)}
              compact={compact}
              {...rowActions}
            />
          ))}
          {users.length === 0 && <EmptyTableRow colSpan={columns.length + 1} text={emptyText} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
