/** A list's order: the column it is sorted by and the direction. */
export interface ColumnSort<Column extends string> {
  sortBy: Column;
  sortOrder: 'asc' | 'desc';
}

/** A click on a column header: the same column flips its order, another one starts ascending. */
export function nextSort<Column extends string>(
  current: ColumnSort<Column>,
  column: Column,
): ColumnSort<Column> {
  if (current.sortBy !== column) return { sortBy: column, sortOrder: 'asc' };
  return { sortBy: column, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
}

/** The last page that has rows (0 when there are none); a page past it is stepped back to it. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}
