import { Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { formatFirmware } from '../../../components/gateway-display.ts';
import { SortableHeaderCell } from '../../../components/SortableHeaderCell.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import {
  COLUMNS,
  cellText,
  type GlobalSearchRow,
  gatewayPathFor,
  type Sort,
  type SortBy,
} from '../search-rules.ts';

interface GlobalSearchTableProps {
  rows: GlobalSearchRow[];
  sort: Sort;
  onSort: (column: SortBy) => void;
  onOpen: (row: GlobalSearchRow) => void;
}

/** The Gateways tab: Customer Name, Name, Os Version, FW Version, Status; a row opens the gateway. */
export function GlobalSearchTable({ rows, sort, onSort, onOpen }: GlobalSearchTableProps) {
  const t = useT('global-search');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('table')} sx={{ '& td': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <SortableHeaderCell
                key={column}
                label={t(`columns.${column}`)}
                column={column}
                sort={sort}
                onSort={onSort}
              />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={`${row.scopeId}:${row.macId}`}
              hover
              onClick={() => onOpen(row)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>{row.customerName}</TableCell>
              <TableCell>
                {/* The link makes the row reachable by keyboard; a click anywhere on the row does the same. */}
                <Link
                  component={RouterLink}
                  to={gatewayPathFor(row)}
                  onClick={(event) => event.stopPropagation()}
                >
                  {row.name}
                </Link>
              </TableCell>
              <TableCell>{cellText(row.osVersion)}</TableCell>
              <TableCell>{formatFirmware(row.fwVersion)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={t(`status.${row.status}`)}
                  color={row.status === 'Online' ? 'success' : 'default'}
                  variant="outlined"
                />
              </TableCell>
            </TableRow>
          ))}
          {rows.length === 0 && <EmptyTableRow colSpan={COLUMNS.length} text={t('empty')} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
