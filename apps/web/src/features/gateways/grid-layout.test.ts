import { describe, expect, it } from 'vitest';
import { GRID_COLUMN_WIDTH, gridColumns, gridColumnWidth, gridRows } from './grid-layout.ts';

describe('gridColumns', () => {
  it('has 3 columns when the grid is wide, fewer when narrower, never under 1', () => {
    expect(gridColumns(3 * GRID_COLUMN_WIDTH)).toBe(3);
    expect(gridColumns(2400)).toBe(3);
    expect(gridColumns(1200)).toBe(3);
    expect(gridColumns(1199)).toBe(2);
    expect(gridColumns(800)).toBe(2);
    expect(gridColumns(799)).toBe(1);
    expect(gridColumns(300)).toBe(1);
    expect(gridColumns(0)).toBe(1);
  });

  it('makes columns at most 522 wide', () => {
    expect(gridColumnWidth(2400, 3)).toBe(522);
    expect(gridColumnWidth(1200, 3)).toBe(400);
  });
});

describe('gridRows', () => {
  it('cuts items into rows of the column count', () => {
    expect(gridRows([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(gridRows([], 3)).toEqual([]);
  });
});
