import {
  instructionResponse,
  type LockInstructionFailure,
  type LockInstructionType,
  lockInstructionError,
  lockInstructionSuccess,
} from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstructionResponse } from './instructions.ts';
import { isLockInstruction, LOCK_QUEUE_CAPACITY, LockCommandQueue } from './lock-commands.ts';
import { FIXTURE_NOW, testLock } from './lock-fixtures.ts';
import { LockFleet } from './lock-fleet.ts';
import { type LockSettings, resolveLockSettings } from './lock-settings.ts';
import { seededRandom } from './random.ts';
import { Timers } from './timers.ts';

const QUIET: Partial<LockSettings> = {
  unreachableRate: 0,
  rejectRate: 0,
  jamRate: 0,
  openingsPerHour: 0,
  commandMs: { min: 2_000, max: 2_000 },
};

function setup(settings: Partial<LockSettings> = {}, forcedFailure?: LockInstructionFailure) {
  const locks = [testLock({ battery: 90 }, 1), testLock({ battery: 90 }, 2)];
  const resolved = resolveLockSettings({ ...QUIET, ...settings });
  const fleet = new LockFleet(locks, () => locks, resolved, seededRandom(1), 0);
  const answers: Array<InstructionResponse & { at: number }> = [];
  const queue = new LockCommandQueue({
    fleet,
    timers: new Timers(),
    random: seededRandom(2),
    settings: resolved,
    answer: (response) => answers.push({ ...response, at: Date.now() }),
    ...(forcedFailure ? { forcedFailure } : {}),
  });
  return { locks, fleet, queue, answers, macs: locks.map((l) => l.mac) as [string, string] };
}

/** Every answer is an instruction response whose value the contract accepts for its type and status. */
function expectValid(answer: InstructionResponse) {
  expect(instructionResponse.safeParse(answer).success).toBe(true);
  const type = answer.type as LockInstructionType;
  const schema = answer.status === 'SUCCESS' ? lockInstructionSuccess[type] : lockInstructionError;
  const parsed = schema.safeParse(answer.value);
  expect(parsed.success, JSON.stringify(answer)).toBe(true);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(FIXTURE_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LockCommandQueue', () => {
  it('knows the lock instructions of the contract', () => {
    expect(isLockInstruction('LOCK_DEVICE_MODE')).toBe(true);
    expect(isLockInstruction('DIAGNOSTICS')).toBe(false);
  });

  it('carries out one lock instruction at a time, in the order received, each after its time on the lock', async () => {
    const { queue, answers, macs, locks } = setup();
    const [a, b] = macs;
    queue.receive({ type: 'LOCK_DEVICE_LOCK_UNLOCK', uid: 'u1', value: { lockMac: a, locked: false } });
    queue.receive({
      type: 'ADD_LOCKDEVICE_USER',
      uid: 'u2',
      value: { lockMac: b, userId: 'user-1', role: 'USER', passcode: '482913' },
    });
    queue.receive({ type: 'LOCK_DEVICE_MODE', uid: 'u3', value: { lockMac: a, mode: 'shared' } });
    expect(queue.depth).toBe(3);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(answers).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(answers.map((x) => x.uid)).toEqual(['u1']);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(answers.map((x) => [x.uid, x.status, x.at - FIXTURE_NOW])).toEqual([
      ['u1', 'SUCCESS', 2_000],
      ['u2', 'SUCCESS', 4_000],
      ['u3', 'SUCCESS', 6_000],
    ]);
    expect(queue.depth).toBe(0);
    expect(locks[0]).toMatchObject({ status: 'UNLOCKED', mode: 'shared' });
    expect(answers[1]?.value).toEqual({ lockMac: b, userId: 'user-1', passcodeSlot: expect.any(Number) });
    for (const answer of answers) expectValid(answer);
  });

  it('takes a repeated uid once, and answers it again once done', async () => {
    const { queue, answers, macs } = setup();
    const instruction = {
      type: 'LOCK_DEVICE_LOCK_UNLOCK',
      uid: 'dup1',
      value: { lockMac: macs[0], locked: true },
    };
    queue.receive(instruction);
    queue.receive(instruction);
    expect(queue.depth).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    queue.receive(instruction);
    expect(answers).toHaveLength(2);
    expect(answers[1]).toEqual(answers[0]);
  });

  it(`answers GATEWAY_BUSY beyond ${LOCK_QUEUE_CAPACITY} waiting`, () => {
    const { queue, answers, macs } = setup();
    for (let i = 0; i <= LOCK_QUEUE_CAPACITY + 1; i++)
      queue.receive({ type: 'LOCK_DEVICE_MODE', uid: `q${i}`, value: { lockMac: macs[0], mode: 'shared' } });
    expect(queue.depth).toBe(LOCK_QUEUE_CAPACITY + 1);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({
      uid: `q${LOCK_QUEUE_CAPACITY + 1}`,
      status: 'ERROR',
      value: { reason: 'GATEWAY_BUSY' },
    });
    expectValid(answers[0]!);
  });

  it('refuses a value the contract does not accept (REJECTED) at once', () => {
    const { queue, answers } = setup();
    queue.receive({ type: 'ADD_LOCKDEVICE_USER', uid: 'bad1', value: { lockMac: 'nope', userId: 'u' } });
    expect(answers[0]).toMatchObject({ status: 'ERROR', value: { reason: 'REJECTED' } });
    expectValid(answers[0]!);
  });

  it('answers each failure with its typed reason: unknown lock, out of range, memory full', async () => {
    const { queue, answers, macs, locks } = setup();
    locks[1]!.outOfRange = true;
    locks[0]!.credentials = locks[0]!.credentials.slice(0, 1);
    locks[0]!.capacity = 1;
    queue.receive({
      type: 'LOCK_DEVICE_LOCK_UNLOCK',
      uid: 'f1',
      value: { lockMac: 'A4C138F00AFF', locked: true },
    });
    queue.receive({ type: 'LOCK_DEVICE_LOCK_UNLOCK', uid: 'f2', value: { lockMac: macs[1], locked: true } });
    queue.receive({
      type: 'ADD_LOCKDEVICE_USER',
      uid: 'f3',
      value: { lockMac: macs[0], userId: 'user-9', role: 'USER', cardCSN: '04A1B2C3D4' },
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(answers.map((x) => x.uid)).toEqual(['f1']);
    // Out of range: the gateway waits for a connection time-out (twice the longest command).
    await vi.advanceTimersByTimeAsync(3_999);
    expect(answers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_001);
    expect(answers.map((x) => (x.value as { reason: string }).reason)).toEqual([
      'LOCK_UNKNOWN',
      'LOCK_UNREACHABLE',
      'LOCK_MEMORY_FULL',
    ]);
    for (const answer of answers) expectValid(answer);
  });

  it('takes a deleted user off each lock in turn and says which failed', async () => {
    const { queue, answers, macs, locks } = setup();
    for (const lock of locks)
      lock.credentials.push({ slot: 30, userId: 'gone', role: 'USER', cardCSN: '0000000001' });
    locks[1]!.outOfRange = true;
    queue.receive({ type: 'REMOVE_IOT_USER', uid: 'r1', value: { userId: 'gone', lockMacs: macs } });
    await vi.advanceTimersByTimeAsync(2_000 + 4_000);
    expect(answers[0]).toMatchObject({
      status: 'ERROR',
      value: {
        reason: 'LOCK_UNREACHABLE',
        removed: [macs[0]],
        failed: [{ lockMac: macs[1], reason: 'LOCK_UNREACHABLE' }],
      },
    });
    expect(locks[0]!.credentials.some((c) => c.userId === 'gone')).toBe(false);
    locks[1]!.outOfRange = false;
    queue.receive({ type: 'REMOVE_IOT_USER', uid: 'r2', value: { userId: 'gone', lockMacs: macs } });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(answers[1]).toMatchObject({ status: 'SUCCESS', value: { userId: 'gone', removed: macs } });
    for (const answer of answers) expectValid(answer);
  });

  it('on a reboot answers the running and the waiting instructions GATEWAY_REBOOTED', async () => {
    const { queue, answers, macs } = setup();
    queue.receive({ type: 'LOCK_DEVICE_MODE', uid: 'b1', value: { lockMac: macs[0], mode: 'shared' } });
    queue.receive({ type: 'LOCK_DEVICE_MODE', uid: 'b2', value: { lockMac: macs[1], mode: 'shared' } });
    await vi.advanceTimersByTimeAsync(1_000);
    queue.interrupt();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(answers.map((x) => [x.uid, (x.value as { reason: string }).reason])).toEqual([
      ['b1', 'GATEWAY_REBOOTED'],
      ['b2', 'GATEWAY_REBOOTED'],
    ]);
    expect(queue.depth).toBe(0);
  });

  it('fails every lock instruction with the reason set for the gateway', async () => {
    const { queue, answers, macs } = setup({}, 'LOCK_MEMORY_FULL');
    queue.receive({ type: 'REMOVE_LOCKDEVICE_USER', uid: 'x1', value: { lockMac: macs[0], userId: 'u' } });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(answers[0]).toMatchObject({ status: 'ERROR', value: { reason: 'LOCK_MEMORY_FULL' } });
  });

  it('fails at the configured rates', async () => {
    const { queue, answers, macs } = setup({ unreachableRate: 0.3, rejectRate: 0.2 });
    // 50 at a time (the queue's room), as the portal would send them.
    for (let batch = 0; batch < 4; batch++) {
      for (let i = batch * 50; i < (batch + 1) * 50; i++)
        queue.receive({
          type: 'LOCK_DEVICE_MODE',
          uid: `m${i}`,
          value: { lockMac: macs[i % 2], mode: 'shared' },
        });
      await vi.advanceTimersByTimeAsync(50 * 2_000);
    }
    const final = new Map(
      answers
        .filter((a) => (a.value as { reason?: string }).reason !== 'GATEWAY_BUSY')
        .map((a) => [a.uid, a]),
    );
    expect(final.size).toBe(200);
    const share = (reason: string) =>
      [...final.values()].filter((a) => (a.value as { reason?: string }).reason === reason).length /
      final.size;
    expect(share('LOCK_UNREACHABLE')).toBeGreaterThan(0.2);
    expect(share('LOCK_UNREACHABLE')).toBeLessThan(0.4);
    expect(share('REJECTED')).toBeGreaterThan(0.08);
    expect(share('REJECTED')).toBeLessThan(0.25);
  });
});
