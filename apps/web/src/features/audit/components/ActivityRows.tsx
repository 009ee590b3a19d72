import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Box,
  Button,
  Collapse,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AuditEntry } from '@portal/contract';
import type { TFunction } from 'i18next';
import { Fragment, useState } from 'react';
import { type Detail, DetailList } from '../../../components/DetailList.tsx';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { changeLines } from '../audit-filter.ts';

const when = (entry: AuditEntry) => formatDateTime(Date.parse(entry.at));

/** The row as the audit trigger wrote it: root's one click away from the sentence (docs/audit.md). */
const rawDetails = (t: TFunction<'audit'>): readonly Detail<AuditEntry>[] => [
  { label: t('raw.who'), text: (e) => `${e.actorEmail ?? '—'}${e.address ? ` (${e.address})` : ''}` },
  { label: t('raw.call'), text: (e) => e.action || '—' },
  { label: t('raw.record'), text: (e) => `${e.operation} ${e.table} ${e.targetId ?? ''}` },
  { label: t('raw.request'), text: (e) => e.requestId ?? '—' },
  {
    label: t('raw.changes'),
    text: (e) => (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {changeLines(e.summary).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    ),
  },
];

function RawRow({ entry }: { entry: AuditEntry }) {
  const t = useT('audit');
  return (
    <Box sx={{ py: 1 }} aria-label={t('raw.of', { text: entry.description.text })} role="group">
      <DetailList details={rawDetails(t)} item={entry} />
    </Box>
  );
}

const Customer = ({ entry }: { entry: AuditEntry }) =>
  entry.tenantName ? (
    <Typography variant="caption" component="div" color="text.secondary">
      {entry.tenantName}
    </Typography>
  ) : null;

interface RowsProps {
  items: AuditEntry[];
  /** Root: each row opens on the raw row. */
  showRaw: boolean;
  /** Which raw rows are open: kept by the page, so the table and the cards share it across a resize. */
  rows: OpenRows;
}

export type OpenRows = ReturnType<typeof useOpenRows>;

/** The raw rows opened, by entry id. */
export function useOpenRows() {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { isOpen: (id: string) => open.has(id), toggle };
}

/** The activity as a table (tablets and wider): when, what happened in words, the customer. */
export function ActivityTable({ items, showRaw, rows }: RowsProps) {
  const t = useT('audit');
  const columns = showRaw ? 4 : 3;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('table.time')}</TableCell>
            <TableCell>{t('table.activity')}</TableCell>
            <TableCell>{t('table.customer')}</TableCell>
            {showRaw && <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('raw.button')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.length === 0 && <EmptyTableRow colSpan={columns} text={t('empty')} />}
          {items.map((entry) => (
            <Fragment key={entry.id}>
              <TableRow sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ minWidth: 120, whiteSpace: 'nowrap' }}>{when(entry)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.description.text}</TableCell>
                <TableCell sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>
                  {entry.tenantName ?? '—'}
                </TableCell>
                {showRaw && (
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={t('raw.button')}
                      aria-expanded={rows.isOpen(entry.id)}
                      onClick={() => rows.toggle(entry.id)}
                    >
                      {rows.isOpen(entry.id) ? <ExpandLess /> : <ExpandMore />}
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
              {showRaw && rows.isOpen(entry.id) && (
                <TableRow>
                  <TableCell colSpan={columns}>
                    <RawRow entry={entry} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The activity as cards (phones). */
export function ActivityCards({ items, showRaw, rows }: RowsProps) {
  const t = useT('audit');
  if (items.length === 0) return <Typography color="text.secondary">{t('empty')}</Typography>;
  return (
    <Stack component="ul" aria-label={t('table.label')} spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map((entry) => (
        <Paper component="li" variant="outlined" key={entry.id} sx={{ p: 1.5, overflowWrap: 'anywhere' }}>
          <Typography variant="caption" component="p" color="text.secondary">
            {when(entry)}
          </Typography>
          <Typography variant="body2" component="p">
            {entry.description.text}
          </Typography>
          <Customer entry={entry} />
          {showRaw && (
            <>
              <Button
                size="small"
                aria-expanded={rows.isOpen(entry.id)}
                endIcon={rows.isOpen(entry.id) ? <ExpandLess /> : <ExpandMore />}
                onClick={() => rows.toggle(entry.id)}
                sx={{ mt: 0.5, ml: -0.5 }}
              >
                {t('raw.button')}
              </Button>
              <Collapse in={rows.isOpen(entry.id)} unmountOnExit>
                <RawRow entry={entry} />
              </Collapse>
            </>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
