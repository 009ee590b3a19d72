import { describe, expect, it } from 'vitest';
import { COLUMNS, columnsFor } from './gateway-columns.ts';

const labels = (mixed: boolean, compact: boolean) => columnsFor(mixed, compact).map((column) => column.label);

describe('columnsFor', () => {
  it('lists every column, with the customer after the name in a view mixing customers', () => {
    expect(labels(false, false)).toEqual(COLUMNS.map((column) => column.label));
    expect(labels(true, false).slice(0, 3)).toEqual(['Name', 'Customer', 'MAC']);
  });

  it('on a phone puts Actions right after the name (and customer) and drops Status (shown under the name)', () => {
    expect(labels(false, true).slice(0, 3)).toEqual(['Name', 'Actions', 'MAC']);
    expect(labels(true, true).slice(0, 3)).toEqual(['Name', 'Customer', 'Actions']);
    expect(labels(false, true)).not.toContain('Status');
    expect(labels(false, true)).toHaveLength(COLUMNS.length - 1);
  });
});
