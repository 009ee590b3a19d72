import {
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import {
  COLUMNS,
  cellText,
  firmwareText,
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
  return (
    <TableContainer>
      <Table size="small" aria-label="Gateways" sx={{ '& td': { whiteSpace: 'nowrap' } }}>
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
              <TableCell>{firmwareText(row.fwVersion)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={row.status}
                  color={row.status === 'Online' ? 'success' : 'default'}
                  variant="outlined"
                />
              </TableCell>
            </TableRow>
          ))}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>
                <Typography color="text.secondary">No gateways found.</Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
