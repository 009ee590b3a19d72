import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { lastPage } from '../../../lib/list-paging.ts';
import type { GatewayAction } from '../gateway-actions.ts';
import { columnLayout, columnsFor } from '../gateway-columns.ts';
import { GATEWAY_LIST_NAME, GATEWAY_PAGE_SIZES } from '../gateway-list-paging.ts';
import { type GatewaySort, type GatewaySortKey, nextSort } from '../gateway-sort.ts';
import { GatewayRow } from './GatewayRow.tsx';
import { useElementWidth } from './use-element-width.ts';

interface GatewayTableProps {
  /** How many gateways the list has (the server's count). */
  count: number;
  /** The loaded gateways by list position. */
  rows: ReadonlyMap<number, GatewaySummary>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The order the server lists in; a header click asks another. */
  sort: GatewaySort;
  onSortChange: (sort: GatewaySort) => void;
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
 * time (rows per page 5 to 25, remembered in the session as locksRPP). The server sorts and pages (issue
 * 14.9): the page holds only the rows of the page shown.
 */
export function GatewayTable({
  count,
  rows,
  page,
  pageSize,
  onPageChange,
  sort,
  onSortChange,
  onOpen,
  selectedMacs,
  onToggleSelect,
  customerNames,
  emptyText,
}: GatewayTableProps) {
  const t = useT('gateways');
  // Where every column does not fit (a phone; a laptop with the navigation open, more so with the select
  // boxes or a Customer column) the status and actions come right after the name, in sight while the rest
  // scrolls (gateway-columns.ts). The width all columns need is measured once they overflow.
  const selecting = selectedMacs !== undefined;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const container = useRef<HTMLDivElement>(null);
  const width = useElementWidth(container);
  const layoutKey = `${customerNames !== undefined}-${selecting}`;
  const [fullWidthNeeded, setFullWidthNeeded] = useState<Record<string, number>>({});
  const layout = columnLayout(phone, width, fullWidthNeeded[layoutKey]);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || layout !== 'full' || element.scrollWidth <= element.clientWidth + 1) return;
    const needed = element.scrollWidth;
    setFullWidthNeeded((current) => ({ ...current, [layoutKey]: needed }));
  });
  const mixed = customerNames !== undefined;
  const columns = useMemo(() => columnsFor(mixed, layout), [mixed, layout]);
  // One array per layout: the rows are memoised.
  const columnIds = useMemo(() => columns.map((column) => column.id), [columns]);
  const sortBy = sort;
  // A list shortened by a search or a deletion steps back to its last page.
  useEffect(() => {
    if (page > lastPage(count, pageSize)) onPageChange(lastPage(count, pageSize));
  }, [count, page, pageSize, onPageChange]);
  const shown: GatewaySummary[] = [];
  for (let i = page * pageSize; i < Math.min(count, (page + 1) * pageSize); i++) {
    const gateway = rows.get(i);
    if (gateway) shown.push(gateway);
  }
  const sortOn = (key: GatewaySortKey) => {
    onSortChange(nextSort(sortBy, key));
    onPageChange(0);
  };
  return (
    <>
      <TableContainer ref={container}>
        <Table
          size="small"
          aria-label={t('table.label')}
          sx={{ '& tbody th, & td': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              {selecting && <TableCell padding="checkbox" />}
              {columns.map((column) => {
                const sortLabel = (key: GatewaySortKey, label: string) => {
                  const active = key === sortBy.key;
                  return (
                    <TableSortLabel
                      key={key}
                      active={active}
                      direction={active ? sortBy.order : 'asc'}
                      onClick={() => sortOn(key)}
                    >
                      {label}
                    </TableSortLabel>
                  );
                };
                const keys = [column.sortKey, column.alsoSorts?.sortKey];
                const active = column.sortKey !== undefined && keys.includes(sortBy.key);
                return (
                  <TableCell
                    key={column.id}
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
                    {column.sortKey
                      ? sortLabel(column.sortKey, t(`columns.${column.id}`))
                      : t(`columns.${column.id}`)}
                    {column.alsoSorts &&
                      sortLabel(column.alsoSorts.sortKey, t(`columns.${column.alsoSorts.id}`))}
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
                columns={columnIds}
                statusUnderName={layout === 'phone'}
              />
            ))}
            {count === 0 && (
              <EmptyTableRow
                colSpan={columns.length + (selecting ? 1 : 0)}
                text={emptyText ?? t('table.empty')}
              />
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        listName={GATEWAY_LIST_NAME}
        count={count}
        page={page}
        pageSize={pageSize}
        pageSizes={GATEWAY_PAGE_SIZES}
        onPageChange={onPageChange}
      />
    </>
  );
}
