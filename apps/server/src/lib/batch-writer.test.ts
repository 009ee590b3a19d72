import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer.ts';

describe('BatchWriter', () => {
  it('writes a full batch at once and resolves each add after its write', async () => {
    const batches: number[][] = [];
    const writer = new BatchWriter<number>(
      async (items) => {
        batches.push(items);
      },
      { maxBatch: 3, maxDelayMs: 10_000 },
    );
    await Promise.all([writer.add(1), writer.add(2), writer.add(3)]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('writes a partial batch after the delay, or on flush', async () => {
    const batches: number[][] = [];
    const writer = new BatchWriter<number>(
      async (items) => {
        batches.push(items);
      },
      { maxBatch: 100, maxDelayMs: 5 },
    );
    await writer.add(1);
    const pending = writer.add(2);
    await writer.flush();
    await pending;
    expect(batches).toEqual([[1], [2]]);
  });

  it('rejects every item of a failed batch', async () => {
    const writer = new BatchWriter<number>(
      async () => {
        throw new Error('database down');
      },
      { maxBatch: 2, maxDelayMs: 5 },
    );
    const results = await Promise.allSettled([writer.add(1), writer.add(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
