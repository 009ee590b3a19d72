import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_CHUNK_MS, loadInChunks, NEXT_CHUNK_MS, planChunks } from './chunk-plan.ts';
import type { TimeRange } from './intervals.ts';

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;

describe('chunk planner', () => {
  it('fetches 2 weeks or less in one request', () => {
    expect(planChunks({ fromTime: NOW - 14 * DAY, toTime: NOW })).toEqual([
      { fromTime: NOW - 14 * DAY, toTime: NOW },
    ]);
    expect(planChunks({ fromTime: NOW - 3_600_000, toTime: NOW })).toHaveLength(1);
  });

  it('fetches more than 2 weeks as 2 weeks, then 1 week at a time, covering the range once', () => {
    const range = { fromTime: NOW - 14 * DAY - 1, toTime: NOW };
    expect(planChunks(range)).toEqual([{ fromTime: range.fromTime, toTime: NOW - 1 }]);
    const month = planChunks({ fromTime: NOW - 30 * DAY, toTime: NOW });
    expect(month.map((c) => c.toTime - c.fromTime)).toEqual([
      FIRST_CHUNK_MS,
      NEXT_CHUNK_MS,
      NEXT_CHUNK_MS,
      2 * DAY - 3,
    ]);
    expect(month[0]!.fromTime).toBe(NOW - 30 * DAY);
    expect(month.at(-1)!.toTime).toBe(NOW);
    for (let i = 1; i < month.length; i++) expect(month[i]!.fromTime).toBe(month[i - 1]!.toTime + 1);
  });

  it('fetches 3 months (90 days) in 12 requests', () => {
    const chunks = planChunks({ fromTime: NOW - 90 * DAY, toTime: NOW });
    expect(chunks).toHaveLength(12);
    expect(chunks.every((c) => c.toTime - c.fromTime <= FIRST_CHUNK_MS)).toBe(true);
  });
});

describe('chunked loading', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const month = { fromTime: NOW - 30 * DAY, toTime: NOW };

  it('starts one request per second and hands over each answer as it arrives', async () => {
    const started: number[] = [];
    const received: TimeRange[] = [];
    const done = loadInChunks({
      range: month,
      signal: new AbortController().signal,
      fetchChunk: async (chunk) => {
        started.push(Date.now());
        return chunk;
      },
      onChunk: (chunk) => received.push(chunk),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(1);
    expect(received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    await done;
    expect(started.map((t) => t - started[0]!)).toEqual([0, 1000, 2000, 3000]);
    expect(received).toEqual(planChunks(month));
  });

  it('stops when the graphPage group is cancelled, and drops answers that arrive after', async () => {
    const graphPage = new AbortController();
    const started: TimeRange[] = [];
    const received: unknown[] = [];
    let answerLate: (value: string) => void = () => {};
    const done = loadInChunks({
      range: month,
      signal: graphPage.signal,
      fetchChunk: (chunk) => {
        started.push(chunk);
        return started.length === 2
          ? new Promise<string>((resolve) => (answerLate = resolve))
          : Promise.resolve('x');
      },
      onChunk: (data) => received.push(data),
    });
    await vi.advanceTimersByTimeAsync(1500);
    graphPage.abort();
    answerLate('late');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(started).toHaveLength(2);
    expect(received).toEqual(['x']);
  });

  it('leaves a failed chunk out and goes on with the rest', async () => {
    const received: number[] = [];
    let call = 0;
    const done = loadInChunks({
      range: month,
      signal: new AbortController().signal,
      fetchChunk: async () => {
        call++;
        if (call === 2) throw new Error('status');
        return call;
      },
      onChunk: (n) => received.push(n),
    });
    await vi.advanceTimersByTimeAsync(4000);
    await done;
    expect(received).toEqual([1, 3, 4]);
  });
});
