import { Alert, Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { CUSTOMERS_PAGE_SIZES, customerMessages, type Scope } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRootTenant } from '../../../api/get-root-tenant.ts';
import { scopeKey } from '../../../api/get-scope.ts';
import { AddFab } from '../../../components/AddFab.tsx';
import { DownloadCsvButton } from '../../../components/DownloadCsvButton.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { scopedPath } from '../../../lib/home-path.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { lastPage, nextSort } from '../../../lib/list-paging.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { CUSTOMERS_CSV_FILE_NAME, downloadCustomersCsv } from '../api/download-customers-csv.ts';
import { useCustomerQuotas } from '../api/get-customer-quotas.ts';
import { useCustomers } from '../api/get-customers.ts';
import { customersLayoutFor } from '../customers-layout.ts';
import {
  CUSTOMERS_LIST_NAME,
  type CustomerSort,
  type CustomerViewer,
  canAddCustomer,
  customerRowAccess,
  DEFAULT_SORT,
  pageSizeFrom,
  SEARCH_DELAY_MS,
} from '../customers-list.ts';
import { useLiveCustomers } from '../use-live-customers.ts';
import { useViewportWidth } from '../use-viewport-width.ts';
import { AdminCard } from './AdminCard.tsx';
import { CreateCustomerDialog } from './CreateCustomerDialog.tsx';
import { CustomerCard } from './CustomerCard.tsx';
import { CustomersTable } from './CustomersTable.tsx';
import { DeleteCustomerDialog } from './DeleteCustomerDialog.tsx';
import { QuotasDialog } from './QuotasDialog.tsx';
import { UpdateCustomerDialog } from './UpdateCustomerDialog.tsx';

/**
 * Opens a customer: the shell then views it for the session (spec 000 section 2; app/shell/use-viewed-tenant.ts
 * follows the URL). The row's record goes into the cache so the switch paints at once.
 */
function useOpenCustomer(): (scope: Scope) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (scope) => {
    queryClient.setQueryData(scopeKey(scope.id), scope);
    navigate(scopedPath('/cli/dashboard', scope.id));
  };
}

interface CustomersListProps {
  viewer: CustomerViewer;
  wide: boolean;
  cards: boolean;
  onOpen: (scope: Scope) => void;
}

function CustomersList({ viewer, wide, cards, onOpen }: CustomersListProps) {
  const t = useT('tenants');
  const messageText = useMessageText();
  const session = useSession();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [sort, setSort] = useState<CustomerSort>(DEFAULT_SORT);
  // A new search starts on the first page.
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (next: number) => setPaging({ search, page: next });
  const pageSize = pageSizeFrom(rowsPerPageFor(session, CUSTOMERS_LIST_NAME));
  const customers = useCustomers({ search, page, pageSize, ...sort });

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Scope | null>(null);
  const [deleting, setDeleting] = useState<Scope | null>(null);
  const [limiting, setLimiting] = useState<Scope | null>(null);
  // Root alone sets and reads quotas (docs/quotas.md): the figures of the page's customers.
  const pageIds = customers.data?.customers.map((scope) => scope.id) ?? [];
  const quotas = useCustomerQuotas(pageIds, session.isRootUser);

  // A page emptied by deletions steps back to the last one with rows.
  const total = customers.data?.total;
  useEffect(() => {
    if (total !== undefined && page > lastPage(total, pageSize))
      setPaging({ search, page: lastPage(total, pageSize) });
  }, [total, page, pageSize, search]);

  const actions = {
    onEdit: setEditing,
    onDelete: setDeleting,
    onOpen,
    ...(session.isRootUser ? { onQuotas: setLimiting } : {}),
  };
  const loading = customers.isPending || customers.isPlaceholderData || customers.isFetching;

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchField value={searchText} onChange={setSearchText} maxLength={100} />
        <DownloadCsvButton
          download={() => downloadCustomersCsv({ search, ...sort })}
          fileName={CUSTOMERS_CSV_FILE_NAME}
          preparing={messageText(customerMessages.preparingCsv)}
        />
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{loading && <LinearProgress aria-label={t('loading')} />}</Box>
      {customers.isError && <Alert severity="error">{messageText(customers.error.message)}</Alert>}
      {customers.data && (
        <>
          {cards ? (
            <Stack spacing={1.5} role="list" aria-label={t('title')}>
              {customers.data.customers.map((scope) => (
                <Box role="listitem" key={scope.id}>
                  <CustomerCard
                    scope={scope}
                    access={customerRowAccess(viewer, scope)}
                    {...(quotas.data?.get(scope.id) ? { quota: quotas.data.get(scope.id)! } : {})}
                    {...actions}
                  />
                </Box>
              ))}
              {customers.data.customers.length === 0 && (
                <Typography color="text.secondary">{t('empty')}</Typography>
              )}
            </Stack>
          ) : (
            <CustomersTable
              customers={customers.data.customers}
              wide={wide}
              viewer={viewer}
              {...(quotas.data ? { quotas: quotas.data } : {})}
              sort={sort}
              onSort={(column) => {
                setSort((current) => nextSort(current, column));
                setPage(0);
              }}
              {...actions}
            />
          )}
          <ListPagination
            listName={CUSTOMERS_LIST_NAME}
            count={customers.data.total}
            page={page}
            pageSize={pageSize}
            pageSizes={CUSTOMERS_PAGE_SIZES}
            onPageChange={setPage}
          />
        </>
      )}
      {canAddCustomer(viewer) && <AddFab label={t('add')} onClick={() => setCreating(true)} />}
      <CreateCustomerDialog open={creating} onClose={() => setCreating(false)} />
      <UpdateCustomerDialog scope={editing} onClose={() => setEditing(null)} />
      {deleting && <DeleteCustomerDialog scope={deleting} onClose={() => setDeleting(null)} />}
      <QuotasDialog
        scope={limiting}
        use={limiting ? quotas.data?.get(limiting.id) : undefined}
        onClose={() => setLimiting(null)}
      />
    </>
  );
}

/**
 * /admin/tenants, the root user's home (spec 000 section 2): the Admin card (the root tenant) and the
 * Customers card (search, CSV, a sortable paged table, add, edit, delete), kept current by the scopes channel.
 */
export function CustomersPage() {
  const t = useT('tenants');
  const messageText = useMessageText();
  const { permissions } = useSession();
  const rootTenant = useRootTenant();
  const rootTenantId = rootTenant.data?.rootTenantId;
  useLiveCustomers(rootTenantId);
  const open = useOpenCustomer();
  const layout = customersLayoutFor(useViewportWidth());
  const viewer: CustomerViewer = { permissions, rootTenantId };

  return (
    <Stack spacing={3} sx={{ pb: 10 }}>
      {rootTenant.isError && <Alert severity="error">{messageText(rootTenant.error.message)}</Alert>}
      <AdminCard rootTenantId={rootTenantId} wide={layout === 'wide'} onOpen={open} />
      <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="page-title" variant="h5" component="h1" gutterBottom>
          {t('title')}
        </Typography>
        <CustomersList viewer={viewer} wide={layout === 'wide'} cards={layout === 'cards'} onOpen={open} />
      </Paper>
    </Stack>
  );
}
