import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { CustomerQuotaUse, Scope } from '@portal/contract';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { SortableHeaderCell } from '../../../components/SortableHeaderCell.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { DETAIL_COLUMNS } from '../customer-columns.ts';
import {
  type CustomerRowAccess,
  type CustomerSort,
  type CustomerSortBy,
  type CustomerViewer,
  customerRowAccess,
} from '../customers-list.ts';
import { type CustomerActionHandlers, CustomerActionIcons, CustomerActionMenu } from './CustomerActions.tsx';
import { CustomerName } from './CustomerName.tsx';
import { QuotaFigures } from './QuotaFigures.tsx';
import { VersionMismatchCount } from './VersionMismatchCount.tsx';

interface CustomersTableProps extends CustomerActionHandlers {
  customers: Scope[];
  /** Wide: every column; otherwise the Name column only, with a menu per row. */
  wide: boolean;
  viewer: CustomerViewer;
  sort: CustomerSort;
  onSort: (column: CustomerSortBy) => void;
  onOpen: (scope: Scope) => void;
  /** Root: each customer's quotas and use, by id (shown under its name). */
  quotas?: ReadonlyMap<string, CustomerQuotaUse>;
}

function CustomerRow({
  scope,
  access,
  wide,
  onOpen,
  quota,
  ...actions
}: CustomerActionHandlers & {
  scope: Scope;
  access: CustomerRowAccess;
  wide: boolean;
  onOpen: (scope: Scope) => void;
  quota: CustomerQuotaUse | undefined;
}) {
  const open = access.open ? onOpen : undefined;
  return (
    <TableRow
      hover={access.open}
      onClick={open ? () => open(scope) : undefined}
      sx={{ cursor: open ? 'pointer' : 'default' }}
    >
      <TableCell sx={{ minWidth: 160 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <CustomerName scope={scope} onOpen={open} pending={access.pending} />
            <VersionMismatchCount scope={scope} />
          </Box>
          {!wide && <CustomerActionMenu scope={scope} access={access} {...actions} />}
        </Box>
        <QuotaFigures use={quota} />
      </TableCell>
      {wide &&
        DETAIL_COLUMNS.map((column) => (
          <TableCell key={column.sortBy} sx={{ whiteSpace: 'nowrap' }}>
            {column.text(scope)}
          </TableCell>
        ))}
      {wide && (
        <TableCell align="right">
          <CustomerActionIcons scope={scope} access={access} {...actions} />
        </TableCell>
      )}
    </TableRow>
  );
}

/** The customers as a table: all columns above 1200 px, only Name (and a menu) below. */
export function CustomersTable({
  customers,
  wide,
  viewer,
  sort,
  onSort,
  quotas,
  ...rowProps
}: CustomersTableProps) {
  const t = useT('tenants');
  const columnCount = wide ? DETAIL_COLUMNS.length + 2 : 1;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell label={t('columns.name')} column="name" sort={sort} onSort={onSort} />
            {wide &&
              DETAIL_COLUMNS.map((column) => (
                <SortableHeaderCell
                  key={column.sortBy}
                  label={t(`columns.${column.label}`)}
                  column={column.sortBy}
                  sort={sort}
                  onSort={onSort}
                />
              ))}
            {wide && <TableCell align="right">{t('columns.edit')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {customers.map((scope) => (
            <CustomerRow
              key={scope.id}
              scope={scope}
              access={customerRowAccess(viewer, scope)}
              wide={wide}
              quota={quotas?.get(scope.id)}
              {...rowProps}
            />
          ))}
          {customers.length === 0 && <EmptyTableRow colSpan={columnCount} text={t('empty')} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
