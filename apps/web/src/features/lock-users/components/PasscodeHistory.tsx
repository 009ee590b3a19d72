import {
  Alert,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { PASSCODE_HISTORY_PAGE_SIZES } from '@portal/contract';
import { useState } from 'react';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { usePasscodeHistory } from '../api/get-passcode-history.ts';
import {
  PASSCODE_HISTORY_COLUMNS,
  PASSCODE_HISTORY_LIST_NAME,
  passcodeHistoryPageSize,
} from '../passcode-history.ts';

/** A lock user's passcode change history (spec 002 section 2), server-paged by 25, 50 or 100 (remembered). */
export function PasscodeHistory({ userId }: { userId: string }) {
  const t = useT('lock-users');
  const messageText = useMessageText();
  const session = useSession();
  const [page, setPage] = useState(0);
  const pageSize = passcodeHistoryPageSize(session.rowsPerPage[PASSCODE_HISTORY_LIST_NAME]);
  const history = usePasscodeHistory(userId, page, pageSize);
  return (
    <Stack component="section" aria-labelledby="passcode-history-title" spacing={1}>
      <Typography id="passcode-history-title" variant="subtitle1" component="h3">
        {t('passcodeHistory.title')}
      </Typography>
      {history.isPending && <CircularProgress size={24} aria-label={t('passcodeHistory.loading')} />}
      {history.isError && <Alert severity="error">{messageText(history.error.message)}</Alert>}
      {history.data?.total === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('passcodeHistory.empty')}
        </Typography>
      )}
      {history.data && history.data.total > 0 && (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('passcodeHistory.title')}>
              <TableHead>
                <TableRow>
                  {PASSCODE_HISTORY_COLUMNS.map((column) => (
                    <TableCell key={column.id}>{t(`passcodeHistory.${column.id}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.changes.map((change) => (
                  <TableRow key={change.id}>
                    {PASSCODE_HISTORY_COLUMNS.map((column) => (
                      <TableCell key={column.id} sx={{ overflowWrap: 'anywhere' }}>
                        {column.cell(change)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination
            listName={PASSCODE_HISTORY_LIST_NAME}
            count={history.data.total}
            page={page}
            pageSize={pageSize}
            pageSizes={PASSCODE_HISTORY_PAGE_SIZES}
            onPageChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
