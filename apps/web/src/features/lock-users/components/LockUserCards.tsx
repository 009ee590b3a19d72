import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { LockUser } from '@portal/contract';
import type { TFunction } from 'i18next';
import { type Detail, DetailList } from '../../../components/DetailList.tsx';
import { EmailText } from '../../../components/EmailText.tsx';
import { formatNumber, useT } from '../../../lib/i18n/index.ts';
import { lockUserName, orDash } from '../lock-users-list.ts';
import { type LockUserActionHandlers, LockUserActions } from './LockUserActions.tsx';

const details = (t: TFunction<'lock-users'>): Detail<LockUser>[] => [
  { label: t('columns.email'), text: (user) => <EmailText email={user.email} /> },
  { label: t('columns.employeeId'), text: (user) => orDash(user.employeeId) },
  { label: t('columns.division'), text: (user) => orDash(user.division) },
  { label: t('columns.mobileNo'), text: (user) => orDash(user.mobileNo) },
  { label: t('columns.card'), text: (user) => orDash(user.cardCSN) },
  { label: t('columns.locks'), text: (user) => formatNumber(user.lockCount) },
];

/** The lock users as cards (phones, below 600 px): name and actions on top, the details below. */
export function LockUserCards({
  users,
  canWrite,
  emptyText,
  ...actions
}: LockUserActionHandlers & { users: LockUser[]; canWrite: boolean; emptyText: string }) {
  const t = useT('lock-users');
  if (users.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Stack spacing={1.5} role="list" aria-label={t('table.label')}>
      {users.map((user) => (
        <Card key={user.id} variant="outlined" role="listitem" aria-label={lockUserName(user)}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', pl: 2, pr: 1, pt: 1 }}
          >
            <Typography component="h2" variant="subtitle1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {lockUserName(user)}
            </Typography>
            <Box sx={{ flexShrink: 0 }}>
              <LockUserActions user={user} canWrite={canWrite} {...actions} />
            </Box>
          </Stack>
          <CardContent sx={{ pt: 0.5 }}>
            <DetailList details={details(t)} item={user} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
