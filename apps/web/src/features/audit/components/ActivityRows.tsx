import {
  Box,
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
import { type Detail, DetailList } from '../../../components/DetailList.tsx';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { changeLines } from '../audit-filter.ts';

const EMPTY = 'No activity found.';
const when = (entry: AuditEntry) => formatDateTime(Date.parse(entry.at));

function Changes({ entry }: { entry: AuditEntry }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, overflowWrap: 'anywhere' }}>
      {changeLines(entry.summary).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
}

const Caption = ({ text }: { text: string | null }) =>
  text ? (
    <Typography variant="caption" component="div" color="text.secondary">
      {text}
    </Typography>
  ) : null;

/** The audit rows as a table (tablets and wider). */
export function ActivityTable({ items }: { items: AuditEntry[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Activity">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Target</TableCell>
            <TableCell>Changes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.length === 0 && <EmptyTableRow colSpan={5} text={EMPTY} />}
          {items.map((entry) => (
            <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ minWidth: 120 }}>{when(entry)}</TableCell>
              <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                {entry.actorEmail ?? '—'}
                <Caption text={entry.address} />
              </TableCell>
              <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                {entry.action}
                <Caption text={`${entry.operation} ${entry.table}`} />
              </TableCell>
              <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                {entry.targetId ?? '—'}
                <Caption text={entry.tenantName} />
              </TableCell>
              <TableCell>
                <Changes entry={entry} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const DETAILS: readonly Detail<AuditEntry>[] = [
  { label: 'Who', text: (e) => `${e.actorEmail ?? '—'}${e.address ? ` (${e.address})` : ''}` },
  { label: 'What', text: (e) => `${e.action} · ${e.operation} ${e.table}` },
  { label: 'Target', text: (e) => `${e.targetId ?? '—'}${e.tenantName ? ` · ${e.tenantName}` : ''}` },
  { label: 'Changes', text: (e) => <Changes entry={e} /> },
];

/** The audit rows as cards (phones). */
export function ActivityCards({ items }: { items: AuditEntry[] }) {
  if (items.length === 0) return <Typography color="text.secondary">{EMPTY}</Typography>;
  return (
    <Stack component="ul" aria-label="Activity" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map((entry) => (
        <Paper component="li" variant="outlined" key={entry.id} sx={{ p: 1.5 }}>
          <Typography variant="subtitle2" component="p" gutterBottom>
            {when(entry)}
          </Typography>
          <DetailList details={DETAILS} item={entry} />
        </Paper>
      ))}
    </Stack>
  );
}
