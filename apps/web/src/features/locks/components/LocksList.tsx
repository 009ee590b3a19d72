import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { Alert, Button, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { LOCK_SEARCH_MAX_LENGTH, type LockDevice } from '@portal/contract';
import { useEffect, useState } from 'react';
import { DownloadCsvButton } from '../../../components/DownloadCsvButton.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { lastPage } from '../../../lib/list-paging.ts';
import { useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { downloadLocksCsv, LOCKS_CSV_FILE_NAME } from '../api/download-locks-csv.ts';
import { useLocks } from '../api/get-locks.ts';
import { grantChosenCredential } from '../api/grant-lock-access.ts';
import type { LockUrlFilters } from '../lock-filters.ts';
import {
  addUserCheck,
  type LockSelection,
  lockUserAbilities,
  toggleLock,
  togglePage,
} from '../lock-selection.ts';
import {
  emptyLocksText,
  listSizesFor,
  listStatusText,
  pageSizeFrom,
  SEARCH_DELAY_MS,
} from '../locks-list.ts';
import { useLiveLocks } from '../use-live-locks.ts';
import { AddUserDialog } from './AddUserDialog.tsx';
import { LockCards } from './LockCards.tsx';
import { LockHistoryDialog } from './LockHistoryDialog.tsx';
import { LockRowActions } from './LockRowActions.tsx';
import { LocksTable } from './LocksTable.tsx';
import { LockUsersDialog } from './LockUsersDialog.tsx';
import type { LockRowSlots } from './lock-row-slots.ts';

export interface LocksListProps extends LockRowSlots {
  scopeId: string;
  /** One gateway's locks; absent: the customer's (and its sub-customers') locks. */
  gatewayMacId?: string;
  /** The Dashboard's filters (low battery, credentials in a delivery state). */
  filters?: LockUrlFilters;
}

/**
 * A server-paged, searchable list of locks with their state, kept current by the locks channel: multi-select
 * (kept across pages), Add User on locks of one type, the users of a lock, and the CSV of what the list filters.
 * A table from 600 px, cards below.
 */
export function LocksList({ scopeId, gatewayMacId, filters, renderLockAction }: LocksListProps) {
  const t = useT('locks');
  const messageText = useMessageText();
  const session = useSession();
  const notify = useNotify();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const abilities = lockUserAbilities(session.permissions);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (next: number) => setPaging({ search, page: next });
  const sizes = listSizesFor(gatewayMacId);
  const pageSize = pageSizeFrom(session.rowsPerPage[sizes.listName], sizes);
  const locks = useLocks(scopeId, { macId: gatewayMacId, ...filters, search, page, pageSize });
  useLiveLocks(scopeId);

  const [selection, setSelection] = useState<LockSelection>(new Map());
  const [usersOf, setUsersOf] = useState<LockDevice | null>(null);
  const [historyOf, setHistoryOf] = useState<LockDevice | null>(null);
  const [addingUser, setAddingUser] = useState<{ type: string | null } | null>(null);

  const total = locks.data?.total;
  useEffect(() => {
    if (total !== undefined && page > lastPage(total, pageSize))
      setPaging({ search, page: lastPage(total, pageSize) });
  }, [total, page, pageSize, search]);

  const statusText = listStatusText(locks);
  const shown = locks.data?.locks ?? [];
  // The open users dialog follows the live row.
  const usersLock = usersOf ? (shown.find((lock) => lock.macId === usersOf.macId) ?? usersOf) : null;

  const addUser = () => {
    const check = addUserCheck(selection);
    if (check.error) notify({ variant: 'error', text: check.error });
    else setAddingUser({ type: check.type });
  };

  const rowProps = {
    locks: shown,
    gatewayMacId,
    selection,
    emptyText: emptyLocksText(search, gatewayMacId, filters),
    onToggle: abilities.addUser
      ? (lock: LockDevice) => setSelection((current) => toggleLock(current, lock))
      : undefined,
    onShowUsers: abilities.showUsers ? setUsersOf : undefined,
    // The row's own actions (lock/unlock, history), then what other features add.
    renderLockAction: (lock: LockDevice) => (
      <>
        <LockRowActions lock={lock} onShowHistory={() => setHistoryOf(lock)} />
        {renderLockAction?.(lock)}
      </>
    ),
  };

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchField value={searchText} onChange={setSearchText} maxLength={LOCK_SEARCH_MAX_LENGTH} />
        <DownloadCsvButton
          download={() => downloadLocksCsv(scopeId, { macId: gatewayMacId, ...filters, search })}
          fileName={LOCKS_CSV_FILE_NAME}
        />
      </Stack>
      {abilities.addUser && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1, minHeight: 40 }}
        >
          <Typography variant="body2" aria-live="polite" sx={{ flex: 1, minWidth: 0 }}>
            {selection.size > 0 ? t('list.selected', { selected: selection.size }) : t('list.selectHint')}
          </Typography>
          {selection.size > 0 && <Button onClick={() => setSelection(new Map())}>{t('list.clear')}</Button>}
          <Button
            variant="contained"
            startIcon={<PersonAddOutlined />}
            disabled={selection.size === 0}
            onClick={addUser}
          >
            {t('list.addUser')}
          </Button>
        </Stack>
      )}
      {statusText && <ProgressStatus text={statusText} />}
      {locks.isError && <Alert severity="error">{messageText(locks.error.message)}</Alert>}
      {locks.data &&
        (phone ? (
          <LockCards {...rowProps} />
        ) : (
          <LocksTable
            {...rowProps}
            onTogglePage={
              abilities.addUser ? () => setSelection((current) => togglePage(current, shown)) : undefined
            }
          />
        ))}
      {locks.data && (
        <ListPagination
          listName={sizes.listName}
          count={locks.data.total}
          page={page}
          pageSize={pageSize}
          pageSizes={sizes.sizes}
          onPageChange={setPage}
        />
      )}
      {usersLock && <LockUsersDialog scopeId={scopeId} lock={usersLock} onClose={() => setUsersOf(null)} />}
      {historyOf && <LockHistoryDialog lock={historyOf} onClose={() => setHistoryOf(null)} />}
      {addingUser && (
        <AddUserDialog
          scopeId={scopeId}
          selection={selection}
          type={addingUser.type}
          grantAccess={grantChosenCredential}
          onClose={() => setAddingUser(null)}
          onGranted={() => {
            setAddingUser(null);
            setSelection(new Map());
          }}
        />
      )}
    </>
  );
}
