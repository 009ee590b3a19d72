import { describe, expect, it } from 'vitest';
import { backoffDelay, retryTransient } from './retry.ts';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('retryTransient', () => {
  it('runs a deadlocked transaction again', async () => {
    let calls = 0;
    const result = await retryTransient(async () => {
      calls++;
      if (calls < 3) throw failure('40P01');
      return 'stored';
    });
    expect([result, calls]).toEqual(['stored', 3]);
  });

  it('gives up after the last attempt, and at once on any other error', async () => {
    let calls = 0;
    const failWith = (code: string) => async () => {
      calls++;
      throw failure(code);
    };
    await expect(retryTransient(failWith('40001'))).rejects.toThrow('40001');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryTransient(failWith('23505'))).rejects.toThrow('23505');
    expect(calls).toBe(1);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base after every failed attempt, up to the cap', () => {
    const backoff = { baseMs: 30_000, maxMs: 3_600_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, backoff))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000,
    ]);
    expect(backoffDelay(12, backoff)).toBe(3_600_000);
  });

  it('counts fewer than one attempt as one', () => {
    expect(backoffDelay(0, { baseMs: 500, maxMs: 5000 })).toBe(500);
    expect(backoffDelay(-3, { baseMs: 500, maxMs: 5000 })).toBe(500);
  });

  it('stays at the cap however many attempts, with a zero base too', () => {
    expect(backoffDelay(40, { baseMs: 30_000, maxMs: 3_600_000 })).toBe(3_600_000);
    expect(backoffDelay(5000, { baseMs: 10, maxMs: 86_400_000 })).toBe(86_400_000);
    expect(backoffDelay(5000, { baseMs: 0, maxMs: 1000 })).toBe(0);
    expect(backoffDelay(1, { baseMs: 5000, maxMs: 1000 })).toBe(1000);
  });

  it('gives the documented figures', () => {
    // SMS_RETRY_BASE_SECONDS (30) doubling up to an hour, 12 attempts (README); the mail outbox the same.
    const sms = Array.from({ length: 11 }, (_, i) =>
      backoffDelay(i + 1, { baseMs: 30_000, maxMs: 3_600_000 }),
    );
    expect(sms).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
      3_600_000,
    ]);
    // 11 waits before the 12th attempt gives up: 18,210 s, about 5 hours (mail/outbox-delivery.ts).
    expect(sms.reduce((a, b) => a + b)).toBe(18_210_000);
    // DATABASE_CONNECT_ATTEMPTS: 500 ms doubling to 5 s.
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => backoffDelay(n, { baseMs: 500, maxMs: 5000 }))).toEqual([
      500, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
    // LOCK_ACCESS_RETRY_BASE_SECONDS / _MAX_SECONDS of the lock-access tests (0.4 s, 1 s).
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, { baseMs: 400, maxMs: 1000 }))).toEqual([
      400, 800, 1000, 1000,
    ]);
  });
});
