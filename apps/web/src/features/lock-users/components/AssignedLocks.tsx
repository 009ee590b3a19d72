import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { ASSIGNED_LOCKS_PAGE_SIZES } from '@portal/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { batteryText, LockStatusChip, lockModeText, lockName, NO_VALUE } from '../../locks/index.ts';
import { type AssignedLock, useUserLocks } from '../api/get-user-locks.ts';
import { ASSIGNED_LOCKS_LIST_NAME, assignedLocksPageSize } from '../lock-users-list.ts';

/** Each column's header is `assigned.{id}` of the catalogue. */
const COLUMNS: {
  id: 'name' | 'mode' | 'passcode' | 'role' | 'battery' | 'status';
  cell: (row: AssignedLock) => ReactNode;
}[] = [
  { id: 'name', cell: (row) => lockName(row.lock) },
  { id: 'mode', cell: (row) => lockModeText(row.lock.mode) },
  { id: 'passcode', cell: (row) => row.passcode ?? NO_VALUE },
  { id: 'role', cell: (row) => row.role },
  { id: 'battery', cell: (row) => batteryText(row.lock.batteryLevel) },
  { id: 'status', cell: (row) => <LockStatusChip status={row.lock.status} /> },
];

/**
 * A lock user's assigned locks (spec 002 section 2): name, mode, passcode, role, batteryLevel, status; 5, 10 or
 * 25 rows (section 9, remembered). A table in the panel from 600 px, cards below.
 */
export function AssignedLocks({ scopeId, userId }: { scopeId: string; userId: string }) {
  const t = useT('lock-users');
  // The locks' display texts (mode, battery, status) are the 'locks' namespace's.
  useT('locks');
  const messageText = useMessageText();
  const session = useSession();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const pageSize = assignedLocksPageSize(session.rowsPerPage[ASSIGNED_LOCKS_LIST_NAME]);
  const locks = useUserLocks(scopeId, userId, page, pageSize);
  // Another page size starts from the first page (the server pages).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the page size changes
  useEffect(() => setPage(0), [pageSize]);
  const rows = locks.data?.rows ?? [];
  const total = locks.data?.total ?? 0;

  return (
    <Stack component="section" aria-labelledby="assigned-locks-title" spacing={1}>
      <Typography id="assigned-locks-title" variant="subtitle1" component="h3">
        {t('assigned.title')}
      </Typography>
      {locks.isPending && <CircularProgress size={24} aria-label={t('assigned.loading')} />}
      {locks.isError && <Alert severity="error">{messageText(locks.error.message)}</Alert>}
      {locks.data && total === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('assigned.empty')}
        </Typography>
      )}
      {locks.data && total > 0 && (
        <>
          {phone ? (
            <Stack spacing={1} role="list" aria-label={t('assigned.title')}>
              {rows.map((row) => (
                <Card key={row.lock.macId} variant="outlined" role="listitem" aria-label={lockName(row.lock)}>
                  <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
                    <Box
                      component="dl"
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: 'max-content minmax(0, 1fr)',
                        columnGap: 2,
                        rowGap: 0.5,
                        m: 0,
                      }}
                    >
                      {COLUMNS.map((column) => (
                        <Box key={column.id} sx={{ display: 'contents' }}>
                          <Typography component="dt" variant="body2" color="text.secondary">
                            {t(`assigned.${column.id}`)}
                          </Typography>
                          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                            {column.cell(row)}
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  </CardContent>
                </Card>
              ))}
            </Stack>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('assigned.title')}>
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableCell key={column.id}>{t(`assigned.${column.id}`)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.lock.macId}>
                      {COLUMNS.map((column) => (
                        <TableCell key={column.id}>{column.cell(row)}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <ListPagination
            listName={ASSIGNED_LOCKS_LIST_NAME}
            count={total}
            page={page}
            pageSize={pageSize}
            pageSizes={ASSIGNED_LOCKS_PAGE_SIZES}
            onPageChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
