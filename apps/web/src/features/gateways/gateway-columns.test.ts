import { describe, expect, it } from 'vitest';
import { COLUMNS, columnLayout, columnsFor } from './gateway-columns.ts';
import english from './locales/en.json';

/** The headers as the English list shows them. */
const labels = (mixed: boolean, layout: 'full' | 'narrow' | 'phone') =>
  columnsFor(mixed, layout).map((column) => english.columns[column.id]);
const allLabels = COLUMNS.map((column) => english.columns[column.id]);

describe('columnsFor', () => {
  it('lists every column, with the customer after the name in a view mixing customers', () => {
    expect(labels(false, 'full')).toEqual(allLabels);
    expect(labels(true, 'full').slice(0, 3)).toEqual(['Name', 'Customer', 'MAC']);
  });

  it('where they do not fit, brings Status and Actions right after the name (and customer), keeping every column', () => {
    expect(labels(false, 'narrow').slice(0, 4)).toEqual(['Name', 'Status', 'Actions', 'MAC']);
    expect(labels(true, 'narrow').slice(0, 4)).toEqual(['Name', 'Customer', 'Status', 'Actions']);
    expect([...labels(false, 'narrow')].sort()).toEqual([...allLabels].sort());
  });

  it('on a phone brings Actions after the name and drops Status (shown under the name)', () => {
    expect(labels(false, 'phone').slice(0, 3)).toEqual(['Name', 'Actions', 'MAC']);
    expect(labels(false, 'phone')).not.toContain('Status');
    expect(labels(false, 'phone')).toHaveLength(COLUMNS.length - 1);
  });

  it('on a phone sorts by status from the name header, and only there', () => {
    expect(columnsFor(false, 'phone')[0]?.alsoSorts).toEqual({ sortKey: 'status', id: 'status' });
    expect(columnsFor(false, 'narrow').some((column) => column.alsoSorts)).toBe(false);
    expect(columnsFor(true, 'full').some((column) => column.alsoSorts)).toBe(false);
  });
});

describe('columnLayout', () => {
  it("is a phone's on a phone whatever the width", () => {
    expect(columnLayout(true, 1000, undefined)).toBe('phone');
  });
  it('is narrow where the list is narrower than its full columns need, and only then', () => {
    expect(columnLayout(false, 1000, undefined)).toBe('full');
    expect(columnLayout(false, 1000, 1150)).toBe('narrow');
    expect(columnLayout(false, 1150, 1150)).toBe('full');
    expect(columnLayout(false, 0, 1150)).toBe('full');
  });
});
