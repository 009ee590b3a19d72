import {
  Alert,
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  LOCK_USERS_PAGE_SIZES,
  type LockUser,
  type LockUserSaved,
  lockUserDeleteBlockedMessage,
  portalUserMessages,
} from '@portal/contract';
import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AddFab } from '../../../components/AddFab.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DownloadCsvButton } from '../../../components/DownloadCsvButton.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ViewOnlyNotice } from '../../../components/ViewOnlyNotice.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { lastPage } from '../../../lib/list-paging.ts';
import { useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useDeleteLockUser } from '../api/delete-lock-user.ts';
import { downloadLockUsersCsv, LOCK_USERS_CSV_FILE_NAME } from '../api/download-lock-users-csv.ts';
import { useLockUsers } from '../api/get-lock-users.ts';
import { canWriteLockUsers } from '../lock-user-access.ts';
import { blockedDeleteLocks } from '../lock-user-form.ts';
import {
  emptyListText,
  LOCK_USERS_LIST_NAME,
  listStatusText,
  lockUserName,
  lockUsersPageSize,
  SEARCH_DELAY_MS,
} from '../lock-users-list.ts';
import { useLiveLockUsers } from '../use-live-lock-users.ts';
import { LockUserCards } from './LockUserCards.tsx';
import { LockUserPanel, type LockUserPanelTarget } from './LockUserPanel.tsx';
import { LockUsersTable } from './LockUsersTable.tsx';
import { MessageDialog } from './MessageDialog.tsx';

// The import dialog and its CSV parser load when first opened.
const LockUsersImportDialog = lazyPage(() => import('./LockUsersImportDialog.tsx'), 'LockUsersImportDialog');

interface BlockedDelete {
  name: string;
  locks: { macId: string; name: string }[];
}

function LockUsersList({ scopeId }: { scopeId: string }) {
  const t = useT('lock-users');
  const messageText = useMessageText();
  const session = useSession();
  const notify = useNotify();
  const canWrite = canWriteLockUsers(session.permissions);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  // A new search starts on the first page.
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (next: number) => setPaging({ search, page: next });
  const pageSize = lockUsersPageSize(session.rowsPerPage[LOCK_USERS_LIST_NAME]);
  const users = useLockUsers(scopeId, { search, page, pageSize });
  useLiveLockUsers(scopeId);

  const [panel, setPanel] = useState<LockUserPanelTarget | null>(null);
  const [deleting, setDeleting] = useState<LockUser | null>(null);
  const [blocked, setBlocked] = useState<BlockedDelete | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [importing, setImporting] = useState<{ isCardUsers: boolean } | null>(null);
  const deleteUser = useDeleteLockUser(scopeId);

  // A page emptied by deletions steps back to the last one with rows.
  const total = users.data?.total;
  useEffect(() => {
    if (total !== undefined && page > lastPage(total, pageSize))
      setPaging({ search, page: lastPage(total, pageSize) });
  }, [total, page, pageSize, search]);

  const confirmDelete = (user: LockUser) =>
    deleteUser.mutate(user.id, {
      onSuccess: () => notify({ variant: 'success', text: portalUserMessages.removed }),
      onError: (error) => {
        const locks = blockedDeleteLocks(error);
        if (locks) setBlocked({ name: lockUserName(user), locks });
        else notify({ variant: 'error', text: error.message });
      },
      onSettled: () => setDeleting(null),
    });

  const onSaved = (saved: LockUserSaved) => {
    if (saved.warning) setWarning(saved.warning);
  };

  const statusText = listStatusText(users);
  const rowProps = {
    canWrite,
    emptyText: emptyListText(search, canWrite),
    onOpen: (user: LockUser) => setPanel({ mode: 'update', user }),
    onDelete: setDeleting,
  };

  return (
    <>
      {!canWrite && <ViewOnlyNotice what={t('viewOnlyWhat')} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        {canWrite && (
          <>
            <Button variant="outlined" onClick={() => setImporting({ isCardUsers: false })}>
              {t('uploadUsers')}
            </Button>
            <Button variant="outlined" onClick={() => setImporting({ isCardUsers: true })}>
              {t('uploadCardUsers')}
            </Button>
          </>
        )}
        <DownloadCsvButton
          download={() => downloadLockUsersCsv(scopeId, search)}
          fileName={LOCK_USERS_CSV_FILE_NAME}
        />
      </Stack>
      <SearchField value={searchText} onChange={setSearchText} maxLength={100} mb={2} />
      {statusText && <ProgressStatus text={statusText} />}
      {users.isError && <Alert severity="error">{messageText(users.error.message)}</Alert>}
      {users.data && (
        <>
          {phone ? (
            <LockUserCards users={users.data.users} {...rowProps} />
          ) : (
            <LockUsersTable users={users.data.users} {...rowProps} />
          )}
          <ListPagination
            listName={LOCK_USERS_LIST_NAME}
            count={users.data.total}
            page={page}
            pageSize={pageSize}
            pageSizes={LOCK_USERS_PAGE_SIZES}
            onPageChange={setPage}
          />
        </>
      )}
      {canWrite && <AddFab label={t('add')} onClick={() => setPanel({ mode: 'create' })} />}
      <LockUserPanel
        target={panel}
        scopeId={scopeId}
        canWrite={canWrite}
        onClose={() => setPanel(null)}
        onSaved={onSaved}
      />
      {deleting && (
        <ConfirmDialog
          title={t('deleteDialog.title')}
          text={t('deleteDialog.text', { name: lockUserName(deleting) })}
          confirmLabel={t('deleteDialog.confirm')}
          pending={deleteUser.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {blocked && (
        <MessageDialog
          title={t('blocked.title')}
          text={messageText(lockUserDeleteBlockedMessage(blocked.name))}
          onClose={() => setBlocked(null)}
        >
          <List dense aria-label={t('blocked.locks')}>
            {blocked.locks.map((lock) => (
              <ListItem key={lock.macId} disableGutters>
                <ListItemText primary={lock.name} secondary={lock.macId} />
              </ListItem>
            ))}
          </List>
        </MessageDialog>
      )}
      {warning && (
        <MessageDialog
          title={t('cardChanged')}
          text={messageText(warning)}
          onClose={() => setWarning(null)}
        />
      )}
      {importing && (
        <Suspense fallback={null}>
          <LockUsersImportDialog
            scopeId={scopeId}
            isCardUsers={importing.isCardUsers}
            onClose={() => setImporting(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * /cli/lock-users?scopeId= (docs/ui.md 'Locks and lock users'): the people who open the customer's locks, searched and paged on
 * the server, kept current by the lockUsers channel; IOT_USER_WRITE adds, changes and deletes them.
 */
export function LockUsersPage() {
  const t = useT('lock-users');
  const [searchParams] = useSearchParams();
  const { tenantId } = useSession();
  const scopeId = searchParams.get('scopeId') || tenantId;
  return (
    <Paper
      component="section"
      aria-labelledby="page-title"
      sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 10, sm: 10 } }}
    >
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <LockUsersList key={scopeId} scopeId={scopeId} />
    </Paper>
  );
}
