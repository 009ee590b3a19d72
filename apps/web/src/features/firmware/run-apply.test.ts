import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runApply } from './run-apply.ts';

describe('runApply', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one request per customer at 1 s, 1.5 s, 2 s and resolves at the next poll after the last answer', async () => {
    const sent: [string, number][] = [];
    const start = Date.now();
    const done = runApply(
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
        { id: 'c', name: 'C' },
      ],
      async (id) => {
        sent.push([id, Date.now() - start]);
        if (id === 'b') throw new Error('You cannot downgrade');
      },
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toEqual([
      ['a', 1000],
      ['b', 1500],
      ['c', 2000],
    ]);
    const results = await done;
    expect(results.map((r) => [r.customer, r.ok])).toEqual([
      ['A', true],
      ['B', false],
      ['C', true],
    ]);
    expect(results[1]?.message).toBe('You cannot downgrade');
  });
});
