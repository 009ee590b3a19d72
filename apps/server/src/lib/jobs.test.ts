import { describe, expect, it } from 'vitest';
import { retryDelay } from './jobs.ts';

describe('retryDelay', () => {
  const retry = { attempts: 4, backoff: { baseMs: 1000, maxMs: 3000 } };

  it('waits the back-off of lib/retry.ts after each failed attempt but the last', () => {
    expect([1, 2, 3].map((attempt) => retryDelay(attempt, retry))).toEqual([1000, 2000, 3000]);
  });

  it('gives up after the last attempt, and after any beyond it (a lost job run again)', () => {
    expect(retryDelay(4, retry)).toBeNull();
    expect(retryDelay(6, retry)).toBeNull();
  });

  it('never retries a queue of one attempt (the scheduled jobs)', () => {
    expect(retryDelay(1, { ...retry, attempts: 1 })).toBeNull();
  });

  it('answers the mail policy: 11 waits, 30 s doubling to an hour, about 5 hours', () => {
    const mail = { attempts: 12, backoff: { baseMs: 30_000, maxMs: 3_600_000 } };
    const waits = Array.from({ length: 12 }, (_, i) => retryDelay(i + 1, mail));
    expect(waits.at(-1)).toBeNull();
    expect(waits.slice(0, 11).reduce((sum, wait) => (sum ?? 0) + (wait ?? 0), 0)).toBe(18_210_000);
  });
});
