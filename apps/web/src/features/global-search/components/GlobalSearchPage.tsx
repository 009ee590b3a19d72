import { Alert, Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { lastPage, nextSort } from '../../../lib/list-paging.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useGlobalSearch } from '../api/global-search.ts';
import {
  GLOBAL_SEARCH_LIST_NAME,
  GLOBAL_SEARCH_PAGE_SIZES,
  gatewayPathFor,
  INITIAL_SORT,
  isAwaitingSettle,
  pageSizeFrom,
  requestTerm,
  SEARCH_MAX_LENGTH,
  type Sort,
  searchGate,
  TOO_SHORT_MIN,
} from '../search-rules.ts';
import { useDebouncedSearch } from '../use-debounced-search.ts';
import { GlobalSearchTable } from './GlobalSearchTable.tsx';

function GatewayResults({ term }: { term: string }) {
  const t = useT('global-search');
  const messageText = useMessageText();
  const session = useSession();
  const navigate = useNavigate();
  const [sort, setSort] = useState<Sort>(INITIAL_SORT);
  // A new term or order starts on the first page.
  const [paging, setPaging] = useState({ term, sort, page: 0 });
  const page = paging.term === term && paging.sort === sort ? paging.page : 0;
  const setPage = (next: number) => setPaging({ term, sort, page: next });
  const pageSize = pageSizeFrom(rowsPerPageFor(session, GLOBAL_SEARCH_LIST_NAME));
  const results = useGlobalSearch({ search: term, page, pageSize, ...sort });

  const total = results.data?.total;
  useEffect(() => {
    if (total !== undefined && page > lastPage(total, pageSize)) setPaging({ term, sort, page: 0 });
  }, [total, page, pageSize, term, sort]);

  return (
    <>
      {(results.isPending || results.isPlaceholderData) && <ProgressStatus text={t('searching')} />}
      {results.isError && <Alert severity="error">{messageText(results.error.message)}</Alert>}
      {results.data && (
        <>
          <GlobalSearchTable
            rows={results.data.rows}
            sort={sort}
            onSort={(column) => setSort((current) => nextSort(current, column))}
            onOpen={(row) => navigate(gatewayPathFor(row))}
          />
          <ListPagination
            listName={GLOBAL_SEARCH_LIST_NAME}
            count={results.data.total}
            page={page}
            pageSize={pageSize}
            pageSizes={GLOBAL_SEARCH_PAGE_SIZES}
            onPageChange={setPage}
          />
        </>
      )}
    </>
  );
}

/**
 * /global-search: gateways across the customers the user may see (spec 000 section 2 'Global search').
 * The search starts 2.5 s after typing stops and needs at least 3 characters; the server searches, sorts and
 * pages. Choosing a row opens that customer's gateways filtered by the gateway's name.
 */
export function GlobalSearchPage() {
  const t = useT('global-search');
  const [typed, setTyped] = useState('');
  const settled = useDebouncedSearch(typed);
  const gate = searchGate(typed);
  const term = requestTerm(typed, settled);

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <SearchField
        value={typed}
        onChange={setTyped}
        helperText={gate.state === 'tooShort' ? t('tooShort', { min: TOO_SHORT_MIN }) : ' '}
        autoFocus
        width={400}
        maxLength={SEARCH_MAX_LENGTH}
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value="gateways" aria-label={t('results')}>
          <Tab label={t('tab')} value="gateways" id="global-search-tab-gateways" />
        </Tabs>
      </Box>
      <Box role="tabpanel" aria-labelledby="global-search-tab-gateways">
        {term !== null ? (
          <GatewayResults term={term} />
        ) : (
          <Typography color="text.secondary">
            {isAwaitingSettle(typed, settled) ? t('searching') : t('intro')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
