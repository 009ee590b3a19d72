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
 * The texts of MUI's TablePagination in the language shown ('Rows per page:', '1–10 of 57', the arrows'
 * names): spread them on any TablePagination, `<TablePagination {...usePaginationTexts()} ... />`.
 */
export function usePaginationTexts() {
  const t = useT('components');
  return {
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
  const texts = usePaginationTexts();
  return (
    <TablePagination
      {...texts}
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
