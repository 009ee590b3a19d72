import { describe, expect, it } from 'vitest';
import {
  deleteRequestParts,
  firstOf,
  isSelected,
  NO_SELECTION,
  selectedCount,
  toggled,
} from './gateway-selection.ts';

describe('gateway selection over a list held by the server', () => {
  it('ticks and unticks gateways one by one', () => {
    const one = toggled(NO_SELECTION, 'A', 3);
    expect(isSelected(one, 'A', 3)).toBe(true);
    expect(selectedCount(one, 10)).toBe(1);
    expect(deleteRequestParts(one)).toEqual({ macs: ['A'] });
    const none = toggled(one, 'A', 3);
    expect(isSelected(none, 'A', 3)).toBe(false);
    expect(selectedCount(none, 10)).toBe(0);
  });

  it("selects the first N of the list's order, capped at the list, with exceptions and extras", () => {
    const first = firstOf(50);
    expect(selectedCount(first, 20)).toBe(20);
    expect(selectedCount(first, 100_000)).toBe(50);
    expect(isSelected(first, 'A', 49)).toBe(true);
    expect(isSelected(first, 'B', 50)).toBe(false);
    // Unticking one of the first N excepts it; ticking one after them adds it.
    const edited = toggled(toggled(first, 'A', 49), 'B', 50);
    expect(isSelected(edited, 'A', 49)).toBe(false);
    expect(isSelected(edited, 'B', 50)).toBe(true);
    expect(selectedCount(edited, 100_000)).toBe(50);
    expect(deleteRequestParts(edited)).toEqual({ macs: ['B'], select: { first: 50, except: ['A'] } });
  });

  it('selects all on the server for All, sending no MACs', () => {
    const all = firstOf(Number.POSITIVE_INFINITY);
    expect(selectedCount(all, 100_000)).toBe(100_000);
    expect(isSelected(all, 'Z', 99_999)).toBe(true);
    expect(deleteRequestParts(all)).toEqual({ macs: [], select: { except: [] } });
  });

  it('counts a gateway whose place is not loaded by its MAC', () => {
    const ticked = toggled(firstOf(10), 'Q', undefined);
    expect(isSelected(ticked, 'Q', undefined)).toBe(true);
    expect(selectedCount(ticked, 30)).toBe(11);
  });
});
