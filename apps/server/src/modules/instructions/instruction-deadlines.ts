import { INSTRUCTION_ERRORS } from '@portal/contract';
import type { Logger } from 'pino';
import type { InstructionOutcomes } from './instruction-outcomes.ts';
import type { InstructionsRepository } from './instructions.repository.ts';

const POLL_MS = 1_000;
const BATCH = 100;

/**
 * Ends every instruction whose deadline passed: FAILED with 'Timed-out', pushed like an answer, so a gateway
 * that never answers gives a failed instruction even when no browser waits. Rows are claimed with
 * FOR UPDATE SKIP LOCKED (several portal instances share the work); each instance looks every second and
 * also wakes at the deadline of the instructions it created, so a time-out is told within a second.
 */
export class InstructionDeadlines {
  private timer: NodeJS.Timeout | null = null;
  private readonly wakeUps = new Set<NodeJS.Timeout>();
  private pass: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly repo: InstructionsRepository,
    private readonly outcomes: InstructionOutcomes,
    private readonly logger: Logger,
    private readonly pollMs = POLL_MS,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks again right after `at` (an instruction created here is due then). */
  wakeAt(at: Date): void {
    if (this.stopped) return;
    const timeout = setTimeout(
      () => {
        this.wakeUps.delete(timeout);
        this.wake();
      },
      Math.max(0, at.getTime() - Date.now()) + 5,
    );
    timeout.unref();
    this.wakeUps.add(timeout);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const timeout of this.wakeUps) clearTimeout(timeout);
    this.wakeUps.clear();
    await this.pass;
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.drain().finally(() => {
      this.pass = null;
    });
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      await this.runDue();
    } while (this.again && !this.stopped);
  }

  /** Ends the due instructions; answers how many. */
  async runDue(now = new Date()): Promise<number> {
    let ended = 0;
    try {
      for (;;) {
        const expired = await this.repo.expireDue(now, INSTRUCTION_ERRORS.timedOut, BATCH);
        for (const row of expired) {
          await this.outcomes.ended({
            uid: row.uid,
            type: row.type,
            mac: row.mac,
            tenantId: row.tenant_id,
            status: 'FAILED',
            value: INSTRUCTION_ERRORS.timedOut,
          });
        }
        ended += expired.length;
        if (expired.length < BATCH || this.stopped) break;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'instruction deadline pass failed');
    }
    return ended;
  }
}
