/** Spec 001 section 9: the card grid has 3 columns of width 522 and rows of height 390. */
export const GRID_MAX_COLUMNS = 3;
export const GRID_COLUMN_WIDTH = 522;
export const GRID_ROW_HEIGHT = 390;
/** Below this width per card, one column fewer (a card's icons and two charts still fit). */
export const GRID_MIN_COLUMN_WIDTH = 400;

/** Columns for the width the grid has: 3 when they fit at 400 px or more, then fewer, never under 1. */
export function gridColumns(containerWidth: number): number {
  const fitting = Math.floor(containerWidth / GRID_MIN_COLUMN_WIDTH);
  return Math.min(GRID_MAX_COLUMNS, Math.max(1, fitting));
}

/** The width of one card: the grid's share, at most the spec's 522. */
export function gridColumnWidth(containerWidth: number, columns: number): number {
  return Math.min(GRID_COLUMN_WIDTH, Math.floor(containerWidth / columns));
}

/** Items cut into rows of `columns`. */
export function gridRows<T>(items: readonly T[], columns: number): T[][] {
  const rows: T[][] = [];
  for (let start = 0; start < items.length; start += columns) rows.push(items.slice(start, start + columns));
  return rows;
}

/** Rows of `columns` cards a list of `count` gateways takes. */
export const gridRowCount = (count: number, columns: number) => Math.ceil(Math.max(0, count) / columns);

/** The list positions of a row of cards (the last row may be short). */
export function gridRowPositions(row: number, columns: number, count: number): number[] {
  const positions: number[] = [];
  for (let i = row * columns; i < Math.min(count, (row + 1) * columns); i++) positions.push(i);
  return positions;
}
