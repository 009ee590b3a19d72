import Download from '@mui/icons-material/Download';
import { Alert, Button, Paper, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { AUDIT_PAGE_SIZES } from '@portal/contract';
import { useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useDownloadAuditCsv } from '../api/download-audit-csv.ts';
import { useAudit } from '../api/get-audit.ts';
import { type AuditFilter, EMPTY_FILTER } from '../audit-filter.ts';
import { ActivityCards, ActivityTable } from './ActivityRows.tsx';

const LIST_NAME = 'activity';
/** Spec 002 section 9: debounce 500 ms. */
const DEBOUNCE_MS = 500;

function Filters({ filter, onChange }: { filter: AuditFilter; onChange: (next: AuditFilter) => void }) {
  const field = (key: keyof AuditFilter, label: string, type = 'text') => (
    <TextField
      size="small"
      label={label}
      type={type}
      value={filter[key]}
      onChange={(event) => onChange({ ...filter, [key]: event.target.value })}
      slotProps={{ inputLabel: type === 'text' ? {} : { shrink: true }, htmlInput: { maxLength: 100 } }}
      sx={{ minWidth: { xs: '100%', sm: 180 } }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      {field('who', 'Who (e-mail)')}
      {field('what', 'What (action or record)')}
      {field('target', 'Target')}
      {field('from', 'From', 'datetime-local')}
      {field('to', 'To', 'datetime-local')}
    </Stack>
  );
}

/**
 * /cli/activity: the audit log (docs/audit.md): every change made through the portal in the user's tenant
 * and the tenants below it (root: everywhere), with filters and a CSV export.
 */
export function ActivityPage() {
  const session = useSession();
  const notify = useNotify();
  const [filter, setFilter] = useState<AuditFilter>(EMPTY_FILTER);
  const [page, setPage] = useState(0);
  const settled = useDebouncedValue(filter, DEBOUNCE_MS);
  const pageSize = rowsPerPageFor(session, LIST_NAME, 25);
  const audit = useAudit(settled, page, pageSize);
  const csv = useDownloadAuditCsv();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography id="page-title" variant="h5" component="h1">
          Activity
        </Typography>
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={csv.isPending}
          onClick={() =>
            csv.mutate(settled, { onError: (error) => notify({ variant: 'error', text: error.message }) })
          }
        >
          Export CSV
        </Button>
      </Stack>
      <Filters
        filter={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(0);
        }}
      />
      {audit.isPending ? (
        <CenteredProgress label="Loading activity" />
      ) : audit.isError ? (
        <Alert severity="error">{audit.error.message}</Alert>
      ) : (
        <>
          {phone ? <ActivityCards items={audit.data.items} /> : <ActivityTable items={audit.data.items} />}
          <ListPagination
            listName={LIST_NAME}
            count={audit.data.total}
            page={page}
            pageSize={pageSize}
            pageSizes={AUDIT_PAGE_SIZES}
            onPageChange={setPage}
          />
        </>
      )}
    </Paper>
  );
}
