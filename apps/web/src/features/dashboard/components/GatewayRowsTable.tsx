import {
  Alert,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { formatFirmware } from '../../../components/gateway-display.ts';
import { usePaginationProps } from '../../../components/ListPagination.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useReachablePage } from '../api/get-reachable-page.ts';

const PAGE_SIZES = [10, 25, 50] as const;

/** The dashboard gateway rows (spec 002 section 3: NAME, MAC, OS, FW, CS, tenantName), paged on the server. */
export function GatewayRowsTable({ scopeId }: { scopeId: string }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const rows = useReachablePage(scopeId, page, size);
  const t = useT('dashboard');
  const messageText = useMessageText();
  const paginationProps = usePaginationProps();
  if (rows.isError) return <Alert severity="error">{messageText(rows.error.message)}</Alert>;
  const data = rows.data;
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('table.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('table.name')}</TableCell>
              <TableCell>{t('table.mac')}</TableCell>
              <TableCell>{t('table.customer')}</TableCell>
              <TableCell>{t('table.os')}</TableCell>
              <TableCell>{t('table.fw')}</TableCell>
              <TableCell>{t('table.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.content ?? []).map((row) => (
              <TableRow key={row.MAC}>
                <TableCell>{row.NAME}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{row.MAC}</TableCell>
                <TableCell>{row.tenantName}</TableCell>
                <TableCell>{row.OS ?? '-'}</TableCell>
                <TableCell>{formatFirmware(row.FW)}</TableCell>
                <TableCell>{row.CS === 1 ? t('table.online') : t('table.offline')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        {...paginationProps}
        component="div"
        count={data?.totalElements ?? 0}
        page={data && page >= data.totalPages && data.totalPages > 0 ? data.totalPages - 1 : page}
        rowsPerPage={size}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </>
  );
}
