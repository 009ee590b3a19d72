import Download from '@mui/icons-material/Download';
import FilterList from '@mui/icons-material/FilterList';
import Search from '@mui/icons-material/Search';
import {
  Alert,
  Button,
  Collapse,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZES, AUDIT_THINGS } from '@portal/contract';
import { useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useDownloadAuditCsv } from '../api/download-audit-csv.ts';
import { useAudit } from '../api/get-audit.ts';
import { type AuditFilter, EMPTY_FILTER } from '../audit-filter.ts';
import { ActivityCards, ActivityTable, useOpenRows } from './ActivityRows.tsx';

const LIST_NAME = 'activity';
/** Spec 002 section 9: debounce 500 ms. */
const DEBOUNCE_MS = 500;

/** A select of the filter: '' is any; the options are the contract's kinds, each by its label. */
function Choice<K extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: K | '';
  options: Readonly<Record<K, string>>;
  onChange: (next: K | '') => void;
}) {
  const t = useT('audit');
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as K | '')}
      sx={{ minWidth: { xs: '100%', sm: 180 } }}
    >
      <MenuItem value="">{t('filters.any')}</MenuItem>
      {(Object.keys(options) as K[]).map((key) => (
        <MenuItem key={key} value={key}>
          {options[key]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The contract's kinds, each by its label in the language shown. */
function labelled<K extends string>(kinds: Readonly<Record<K, string>>, label: (key: K) => string) {
  return Object.fromEntries((Object.keys(kinds) as K[]).map((key) => [key, label(key)])) as Record<K, string>;
}

/** Search over the sentences, then person, thing (kind and name), kind of action and time. */
function Filters({
  filter,
  onChange,
  phone,
}: {
  filter: AuditFilter;
  onChange: (next: AuditFilter) => void;
  /** On a phone the filters but the search open with a button. */
  phone: boolean;
}) {
  const t = useT('audit');
  const [open, setOpen] = useState(false);
  const things = labelled(AUDIT_THINGS, (key) => t(`things.${key}`));
  const actions = labelled(AUDIT_ACTIONS, (key) => t(`actions.${key}`));
  const set = <K extends keyof AuditFilter>(key: K, value: AuditFilter[K]) =>
    onChange({ ...filter, [key]: value });
  const field = (key: 'who' | 'name' | 'from' | 'to', label: string, type = 'text') => (
    <TextField
      size="small"
      label={label}
      type={type}
      value={filter[key]}
      onChange={(event) => set(key, event.target.value)}
      slotProps={{ inputLabel: type === 'text' ? {} : { shrink: true }, htmlInput: { maxLength: 100 } }}
      sx={{ minWidth: { xs: '100%', sm: 180 } }}
    />
  );
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          type="search"
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={filter.q}
          onChange={(event) => set('q', event.target.value)}
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
          }}
        />
        {phone && (
          <Button
            aria-expanded={open}
            startIcon={<FilterList />}
            onClick={() => setOpen(!open)}
            sx={{ flexShrink: 0 }}
          >
            {t('filters.filters')}
          </Button>
        )}
      </Stack>
      <Collapse in={!phone || open}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {field('who', t('filters.person'))}
          <Choice
            label={t('filters.thing')}
            value={filter.thing}
            options={things}
            onChange={(v) => set('thing', v)}
          />
          {field('name', t('filters.named'))}
          <Choice
            label={t('filters.action')}
            value={filter.action}
            options={actions}
            onChange={(v) => set('action', v)}
          />
          {field('from', t('filters.from'), 'datetime-local')}
          {field('to', t('filters.to'), 'datetime-local')}
        </Stack>
      </Collapse>
    </Stack>
  );
}

/**
 * /cli/activity: the audit log in people's words (docs/audit.md): every change made through the portal in the
 * user's tenant and the tenants below it (root: everywhere, with the raw row of each one click away), searched
 * and filtered on the server, with a CSV export.
 */
export function ActivityPage() {
  const t = useT('audit');
  const messageText = useMessageText();
  const session = useSession();
  const notify = useNotify();
  const [filter, setFilter] = useState<AuditFilter>(EMPTY_FILTER);
  const [page, setPage] = useState(0);
  const settled = useDebouncedValue(filter, DEBOUNCE_MS);
  const pageSize = rowsPerPageFor(session, LIST_NAME, 25);
  const audit = useAudit(settled, page, pageSize);
  const csv = useDownloadAuditCsv();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  // Here, not in the rows: a window resized across the phone width swaps table and cards and keeps what is open.
  const openRows = useOpenRows();

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography id="page-title" variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={csv.isPending}
          onClick={() =>
            csv.mutate(settled, {
              onError: (error) => notify({ variant: 'error', text: messageText(error.message) }),
            })
          }
        >
          {t('exportCsv')}
        </Button>
      </Stack>
      <Filters
        phone={phone}
        filter={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(0);
        }}
      />
      {audit.isPending ? (
        <CenteredProgress label={t('loading')} />
      ) : audit.isError ? (
        <Alert severity="error">{messageText(audit.error.message)}</Alert>
      ) : (
        <>
          {phone ? (
            <ActivityCards items={audit.data.items} showRaw={session.isRootUser} rows={openRows} />
          ) : (
            <ActivityTable items={audit.data.items} showRaw={session.isRootUser} rows={openRows} />
          )}
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
