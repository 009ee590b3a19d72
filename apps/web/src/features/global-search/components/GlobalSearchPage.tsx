import SearchOutlined from '@mui/icons-material/SearchOutlined';
import {
  Alert,
  Box,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  Tab,
  TablePagination,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { rowsPerPageFor, sessionStore, useSession } from '../../../lib/session.ts';
import { useGlobalSearch } from '../api/global-search.ts';
import {
  GLOBAL_SEARCH_LIST_NAME,
  GLOBAL_SEARCH_PAGE_SIZES,
  gatewayPathFor,
  INITIAL_SORT,
  isAwaitingSettle,
  lastPage,
  nextSort,
  pageSizeFrom,
  requestTerm,
  SEARCH_MAX_LENGTH,
  type Sort,
  searchGate,
  TOO_SHORT_HINT,
} from '../search-rules.ts';
import { useDebouncedSearch } from '../use-debounced-search.ts';
import { GlobalSearchTable } from './GlobalSearchTable.tsx';

const SEARCHING_TEXT = 'Searching gateways ...';

function GatewayResults({ term }: { term: string }) {
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
      {(results.isPending || results.isPlaceholderData) && (
        <Stack role="status" spacing={0.5} sx={{ mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {SEARCHING_TEXT}
          </Typography>
          <LinearProgress aria-label={SEARCHING_TEXT} />
        </Stack>
      )}
      {results.isError && <Alert severity="error">{results.error.message}</Alert>}
      {results.data && (
        <>
          <GlobalSearchTable
            rows={results.data.rows}
            sort={sort}
            onSort={(column) => setSort((current) => nextSort(current, column))}
            onOpen={(row) => navigate(gatewayPathFor(row))}
          />
          <TablePagination
            component="div"
            count={results.data.total}
            page={Math.min(page, lastPage(results.data.total, pageSize))}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...GLOBAL_SEARCH_PAGE_SIZES]}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              sessionStore.setRowsPerPage(GLOBAL_SEARCH_LIST_NAME, Number(event.target.value));
              setPage(0);
            }}
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
  const [typed, setTyped] = useState('');
  const settled = useDebouncedSearch(typed);
  const gate = searchGate(typed);
  const term = requestTerm(typed, settled);

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: 3 }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        Global Search
      </Typography>
      <TextField
        label="Search"
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        helperText={gate.state === 'tooShort' ? TOO_SHORT_HINT : ' '}
        size="small"
        autoFocus
        sx={{ width: { xs: '100%', sm: 400 } }}
        slotProps={{
          htmlInput: { maxLength: SEARCH_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value="gateways" aria-label="Search results">
          <Tab label="Gateways" value="gateways" id="global-search-tab-gateways" />
        </Tabs>
      </Box>
      <Box role="tabpanel" aria-labelledby="global-search-tab-gateways">
        {term !== null ? (
          <GatewayResults term={term} />
        ) : (
          <Typography color="text.secondary">
            {isAwaitingSettle(typed, settled)
              ? SEARCHING_TEXT
              : 'Search gateways across customers by customer, name, MAC, serial number, type, OS, firmware or status.'}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
