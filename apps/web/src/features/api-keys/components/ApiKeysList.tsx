import {
  Box,
  Button,
  Chip,
  Paper,
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
import type { ApiKey, ApiKeyStatus } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useT } from '../../../lib/i18n/index.ts';

const STATUS_COLOURS: Record<ApiKeyStatus, 'success' | 'default' | 'error'> = {
  active: 'success',
  expired: 'default',
  revoked: 'error',
};

const when = (iso: string | null, t: TFunction<'api-keys'>) =>
  iso ? formatDateTime(Date.parse(iso)) : t('never');
const creator = (key: ApiKey) => key.createdBy.name ?? key.createdBy.email ?? '—';

function Permissions({ codes }: { codes: readonly string[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {codes.map((code) => (
        <Chip key={code} label={code} size="small" variant="outlined" sx={{ fontFamily: 'monospace' }} />
      ))}
    </Box>
  );
}

function Status({ status }: { status: ApiKeyStatus }) {
  const t = useT('api-keys');
  return <Chip label={t(`status.${status}`)} color={STATUS_COLOURS[status]} size="small" />;
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const t = useT('api-keys');
  if (apiKey.status !== 'active') return null;
  return (
    <Button
      color="error"
      size="small"
      onClick={() => onRevoke(apiKey)}
      aria-label={t('revokeOf', { name: apiKey.name })}
    >
      {t('revoke')}
    </Button>
  );
}

function Name({ apiKey }: { apiKey: ApiKey }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {apiKey.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {apiKey.prefix}…
      </Typography>
    </>
  );
}

/** The keys: a table from the md breakpoint, one card each on narrower screens. */
export function ApiKeysList({
  keys,
  onRevoke,
}: {
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => void;
}) {
  const t = useT('api-keys');
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  if (narrow) {
    if (keys.length === 0) return <Typography color="text.secondary">{t('empty')}</Typography>;
    return (
      <Stack
        component="ul"
        aria-label={t('table.label')}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {keys.map((key) => (
          <Paper component="li" key={key.id} variant="outlined" sx={{ p: 1.5 }} aria-label={key.name}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Name apiKey={key} />
              </Box>
              <Status status={key.status} />
            </Stack>
            <Box sx={{ my: 1 }}>
              <Permissions codes={key.permissions} />
            </Box>
            <Detail label={t('table.createdBy')}>{creator(key)}</Detail>
            <Detail label={t('table.expires')}>{when(key.expiresAt, t)}</Detail>
            <Detail label={t('table.lastUsed')}>{when(key.lastUsedAt, t)}</Detail>
            <Box sx={{ textAlign: 'right' }}>
              <RevokeButton apiKey={key} onRevoke={onRevoke} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('table.name')}</TableCell>
            <TableCell>{t('table.permissions')}</TableCell>
            <TableCell>{t('table.createdBy')}</TableCell>
            <TableCell>{t('table.expires')}</TableCell>
            <TableCell>{t('table.lastUsed')}</TableCell>
            <TableCell>{t('table.status')}</TableCell>
            <TableCell align="right">{t('table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.length === 0 && <EmptyTableRow colSpan={7} text={t('empty')} />}
          {keys.map((key) => (
            <TableRow key={key.id}>
              <TableCell>
                <Name apiKey={key} />
              </TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                <Permissions codes={key.permissions} />
              </TableCell>
              <TableCell>{creator(key)}</TableCell>
              <TableCell>{when(key.expiresAt, t)}</TableCell>
              <TableCell>{when(key.lastUsedAt, t)}</TableCell>
              <TableCell>
                <Status status={key.status} />
              </TableCell>
              <TableCell align="right">
                <RevokeButton apiKey={key} onRevoke={onRevoke} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}
