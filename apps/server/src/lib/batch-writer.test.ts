import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer.ts';

function recordingWriter(options = { maxBatch: 100, maxConcurrentWrites: 1 }) {
  const batches: number[][] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const writer = new BatchWriter<number>(async (items) => {
    batches.push(items);
    if (hold) await new Promise<void>((r) => (release = r));
  }, options);
  return {
    writer,
    batches,
    holdWrites: () => (hold = true),
    releaseWrite: () => {
      hold = false;
      release?.();
    },
  };
}

describe('BatchWriter', () => {
  it('writes items added in the same tick together, and resolves each add after its write', async () => {
    const { writer, batches } = recordingWriter();
    await Promise.all([writer.add(1), writer.add(2), writer.add(3)]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('writes a lone item at once when idle', async () => {
    const { writer, batches } = recordingWriter();
    await writer.add(1);
    await writer.add(2);
    expect(batches).toEqual([[1], [2]]);
  });

  it('gathers what arrives during a write into the next batch, within maxBatch', async () => {
    const { writer, batches, holdWrites, releaseWrite } = recordingWriter({
      maxBatch: 2,
      maxConcurrentWrites: 1,
    });
    holdWrites();
    const first = writer.add(1);
    await new Promise((r) => setImmediate(r));
    const rest = [writer.add(2), writer.add(3), writer.add(4)];
    releaseWrite();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it('flush waits for every pending item', async () => {
    const { writer, batches } = recordingWriter();
    const pending = [writer.add(1), writer.add(2)];
    await writer.flush();
    expect(batches.flat()).toEqual([1, 2]);
    await Promise.all(pending);
  });

  it('rejects every item of a failed batch', async () => {
    const writer = new BatchWriter<number>(
      async () => {
        throw new Error('database down');
      },
      { maxBatch: 10, maxConcurrentWrites: 1 },
    );
    const results = await Promise.allSettled([writer.add(1), writer.add(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
