import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  LOCK_USERS_IMPORT_CARD_SAMPLE_FILE,
  LOCK_USERS_IMPORT_SAMPLE_FILE,
  LOCK_USERS_REFUSED_FILE_NAME,
  type LockUserImportResult,
  lockUsersImportMessages,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { createBulkLockUsers } from '../api/create-bulk-lock-users.ts';
import { lockUserListsKey } from '../api/get-lock-users.ts';
import { parseCsvRecords } from '../csv-parse-records.ts';
import {
  bulkRow,
  fileTooLarge,
  type ImportFileRow,
  importInBatches,
  importSummary,
  importWarnings,
  readImportFile,
  refusedRowsCsv,
  sampleCsv,
} from '../lock-users-import.ts';

/** Refused rows listed in the dialog; all of them are in the refused rows' file. */
const SHOWN_REFUSED_ROWS = 200;
/** Card warnings listed in the dialog. */
const SHOWN_WARNINGS = 200;

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'ready'; fileName: string; headers: readonly string[]; rows: ImportFileRow[] }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; headers: readonly string[]; rows: ImportFileRow[]; results: LockUserImportResult[] };

const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });

/**
 * Upload users CSV / Upload RFID users CSV (spec 002 section 5): a file is read in the browser with the header
 * rules, sent in batches of 500 with a progress bar, then the spec's summaries, the card warnings of updated rows
 * (the panel's, verbatim), the refused rows with their field and reason, and their file. Loaded when first opened (csv-parse comes with it).
 */
export function LockUsersImportDialog({
  scopeId,
  isCardUsers,
  onClose,
}: {
  scopeId: string;
  isCardUsers: boolean;
  onClose: () => void;
}) {
  const t = useT('lock-users');
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const input = useRef<HTMLInputElement>(null);
  const title = isCardUsers ? t('uploadCardUsers') : t('uploadUsers');
  const sampleName = isCardUsers ? LOCK_USERS_IMPORT_CARD_SAMPLE_FILE : LOCK_USERS_IMPORT_SAMPLE_FILE;
  const busy = step.kind === 'importing';

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (fileTooLarge(file.size)) return setStep({ kind: 'choose', error: lockUsersImportMessages.tooLarge });
    const parsed = readImportFile(await file.text(), isCardUsers, parseCsvRecords);
    if (!parsed.ok) return setStep({ kind: 'choose', error: parsed.error });
    setStep({ kind: 'ready', fileName: file.name, headers: parsed.headers, rows: parsed.rows });
  };

  const start = async (headers: readonly string[], rows: ImportFileRow[]) => {
    setStep({ kind: 'importing', done: 0, total: rows.length });
    const results = await importInBatches(
      rows.map((row) => bulkRow(row, scopeId)),
      (batch) => createBulkLockUsers(batch, isCardUsers),
      (done, total) => setStep({ kind: 'importing', done, total }),
    );
    await queryClient.invalidateQueries({ queryKey: lockUserListsKey(scopeId) });
    setStep({ kind: 'done', headers, rows, results });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">{title}</DialogTitle>
      <DialogContent>
        {step.kind === 'choose' && (
          <Stack spacing={2}>
            <Typography>
              {t('import.columns', {
                columns: isCardUsers
                  ? 'firstName, lastName, division, employeeId, email, mobileNo, cardCSN'
                  : 'firstName, lastName, division, employeeId, email, mobileNo',
              })}
            </Typography>
            <Link
              component="button"
              type="button"
              onClick={() => saveBlob(csvBlob(sampleCsv(isCardUsers)), sampleName)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('import.sample', { file: sampleName })}
            </Link>
            {step.error && <Alert severity="error">{messageText(step.error)}</Alert>}
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label={t('import.file')}
              onChange={(event) => void choose(event)}
            />
          </Stack>
        )}
        {step.kind === 'ready' && (
          <Typography>
            {t('import.toImport', { file: step.fileName, users: formatNumber(step.rows.length) })}
          </Typography>
        )}
        {step.kind === 'importing' && (
          <Box>
            <Typography id="import-progress-label" gutterBottom>
              {t('import.importing', { done: formatNumber(step.done), total: formatNumber(step.total) })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(step.done / step.total) * 100}
              aria-labelledby="import-progress-label"
            />
          </Box>
        )}
        {step.kind === 'done' && <ImportResults {...step} />}
      </DialogContent>
      <DialogActions>
        {step.kind === 'choose' && (
          <Button onClick={() => input.current?.click()}>{t('import.chooseFile')}</Button>
        )}
        {step.kind === 'ready' && (
          <>
            <Button onClick={() => setStep({ kind: 'choose' })}>{t('import.chooseAnother')}</Button>
            <Button variant="contained" onClick={() => void start(step.headers, step.rows)}>
              {t('import.import')}
            </Button>
          </>
        )}
        {step.kind === 'done' && step.results.some((r) => r.outcome === 'refused') && (
          <Button
            onClick={() =>
              saveBlob(
                csvBlob(refusedRowsCsv(step.headers, step.rows, step.results)),
                LOCK_USERS_REFUSED_FILE_NAME,
              )
            }
          >
            {t('import.downloadRefused')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {t('import.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ImportResults({ results }: { results: LockUserImportResult[] }) {
  const t = useT('lock-users');
  const messageText = useMessageText();
  const summary = importSummary(results);
  const refused = results.filter((r) => r.outcome === 'refused');
  const warnings = importWarnings(results);
  return (
    <Stack spacing={1}>
      {summary.messages.map((message) => (
        <Alert key={message.text} severity={message.severity}>
          {messageText(message.text)}
        </Alert>
      ))}
      {warnings.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ pt: 1 }}>
            {t('import.cardWarnings')}
            {warnings.length > SHOWN_WARNINGS &&
              t('import.firstOf', { shown: SHOWN_WARNINGS, total: formatNumber(warnings.length) })}
          </Typography>
          <TableContainer sx={{ maxHeight: 240 }}>
            <Table size="small" stickyHeader aria-label={t('import.cardWarnings')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('import.row')}</TableCell>
                  <TableCell>{t('import.warning')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {warnings.slice(0, SHOWN_WARNINGS).map((w) => (
                  <TableRow key={w.row}>
                    <TableCell>{w.row}</TableCell>
                    <TableCell>{messageText(w.warning)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {refused.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ pt: 1 }}>
            {t('import.refusedRows')}
            {refused.length > SHOWN_REFUSED_ROWS &&
              t('import.firstOfAll', { shown: SHOWN_REFUSED_ROWS, total: formatNumber(refused.length) })}
          </Typography>
          <TableContainer sx={{ maxHeight: 320 }}>
            <Table size="small" stickyHeader aria-label={t('import.refusedRows')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('import.row')}</TableCell>
                  <TableCell>{t('import.field')}</TableCell>
                  <TableCell>{t('import.reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {refused.slice(0, SHOWN_REFUSED_ROWS).map((r) => (
                  <TableRow key={r.row}>
                    <TableCell>{r.row}</TableCell>
                    <TableCell>{r.field ?? ''}</TableCell>
                    <TableCell>{messageText(r.reason ?? '')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}
