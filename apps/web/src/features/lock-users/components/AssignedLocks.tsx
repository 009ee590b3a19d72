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
import { useSession } from '../../../lib/session.ts';
import { batteryText, LockStatusChip, lockModeText, lockName, NO_VALUE } from '../../locks/index.ts';
import { type AssignedLock, useUserLocks } from '../api/get-user-locks.ts';
import { ASSIGNED_LOCKS_LIST_NAME, assignedLocksPageSize } from '../lock-users-list.ts';

const COLUMNS: { label: string; cell: (row: AssignedLock) => ReactNode }[] = [
  { label: 'Name', cell: (row) => lockName(row.lock) },
  { label: 'Mode', cell: (row) => lockModeText(row.lock.mode) },
  { label: 'Passcode', cell: (row) => row.passcode ?? NO_VALUE },
  { label: 'Role', cell: (row) => row.role },
  { label: 'Battery', cell: (row) => batteryText(row.lock.batteryLevel) },
  { label: 'Status', cell: (row) => <LockStatusChip status={row.lock.status} /> },
];

/**
 * A lock user's assigned locks (spec 002 section 2): name, mode, passcode, role, batteryLevel, status; 5, 10 or
 * 25 rows (section 9, remembered). A table in the panel from 600 px, cards below.
 */
export function AssignedLocks({ scopeId, userId }: { scopeId: string; userId: string }) {
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
        Assigned locks
      </Typography>
      {locks.isPending && <CircularProgress size={24} aria-label="Loading the assigned locks" />}
      {locks.isError && <Alert severity="error">{locks.error.message}</Alert>}
      {locks.data && total === 0 && (
        <Typography variant="body2" color="text.secondary">
          No locks yet. Select locks on the Locks screen (or a gateway’s locks) and choose Add User.
        </Typography>
      )}
      {locks.data && total > 0 && (
        <>
          {phone ? (
            <Stack spacing={1} role="list" aria-label="Assigned locks">
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
                        <Box key={column.label} sx={{ display: 'contents' }}>
                          <Typography component="dt" variant="body2" color="text.secondary">
                            {column.label}
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
              <Table size="small" aria-label="Assigned locks">
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableCell key={column.label}>{column.label}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.lock.macId}>
                      {COLUMNS.map((column) => (
                        <TableCell key={column.label}>{column.cell(row)}</TableCell>
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
