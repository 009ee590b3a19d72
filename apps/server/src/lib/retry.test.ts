import { describe, expect, it } from 'vitest';
import { retryTransient } from './retry.ts';

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
