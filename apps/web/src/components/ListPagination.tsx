import { TablePagination } from '@mui/material';
import { useT } from '../lib/i18n/index.ts';
import { lastPage } from '../lib/list-paging.ts';
import { sessionStore } from '../lib/session.ts';

interface ListPaginationProps {
  /** The session key the rows-per-page choice is remembered under. */
  listName: string;
  count: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
}

/**
 * On a narrow screen the toolbar wraps (the page arrows under 'Rows per page', to the right) instead of pushing
 * the next arrow past the screen's edge.
 */
const NARROW_SCREEN_SX = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 0, sm: 2 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
} as const;

/**
 * What every TablePagination takes: its texts in the language shown ('Rows per page:', '1–10 of 57', the
 * arrows' names) and the narrow-screen layout; `<TablePagination {...usePaginationProps()} ... />`.
 */
export function usePaginationProps() {
  const t = useT('components');
  return {
    sx: NARROW_SCREEN_SX,
    labelRowsPerPage: t('pagination.rowsPerPage'),
    labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
      count === -1
        ? t('pagination.displayedRowsMore', { from, to })
        : t('pagination.displayedRows', { from, to, count }),
    getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => t(`pagination.${type}`),
  };
}

/**
 * The paging under a list: a page past the last one shows as the last; a new rows-per-page choice is remembered
 * for the session and goes back to the first page.
 */
export function ListPagination({
  listName,
  count,
  page,
  pageSize,
  pageSizes,
  onPageChange,
}: ListPaginationProps) {
  const paginationProps = usePaginationProps();
  return (
    <TablePagination
      {...paginationProps}
      component="div"
      count={count}
      page={Math.min(page, lastPage(count, pageSize))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => {
        sessionStore.setRowsPerPage(listName, Number(event.target.value));
        onPageChange(0);
      }}
    />
  );
}
