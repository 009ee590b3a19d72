import {
  GATEWAY_LOCK_QUEUE_MIN,
  LOCK_INSTRUCTION_VALUES,
  type LockInstructionError,
  type LockInstructionFailure,
  type LockInstructionType,
} from '@portal/contract';
import type { Instruction } from './downstream-messages.ts';
import type { InstructionResponse } from './instructions.ts';
import type { LockFleet } from './lock-fleet.ts';
import type { LockSettings } from './lock-settings.ts';
import { type Random, uniform } from './random.ts';
import type { Timers } from './timers.ts';

/** Lock instructions wait in this many places; beyond, GATEWAY_BUSY (the protocol asks for at least 50). */
export const LOCK_QUEUE_CAPACITY = GATEWAY_LOCK_QUEUE_MIN;
/** Answers kept to answer a repeated uid again. */
const REMEMBERED_ANSWERS = 500;
/** Time to find that a lock is not one of the gateway's. */
const UNKNOWN_LOCK_MS = 200;
const TIMER = 'lock-command';

export const isLockInstruction = (type: string): type is LockInstructionType =>
  Object.hasOwn(LOCK_INSTRUCTION_VALUES, type);

interface Job {
  uid: string;
  type: LockInstructionType;
  value: Record<string, unknown>;
  /** The locks to go through, one after another (several for REMOVE_IOT_USER). */
  locks: string[];
  step: number;
  removed: string[];
  failed: Array<{ lockMac: string; reason: LockInstructionFailure }>;
  firstFailure?: { reason: LockInstructionFailure; detail: string };
  success?: Record<string, unknown>;
}

export interface LockCommandDeps {
  fleet: LockFleet;
  timers: Timers;
  random: Random;
  settings: LockSettings;
  /** Publishes an answer on `gateways/{mac}/send/response/instruction/{uid}`. */
  answer(response: InstructionResponse): void;
  /** Set: every lock instruction fails with this reason (tests of the portal's ledger). */
  forcedFailure?: LockInstructionFailure;
  now?: () => number;
}

/**
 * The gateway's lock instructions (docs/mqtt.md 3.6), one at a time: it talks to one lock at a time over BLE,
 * so each waits for the previous to be answered. Each takes its time on the lock (`commandMs`; longer when the
 * lock does not answer), then is answered SUCCESS with its value or ERROR with a typed reason. A uid already
 * waiting or running is not taken twice; one already answered is answered again.
 */
export class LockCommandQueue {
  private readonly waiting: Job[] = [];
  private running: Job | undefined;
  private readonly answered = new Map<string, InstructionResponse>();
  private readonly now: () => number;

  constructor(private readonly deps: LockCommandDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Instructions waiting or running. */
  get depth(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  receive(instruction: Instruction): void {
    const { uid, type } = instruction;
    if (!isLockInstruction(type)) return;
    const done = this.answered.get(uid);
    if (done) {
      this.deps.answer(done);
      return;
    }
    if (this.running?.uid === uid || this.waiting.some((job) => job.uid === uid)) return;
    const parsed = LOCK_INSTRUCTION_VALUES[type].safeParse(instruction.value);
    if (!parsed.success) {
      const detail = `invalid value: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
      this.finish({ uid, type }, { ok: false, error: { reason: 'REJECTED', detail: detail.slice(0, 200) } });
      return;
    }
    if (this.waiting.length >= LOCK_QUEUE_CAPACITY) {
      // Not remembered: sent again later, it may find room.
      this.deps.answer(
        errorResponse(uid, type, this.now(), { reason: 'GATEWAY_BUSY', detail: 'lock queue full' }),
      );
      return;
    }
    const value = parsed.data as Record<string, unknown>;
    const locks =
      type === 'REMOVE_IOT_USER' ? [...new Set(value.lockMacs as string[])] : [String(value.lockMac)];
    this.waiting.push({ uid, type, value, locks, step: 0, removed: [], failed: [] });
    this.startNext();
  }

  /** A reboot: the running instruction and those waiting are answered GATEWAY_REBOOTED. */
  interrupt(): void {
    this.deps.timers.cancel(TIMER);
    const jobs = [...(this.running ? [this.running] : []), ...this.waiting.splice(0)];
    this.running = undefined;
    for (const job of jobs) {
      const error: LockInstructionError = { reason: 'GATEWAY_REBOOTED', detail: 'gateway rebooted' };
      if (job.type === 'REMOVE_IOT_USER') Object.assign(error, { removed: job.removed, failed: job.failed });
      this.finish(job, { ok: false, error });
    }
  }

  private startNext(): void {
    if (this.running) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.running = job;
    this.runStep(job);
  }

  private runStep(job: Job): void {
    const lockMac = job.locks[job.step] as string;
    this.deps.timers.once(TIMER, this.durationOn(lockMac), () => {
      const result = this.deps.fleet.apply(job.type, job.value, lockMac, this.now(), this.deps.forcedFailure);
      if (result.ok) {
        job.removed.push(lockMac);
        job.success = result.value;
      } else {
        job.failed.push({ lockMac, reason: result.reason });
        job.firstFailure ??= { reason: result.reason, detail: result.detail };
      }
      job.step++;
      if (job.step < job.locks.length) {
        this.runStep(job);
        return;
      }
      this.running = undefined;
      this.finish(job, outcomeOf(job));
      this.startNext();
    });
  }

  /** BLE time on the lock: short for a lock the gateway does not have, a connection time-out when not heard. */
  private durationOn(lockMac: string): number {
    const { min, max } = this.deps.settings.commandMs;
    const lock = this.deps.fleet.lock(lockMac);
    if (!lock) return UNKNOWN_LOCK_MS;
    if (lock.outOfRange) return max * 2;
    return Math.round(uniform(this.deps.random, min, max));
  }

  private finish(
    job: Pick<Job, 'uid' | 'type'>,
    outcome: { ok: true; value: Record<string, unknown> } | { ok: false; error: LockInstructionError },
  ): void {
    const now = this.now();
    const response: InstructionResponse = outcome.ok
      ? { uid: job.uid, type: job.type, status: 'SUCCESS', TI: now, value: outcome.value }
      : errorResponse(job.uid, job.type, now, outcome.error);
    this.answered.set(job.uid, response);
    if (this.answered.size > REMEMBERED_ANSWERS)
      this.answered.delete(this.answered.keys().next().value as string);
    this.deps.answer(response);
  }
}

function errorResponse(
  uid: string,
  type: string,
  TI: number,
  error: LockInstructionError,
): InstructionResponse {
  return { uid, type, status: 'ERROR', TI, value: error };
}

function outcomeOf(
  job: Job,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: LockInstructionError } {
  if (job.type === 'REMOVE_IOT_USER') {
    const userId = job.value.userId;
    if (job.failed.length === 0) return { ok: true, value: { userId, removed: job.removed } };
    const first = job.firstFailure!;
    return {
      ok: false,
      error: { reason: first.reason, detail: first.detail, removed: job.removed, failed: job.failed },
    };
  }
  if (job.success) return { ok: true, value: job.success };
  const first = job.firstFailure!;
  return { ok: false, error: { reason: first.reason, detail: first.detail.slice(0, 200) } };
}
