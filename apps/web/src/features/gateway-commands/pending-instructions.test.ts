import type { PendingInstruction } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { keepListed, rowsOfPage, toggleAllOnPage, toggleSelected } from './pending-instructions.ts';

const row = (instructionId: string): PendingInstruction => ({
  instructionId,
  id: instructionId,
  type: 'LOCK_DEVICE_LOCK_UNLOCK',
  status: 'PENDING',
  payload: { name: 'Front door', time: 1_735_725_600_000 },
});

describe('pending instruction selection', () => {
  it('toggles one id', () => {
    const once = toggleSelected(new Set(), 'a');
    expect([...once]).toEqual(['a']);
    expect([...toggleSelected(once, 'a')]).toEqual([]);
  });

  it('chooses every row of the page, then none, leaving other pages alone', () => {
    const all = toggleAllOnPage(new Set(['x']), ['a', 'b']);
    expect([...all].sort()).toEqual(['a', 'b', 'x']);
    expect([...toggleAllOnPage(all, ['a', 'b'])]).toEqual(['x']);
    expect([...toggleAllOnPage(new Set(['a']), ['a', 'b'])].sort()).toEqual(['a', 'b']);
  });

  it('keeps only the instructions still listed after a refresh', () => {
    const selected = new Set(['a', 'b']);
    expect([...keepListed(selected, [row('b'), row('c')])]).toEqual(['b']);
    expect(keepListed(selected, [row('a'), row('b')])).toBe(selected);
  });
});

describe('rowsOfPage', () => {
  const rows = Array.from({ length: 12 }, (_, i) => i);
  it('slices a page and steps back from a page past the end', () => {
    expect(rowsOfPage(rows, 0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(rowsOfPage(rows, 2, 5)).toEqual([10, 11]);
    expect(rowsOfPage(rows, 7, 5)).toEqual([10, 11]);
    expect(rowsOfPage([], 3, 5)).toEqual([]);
  });
});
