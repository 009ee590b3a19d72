import { MAX_SAMPLES_PER_MESSAGE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { TelemetryBacklog } from './telemetry-backlog.ts';

const sample = (i: number) => ({ TI: 1_700_000_000_000 + i });

function clocked(capacity?: number) {
  const clock = { now: 1_000_000 };
  return { clock, backlog: new TelemetryBacklog(capacity, () => clock.now) };
}

describe('TelemetryBacklog', () => {
  it('sends in numbered messages of at most the contract limit, oldest first, one publish at a time', () => {
    const { backlog } = clocked();
    for (let i = 0; i < MAX_SAMPLES_PER_MESSAGE + 20; i++) backlog.add(sample(i));
    const first = backlog.takeBatch()!;
    expect(first.samples).toHaveLength(MAX_SAMPLES_PER_MESSAGE);
    expect(first.samples[0]).toEqual(sample(0));
    expect(backlog.takeBatch()).toBeNull(); // its PUBACK has not come
    backlog.published(first.seq);
    const second = backlog.takeBatch()!;
    expect(second.samples).toHaveLength(20);
    expect(second.seq).toBeGreaterThan(first.seq);
    backlog.published(second.seq);
    // Acknowledged by the broker is not stored: the samples stay until the portal confirms.
    expect(backlog.size).toBe(MAX_SAMPLES_PER_MESSAGE + 20);
    backlog.confirm({ stored: [first.seq, second.seq] });
    expect(backlog.size).toBe(0);
    expect(backlog.confirmedSamples).toBe(MAX_SAMPLES_PER_MESSAGE + 20);
  });

  it('sends again after a reconnect whatever the broker acknowledged and the portal did not confirm', () => {
    const { backlog } = clocked();
    backlog.add(sample(1));
    const lost = backlog.takeBatch()!;
    backlog.published(lost.seq); // the broker acknowledged it, then restarted before the portal subscribed
    backlog.add(sample(2));
    expect(backlog.resendUnconfirmed(true)).toBe(1);
    const again = backlog.takeBatch()!;
    expect(again.samples).toEqual([sample(1), sample(2)]);
    expect(again.seq).not.toBe(lost.seq);
    // A late confirmation of the lost number changes nothing; the new one empties the backlog.
    backlog.confirm({ stored: [lost.seq] });
    expect(backlog.size).toBe(2);
    backlog.published(again.seq);
    backlog.confirm({ stored: [again.seq] });
    expect(backlog.size).toBe(0);
  });

  it('keeps the message being published when its connection drops', () => {
    const { backlog } = clocked();
    backlog.add(sample(1));
    backlog.takeBatch();
    backlog.release();
    backlog.add(sample(2));
    expect(backlog.takeBatch()?.samples).toEqual([sample(1), sample(2)]);
  });

  it('sends again what waited 20 s for its confirmation, then waits twice as long while none comes', () => {
    const { clock, backlog } = clocked();
    backlog.add(sample(1));
    backlog.published(backlog.takeBatch()!.seq);
    clock.now += 19_999;
    expect(backlog.resendUnconfirmed(false)).toBe(0);
    clock.now += 1;
    expect(backlog.resendUnconfirmed(false)).toBe(1);
    backlog.published(backlog.takeBatch()!.seq);
    clock.now += 20_000;
    expect(backlog.resendUnconfirmed(false)).toBe(0);
    clock.now += 20_000;
    expect(backlog.resendUnconfirmed(false)).toBe(1);
  });

  it('holds at most 8 unconfirmed messages: more wait until confirmations come', () => {
    const { backlog } = clocked();
    const seqs: number[] = [];
    for (let i = 0; i < 9; i++) {
      backlog.add(sample(i));
      const batch = backlog.takeBatch();
      if (!batch) break;
      backlog.published(batch.seq);
      seqs.push(batch.seq);
    }
    expect(seqs).toHaveLength(8);
    expect(backlog.takeBatch()).toBeNull();
    backlog.confirm({ stored: [seqs[0]!] });
    expect(backlog.takeBatch()?.samples).toEqual([sample(8)]);
  });

  it('drops a message the portal refused for good, counting it', () => {
    const { backlog } = clocked();
    backlog.add(sample(1));
    const batch = backlog.takeBatch()!;
    backlog.published(batch.seq);
    backlog.confirm({ stored: [], refused: [batch.seq] });
    expect(backlog.size).toBe(0);
    expect(backlog.refusedSamples).toBe(1);
  });

  it('drops the oldest samples beyond its capacity, counting them', () => {
    const { backlog } = clocked(3);
    for (let i = 0; i < 5; i++) backlog.add(sample(i));
    expect(backlog.droppedSamples).toBe(2);
    expect(backlog.takeBatch()?.samples).toEqual([sample(2), sample(3), sample(4)]);
  });
});
