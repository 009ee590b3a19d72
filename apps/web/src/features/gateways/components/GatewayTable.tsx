import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { useEffect, useState } from 'react';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { lastPage } from '../../../lib/list-paging.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import type { GatewayAction } from '../gateway-actions.ts';
import { GATEWAY_LIST_NAME, GATEWAY_PAGE_SIZES, gatewayPageSize } from '../gateway-list-paging.ts';
import { GatewayRow } from './GatewayRow.tsx';

interface Column {
  label: string;
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'MAC' },
  { label: 'Status' },
  { label: 'Since' },
  { label: 'Firmware' },
  { label: 'OS Version' },
  { label: 'CO2 (ppm)', numeric: true },
  { label: 'Temperature (°C)', numeric: true },
  { label: 'Last update' },
  { label: 'Actions' },
];

interface GatewayTableProps {
  gateways: GatewaySummary[];
  onOpen: (action: GatewayAction, macId: string) => void;
  selectedMacs?: ReadonlySet<string>;
  onToggleSelect: (macId: string) => void;
}

/** The list view: a page of gateways at a time (rows per page 5 to 25, remembered in the session as locksRPP). */
export function GatewayTable({ gateways, onOpen, selectedMacs, onToggleSelect }: GatewayTableProps) {
  const session = useSession();
  const pageSize = gatewayPageSize(rowsPerPageFor(session, GATEWAY_LIST_NAME, 0));
  const [page, setPage] = useState(0);
  // A list shortened by a search or a deletion steps back to its last page.
  useEffect(() => {
    if (page > lastPage(gateways.length, pageSize)) setPage(lastPage(gateways.length, pageSize));
  }, [gateways.length, page, pageSize]);
  const shown = gateways.slice(page * pageSize, (page + 1) * pageSize);
  const selecting = selectedMacs !== undefined;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Gateways" sx={{ '& tbody th, & td': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              {selecting && <TableCell padding="checkbox" />}
              {COLUMNS.map((column) => (
                <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                  {column.label}
                </TableCell>
              ))}
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
              />
            ))}
            {shown.length === 0 && (
              <EmptyTableRow colSpan={COLUMNS.length + (selecting ? 1 : 0)} text="No gateways found." />
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
