import { TableCell, TableSortLabel } from '@mui/material';
import type { ColumnSort } from '../lib/list-paging.ts';

interface SortableHeaderCellProps<Column extends string> {
  label: string;
  column: Column;
  sort: ColumnSort<Column>;
  onSort: (column: Column) => void;
}

/** A column header that sorts by its column; the sorted one shows its direction. */
export function SortableHeaderCell<Column extends string>({
  label,
  column,
  sort,
  onSort,
}: SortableHeaderCellProps<Column>) {
  const active = sort.sortBy === column;
  return (
    <TableCell sortDirection={active ? sort.sortOrder : false}>
      <TableSortLabel
        active={active}
        direction={active ? sort.sortOrder : 'asc'}
        onClick={() => onSort(column)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}
