import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { useEffect, useMemo, useState } from 'react';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { lastPage } from '../../../lib/list-paging.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import type { GatewayAction } from '../gateway-actions.ts';
import { GATEWAY_LIST_NAME, GATEWAY_PAGE_SIZES, gatewayPageSize } from '../gateway-list-paging.ts';
import {
  DEFAULT_GATEWAY_SORT,
  type GatewaySort,
  type GatewaySortKey,
  nextSort,
  sortGateways,
} from '../gateway-sort.ts';
import { GatewayRow } from './GatewayRow.tsx';

interface Column {
  label: string;
  /** The column's sort key; Actions has none. */
  sortKey?: GatewaySortKey;
  numeric?: boolean;
}

const CUSTOMER_COLUMN: Column = { label: 'Customer', sortKey: 'customer' };
const COLUMNS: Column[] = [
  { label: 'Name', sortKey: 'name' },
  { label: 'MAC', sortKey: 'macId' },
  { label: 'Status', sortKey: 'status' },
  { label: 'Since', sortKey: 'since' },
  { label: 'Firmware', sortKey: 'firmware' },
  { label: 'OS Version', sortKey: 'os' },
  { label: 'CO2 (ppm)', sortKey: 'co2', numeric: true },
  { label: 'Temperature (°C)', sortKey: 'temperature', numeric: true },
  { label: 'Last update', sortKey: 'lastUpdate' },
  { label: 'Actions' },
];

interface GatewayTableProps {
  gateways: GatewaySummary[];
  onOpen: (action: GatewayAction, macId: string) => void;
  selectedMacs?: ReadonlySet<string>;
  onToggleSelect: (macId: string) => void;
  /** In a view mixing customers: their names by id, for the Customer column; undefined otherwise. */
  customerNames?: ReadonlyMap<string, string>;
  /** Shown when no gateway is listed (no match of the search or filters). */
  emptyText?: string;
}

/**
 * The list view: sorted by a column (a header click; again for the other direction), a page of gateways at a
 * time (rows per page 5 to 25, remembered in the session as locksRPP). The whole list is in the browser, so it
 * sorts here, over every gateway listed, before paging.
 */
export function GatewayTable({
  gateways,
  onOpen,
  selectedMacs,
  onToggleSelect,
  customerNames,
  emptyText = 'No gateways found.',
}: GatewayTableProps) {
  const session = useSession();
  const pageSize = gatewayPageSize(rowsPerPageFor(session, GATEWAY_LIST_NAME, 0));
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<GatewaySort>(DEFAULT_GATEWAY_SORT);
  const columns = customerNames ? [COLUMNS[0]!, CUSTOMER_COLUMN, ...COLUMNS.slice(1)] : COLUMNS;
  const sortBy = customerNames || sort.key !== 'customer' ? sort : DEFAULT_GATEWAY_SORT;
  const sorted = useMemo(
    () => sortGateways(gateways, sortBy, (scopeId) => customerNames?.get(scopeId) ?? ''),
    [gateways, sortBy, customerNames],
  );
  // A list shortened by a search or a deletion steps back to its last page.
  useEffect(() => {
    if (page > lastPage(gateways.length, pageSize)) setPage(lastPage(gateways.length, pageSize));
  }, [gateways.length, page, pageSize]);
  const shown = sorted.slice(page * pageSize, (page + 1) * pageSize);
  const selecting = selectedMacs !== undefined;
  const sortOn = (key: GatewaySortKey) => {
    setSort(nextSort(sortBy, key));
    setPage(0);
  };
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Gateways" sx={{ '& tbody th, & td': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              {selecting && <TableCell padding="checkbox" />}
              {columns.map((column) => {
                const active = column.sortKey !== undefined && column.sortKey === sortBy.key;
                return (
                  <TableCell
                    key={column.label}
                    align={column.numeric ? 'right' : 'left'}
                    sortDirection={active ? sortBy.order : false}
                    aria-sort={
                      column.sortKey === undefined
                        ? undefined
                        : active
                          ? sortBy.order === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : 'none'
                    }
                  >
                    {column.sortKey ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? sortBy.order : 'asc'}
                        onClick={() => column.sortKey && sortOn(column.sortKey)}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((gateway) => (
              <GatewayRow
                key={gateway.id}
                gateway={gateway}
                onOpen={onOpen}
                selected={selectedMacs ? selectedMacs.has(gateway.macId) : undefined}
                onToggleSelect={onToggleSelect}
                customerName={customerNames ? (customerNames.get(gateway.scopeId) ?? '-') : undefined}
              />
            ))}
            {shown.length === 0 && (
              <EmptyTableRow colSpan={columns.length + (selecting ? 1 : 0)} text={emptyText} />
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        listName={GATEWAY_LIST_NAME}
        count={gateways.length}
        page={page}
        pageSize={pageSize}
        pageSizes={GATEWAY_PAGE_SIZES}
        onPageChange={setPage}
      />
    </>
  );
}
