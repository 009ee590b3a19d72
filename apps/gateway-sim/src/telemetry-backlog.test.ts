import { MAX_SAMPLES_PER_MESSAGE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { TelemetryBacklog } from './telemetry-backlog.ts';

const sample = (i: number) => ({ TI: 1_700_000_000_000 + i });

describe('TelemetryBacklog', () => {
  it('sends in batches of at most the contract limit, oldest first, one batch at a time', () => {
    const backlog = new TelemetryBacklog();
    for (let i = 0; i < MAX_SAMPLES_PER_MESSAGE + 20; i++) backlog.add(sample(i));
    const first = backlog.takeBatch();
    expect(first?.samples).toHaveLength(MAX_SAMPLES_PER_MESSAGE);
    expect(first?.samples[0]).toEqual(sample(0));
    expect(backlog.takeBatch()).toBeNull();
    backlog.acknowledge(first!.generation);
    const second = backlog.takeBatch();
    expect(second?.samples).toHaveLength(20);
    backlog.acknowledge(second!.generation);
    expect(backlog.size).toBe(0);
  });

  it('keeps a batch whose connection dropped, and ignores its late acknowledgement', () => {
    const backlog = new TelemetryBacklog();
    backlog.add(sample(1));
    const lost = backlog.takeBatch()!;
    backlog.release();
    backlog.add(sample(2));
    backlog.acknowledge(lost.generation);
    expect(backlog.size).toBe(2);
    expect(backlog.takeBatch()?.samples).toEqual([sample(1), sample(2)]);
  });

  it('drops the oldest samples beyond its capacity', () => {
    const backlog = new TelemetryBacklog(3);
    for (let i = 0; i < 5; i++) backlog.add(sample(i));
    expect(backlog.takeBatch()?.samples).toEqual([sample(2), sample(3), sample(4)]);
  });
});
