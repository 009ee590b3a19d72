import { describe, expect, it } from 'vitest';
import { backoffMs } from './lock-access.service.ts';

describe('lock access back-off', () => {
  it('doubles from the base after every attempt, up to the cap', () => {
    const settings = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, settings))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000,
    ]);
    expect(backoffMs(8, settings)).toBe(3_600_000);
    expect(backoffMs(40, settings)).toBe(3_600_000);
    expect(backoffMs(0, settings)).toBe(30_000);
  });
});
