import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import {
  abortInstructionsQuestion,
  instructionMessages,
  PENDING_INSTRUCTIONS_DEFAULT_ROWS,
  PENDING_INSTRUCTIONS_ROWS_PER_PAGE,
} from '@portal/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import type { GatewayDialogProps } from '../../../components/gateway-dialog-props.ts';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useAbortPendingInstructions, usePendingInstructions } from '../../instructions/index.ts';
import { keepListed, rowsOfPage, toggleAllOnPage, toggleSelected } from '../pending-instructions.ts';
import { canAbortInstructions } from '../status-access.ts';
import { useGatewayLiveMessages } from '../use-gateway-live-messages.ts';
import { useRefreshNotice } from '../use-refresh-notice.ts';

/** The session key of the remembered rows-per-page choice. */
const LIST_NAME = 'pendingInstructions';
/** The table's columns: `pending.{column}` of the catalogue. */
const COLUMNS = ['instructionType', 'status', 'lockName', 'dateTime'] as const;

/**
 * Pending instructions of one gateway (spec 001 sections 2 and 4): choose rows and abort them. The list is
 * refetched whenever a device or instruction event of the gateway arrives.
 */
export function PendingInstructionsDialog({ gateway, open, onClose }: GatewayDialogProps) {
  const t = useT('gateway-commands');
  const messageText = useMessageText();
  const titleId = useId();
  const session = useSession();
  const notify = useNotify();
  const list = usePendingInstructions(gateway.macId, open);
  const abort = useAbortPendingInstructions(gateway.macId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [page, setPage] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const pageSize = rowsPerPageFor(session, LIST_NAME, PENDING_INSTRUCTIONS_DEFAULT_ROWS);

  const sayRefreshing = useRefreshNotice(instructionMessages.refreshingPending);
  const refresh = () => {
    sayRefreshing();
    void list.refetch();
  };
  useGatewayLiveMessages(gateway, open, {
    // State reports come every few seconds while scanning and say nothing about instructions.
    onGatewayChange: (change) => change.type !== 'state' && refresh(),
    onInstruction: refresh,
  });

  const rows = list.data ?? [];
  const selected = keepListed(chosen, rows);
  const pageRows = rowsOfPage(rows, page, pageSize);
  const pageIds = pageRows.map((row) => row.instructionId);
  const chosenOnPage = pageIds.filter((id) => selected.has(id)).length;

  const close = () => {
    setChosen(new Set());
    setPage(0);
    onClose();
  };

  const abortChosen = () =>
    abort.mutate([...selected], {
      onSuccess: () => {
        notify({ variant: 'success', text: instructionMessages.updated });
        setChosen(new Set());
      },
      onError: () => notify({ variant: 'error', text: instructionMessages.updateFailed }),
      onSettled: () => setConfirming(false),
    });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('pending.title', { name: gateway.name })}</DialogTitle>
      <DialogContent>
        {list.isPending && <ProgressStatus text={messageText(instructionMessages.fetchingPending)} />}
        {!list.isPending && list.isFetching && (
          <ProgressStatus text={messageText(instructionMessages.refreshingPending)} />
        )}
        {list.isError && <Alert severity="error">{messageText(list.error.message)}</Alert>}
        <TableContainer>
          <Table size="small" aria-label={t('pending.table')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    slotProps={{ input: { 'aria-label': t('pending.selectAll') } }}
                    checked={pageIds.length > 0 && chosenOnPage === pageIds.length}
                    indeterminate={chosenOnPage > 0 && chosenOnPage < pageIds.length}
                    disabled={pageIds.length === 0}
                    onChange={() => setChosen(toggleAllOnPage(selected, pageIds))}
                  />
                </TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{t(`pending.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isSuccess && rows.length === 0 && (
                <EmptyTableRow colSpan={COLUMNS.length + 1} text={t('pending.none')} />
              )}
              {pageRows.map((row) => (
                <TableRow key={row.instructionId} selected={selected.has(row.instructionId)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      slotProps={{
                        input: { 'aria-label': t('pending.select', { type: row.type, id: row.id }) },
                      }}
                      checked={selected.has(row.instructionId)}
                      onChange={() => setChosen(toggleSelected(selected, row.instructionId))}
                    />
                  </TableCell>
                  <TableCell>{row.type}</TableCell>
                  <TableCell>{row.status}</TableCell>
                  <TableCell>{row.payload.name ?? '-'}</TableCell>
                  <TableCell>{formatDateTime(row.payload.time)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination
          listName={LIST_NAME}
          count={rows.length}
          page={page}
          pageSize={pageSize}
          pageSizes={PENDING_INSTRUCTIONS_ROWS_PER_PAGE}
          onPageChange={setPage}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('pending.close')}</Button>
        {canAbortInstructions(session) && (
          <Button
            variant="contained"
            color="error"
            disabled={selected.size === 0}
            onClick={() => setConfirming(true)}
          >
            {t('pending.abort')}
          </Button>
        )}
      </DialogActions>
      {confirming && (
        <ConfirmDialog
          title={t('pending.abortTitle')}
          text={messageText(abortInstructionsQuestion(selected.size))}
          pending={abort.isPending}
          onConfirm={abortChosen}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Dialog>
  );
}
