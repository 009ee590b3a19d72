import {
  Alert,
  LinearProgress,
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
import type { Scope } from '@portal/contract';
import { type ReactNode, useId } from 'react';
import { useScope } from '../../../api/get-scope.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { DETAIL_COLUMNS } from '../customer-columns.ts';
import type { CustomerRowAccess } from '../customers-list.ts';
import { CustomerCard } from './CustomerCard.tsx';
import { CustomerName } from './CustomerName.tsx';

const OPEN_ONLY: CustomerRowAccess = {
  open: true,
  pending: false,
  edit: { visible: false, enabled: false },
  delete: { visible: false, enabled: false },
};

interface AdminCardProps {
  rootTenantId: string | undefined;
  wide: boolean;
  onOpen: (scope: Scope) => void;
}

/** The root (admin) tenant's entry: name, customer id, devices, firmware, OS and OS patch; opens as 'admin'. */
export function AdminCard({ rootTenantId, wide, onOpen }: AdminCardProps) {
  const t = useT('tenants');
  const messageText = useMessageText();
  const titleId = useId();
  const root = useScope(rootTenantId ?? '');
  let body: ReactNode;
  if (root.isError) body = <Alert severity="error">{messageText(root.error.message)}</Alert>;
  else if (!root.data) body = <LinearProgress aria-label={t('admin.loading')} />;
  else if (!wide) body = <CustomerCard scope={root.data} access={OPEN_ONLY} onOpen={onOpen} />;
  else {
    const scope = root.data;
    body = (
      <TableContainer>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.name')}</TableCell>
              {DETAIL_COLUMNS.map((column) => (
                <TableCell key={column.sortBy}>{t(`columns.${column.label}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow hover onClick={() => onOpen(scope)} sx={{ cursor: 'pointer' }}>
              <TableCell>
                <CustomerName scope={scope} onOpen={onOpen} pending={false} />
              </TableCell>
              {DETAIL_COLUMNS.map((column) => (
                <TableCell key={column.sortBy} sx={{ whiteSpace: 'nowrap' }}>
                  {column.text(scope)}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    );
  }
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 3 }}>
      <Stack spacing={1}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('admin.title')}
        </Typography>
        {body}
      </Stack>
    </Paper>
  );
}
