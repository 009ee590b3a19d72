import { Alert, Paper, Typography } from '@mui/material';
import {
  type DisableTwoFactorBody,
  PORTAL_USERS_PAGE_SIZES,
  type PortalUser,
  portalUserDisplayName,
  portalUserMessages,
  twoFactorMessages,
} from '@portal/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AddFab } from '../../../components/AddFab.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ViewOnlyNotice } from '../../../components/ViewOnlyNotice.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { lastPage, nextSort } from '../../../lib/list-paging.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  proofErrorText,
  TwoFactorProofDialog,
  TwoFactorSetupDialog,
  useSetTwoFactorStatus,
} from '../../identity/index.ts';
import { useDeletePortalUser } from '../api/delete-portal-user.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { usePortalUsers } from '../api/get-portal-users.ts';
import { canAddPortalUser, canDeletePortalUsers, isRootTenantScope } from '../portal-user-access.ts';
import {
  listStatusText,
  PORTAL_USERS_LIST_NAME,
  pageSizeFrom,
  SEARCH_DELAY_MS,
  type Sort,
} from '../portal-users-list.ts';
import { useLivePortalUsers } from '../use-live-portal-users.ts';
import { usePortalUserViewer } from '../use-portal-user-viewer.ts';
import { type PanelTarget, PortalUserPanel } from './PortalUserPanel.tsx';
import { PortalUsersTable } from './PortalUsersTable.tsx';

/** The scope in the URL (?scopeId=), or else the tenant being viewed. */
function usePortalUsersScopeId(): string {
  const [searchParams] = useSearchParams();
  const { tenantId } = useSession();
  return searchParams.get('scopeId') || tenantId;
}

function PortalUsersList({ scopeId }: { scopeId: string }) {
  const t = useT('portal-users');
  const messageText = useMessageText();
  const session = useSession();
  const viewer = usePortalUserViewer();
  const notify = useNotify();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [sort, setSort] = useState<Sort>({ sortBy: 'name', sortOrder: 'asc' });
  // A new search starts on the first page.
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (next: number) => setPaging({ search, page: next });
  const pageSize = pageSizeFrom(rowsPerPageFor(session, PORTAL_USERS_LIST_NAME));
  const users = usePortalUsers(scopeId, { search, page, pageSize, ...sort });
  useLivePortalUsers(scopeId);

  const [panel, setPanel] = useState<PanelTarget | null>(null);
  const [deleting, setDeleting] = useState<PortalUser | null>(null);
  const [disablingTwoFactor, setDisablingTwoFactor] = useState<PortalUser | null>(null);
  const [enablingTwoFactor, setEnablingTwoFactor] = useState(false);
  const deleteUser = useDeletePortalUser(scopeId);
  const disableTwoFactor = useDisableTwoFactor(scopeId);
  const setOwnTwoFactorStatus = useSetTwoFactorStatus();

  // A page emptied by deletions steps back to the last one with rows.
  const total = users.data?.total;
  useEffect(() => {
    if (total !== undefined && page > lastPage(total, pageSize))
      setPaging({ search, page: lastPage(total, pageSize) });
  }, [total, page, pageSize, search]);

  const rootTenant = isRootTenantScope(session, scopeId);
  const statusText = listStatusText(users);

  const confirmDelete = (user: PortalUser) =>
    deleteUser.mutate(user, {
      onSuccess: () => notify({ variant: 'success', text: portalUserMessages.removed }),
      onError: (error) => notify({ variant: 'error', text: error.message }),
      onSettled: () => setDeleting(null),
    });

  const closeDisableTwoFactor = () => {
    disableTwoFactor.reset();
    setDisablingTwoFactor(null);
  };
  // The signed-in user's own code or password confirms it; a wrong one keeps the dialog open with its message.
  const confirmDisableTwoFactor = (user: PortalUser, proof: DisableTwoFactorBody) =>
    disableTwoFactor.mutate(
      { user, proof },
      {
        onSuccess: () => {
          if (user.id === viewer.id) setOwnTwoFactorStatus(false);
          notify({ variant: 'success', text: twoFactorMessages.disabled });
          closeDisableTwoFactor();
        },
        onError: (error) => {
          if (proofErrorText(error)) return;
          notify({ variant: 'error', text: twoFactorMessages.disableFailed });
          closeDisableTwoFactor();
        },
      },
    );

  // Only one's own 2FA can be turned on (the rules enable the switch of another user only when it is on).
  const toggleTwoFactor = (user: PortalUser) => {
    if (user.secureAuthentication) setDisablingTwoFactor(user);
    else setEnablingTwoFactor(true);
  };

  return (
    <>
      {!canAddPortalUser(viewer) && !canDeletePortalUsers(viewer) && (
        <ViewOnlyNotice what={t('viewOnlyWhat')} />
      )}
      <SearchField value={searchText} onChange={setSearchText} mb={2} />
      {statusText && <ProgressStatus text={messageText(statusText)} />}
      {users.isError && <Alert severity="error">{messageText(users.error.message)}</Alert>}
      {users.data && (
        <>
          <PortalUsersTable
            users={users.data.users}
            emptyText={
              search !== ''
                ? t('table.noMatch')
                : canAddPortalUser(viewer)
                  ? t('table.noneAdd')
                  : t('table.none')
            }
            viewer={viewer}
            sort={sort}
            onSort={(column) => {
              setSort((current) => nextSort(current, column));
              setPage(0);
            }}
            onEdit={(user) => setPanel({ mode: 'update', user })}
            onDelete={setDeleting}
            onTwoFactorToggle={toggleTwoFactor}
          />
          <ListPagination
            listName={PORTAL_USERS_LIST_NAME}
            count={users.data.total}
            page={page}
            pageSize={pageSize}
            pageSizes={PORTAL_USERS_PAGE_SIZES}
            onPageChange={setPage}
          />
        </>
      )}
      {canAddPortalUser(viewer) && <AddFab label={t('add')} onClick={() => setPanel({ mode: 'create' })} />}
      <PortalUserPanel
        target={panel}
        scopeId={scopeId}
        inAdminTenant={rootTenant}
        showAdminTenantOnly={rootTenant && session.isRootUser}
        onClose={() => setPanel(null)}
      />
      {deleting && (
        <ConfirmDialog
          title={t('deleteDialog.title')}
          text={t('deleteDialog.text', { name: portalUserDisplayName(deleting) })}
          confirmLabel={t('deleteDialog.confirm')}
          pending={deleteUser.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {disablingTwoFactor && (
        <TwoFactorProofDialog
          open
          title={t('disableTwoFactor.title')}
          text={t(
            session.user?.secureAuthentication
              ? 'disableTwoFactor.withCode'
              : 'disableTwoFactor.withPassword',
            { name: portalUserDisplayName(disablingTwoFactor) },
          )}
          codeAvailable={session.user?.secureAuthentication ?? false}
          pending={disableTwoFactor.isPending}
          errorText={proofErrorText(disableTwoFactor.error)}
          onConfirm={(proof) => confirmDisableTwoFactor(disablingTwoFactor, proof)}
          onCancel={closeDisableTwoFactor}
        />
      )}
      <TwoFactorSetupDialog
        open={enablingTwoFactor}
        email={session.user?.email ?? ''}
        onClose={() => setEnablingTwoFactor(false)}
      />
    </>
  );
}

/** /cli/portal_users (?scopeId=): the users of a scope, searched, sorted and paged on the server, live. */
export function PortalUsersPage() {
  const t = useT('portal-users');
  const scopeId = usePortalUsersScopeId();
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <PortalUsersList key={scopeId} scopeId={scopeId} />
    </Paper>
  );
}
