import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowGate } from './flow-control.ts';

const slow = (rate: number, validForSeconds = 30) =>
  JSON.stringify({ state: 'slow', maxMessagesPerSecond: rate, validForSeconds, lagMs: 6000 });
const normal = JSON.stringify({
  state: 'normal',
  maxMessagesPerSecond: null,
  validForSeconds: 30,
  lagMs: 200,
});

describe('the simulator obeys flow control', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts `count` publishes; returns the ones let go so far (true) or dropped (false), by index. */
  function publishes(gate: FlowGate, count: number) {
    const outcome: (boolean | undefined)[] = Array(count).fill(undefined);
    for (let i = 0; i < count; i++) void gate.acquire().then((sent) => (outcome[i] = sent));
    return outcome;
  }

  it('sends freely without an instruction', async () => {
    const gate = new FlowGate();
    const outcome = publishes(gate, 50);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.every((sent) => sent === true)).toBe(true);
  });

  it('holds publishes beyond the rate and sends them when allowed, in order', async () => {
    const gate = new FlowGate({ now: () => Date.now() });
    expect(gate.apply(slow(2))).toBe(true);
    const outcome = publishes(gate, 10);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.filter((sent) => sent === true).length).toBe(1);
    expect(gate.waiting).toBe(9);
    await vi.advanceTimersByTimeAsync(2000);
    // Two a second: four more in two seconds, the earliest first.
    expect(outcome.filter((sent) => sent === true).length).toBe(5);
    expect(outcome.slice(0, 5)).toEqual([true, true, true, true, true]);
    // Lifted: the rest leave at once.
    gate.apply(normal);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.every((sent) => sent === true)).toBe(true);
  });

  it('drops the oldest held publish beyond the buffer, counted', async () => {
    const gate = new FlowGate({ bufferLimit: 3, now: () => Date.now() });
    gate.apply(slow(0.5));
    const outcome = publishes(gate, 6);
    await vi.advanceTimersByTimeAsync(0);
    // One sent at once, three held, the two oldest held dropped.
    expect(outcome).toEqual([true, false, false, undefined, undefined, undefined]);
    expect(gate.dropped).toBe(2);
    expect(gate.waiting).toBe(3);
  });

  it('ends the slow-down when the instruction runs out without renewal', async () => {
    const gate = new FlowGate({ now: () => Date.now() });
    gate.apply(slow(0.1, 5));
    const outcome = publishes(gate, 4);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.filter(Boolean).length).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(outcome.every((sent) => sent === true)).toBe(true);
    expect(gate.limited()).toBe(false);
  });

  it('ignores an unreadable instruction', () => {
    const gate = new FlowGate();
    expect(gate.apply('not json')).toBe(false);
    expect(gate.apply(JSON.stringify({ state: 'slow', validForSeconds: 30 }))).toBe(false);
    expect(gate.limited()).toBe(false);
  });
});
