import { randomUUID } from 'node:crypto';
import {
  customerMessages,
  DELETION_STEPS,
  type DeletionStep,
  deletionStepLabels,
  live,
  type ScopesLiveMessage,
} from '@portal/contract';
import type { Logger } from 'pino';
import type { LivePublisher } from '../../lib/live.ts';
import { retryTransient } from '../../lib/retry.ts';
import type { CustomerDeletionRepository, DeletionJobRow } from './customer-deletion.repository.ts';
import { deletionSteps } from './customer-deletion.steps.ts';

/** Called with the step about to run and the tenant; for tests that make a step fail (or the process stop). */
export type DeletionHook = (step: DeletionStep, tenantId: string) => void | Promise<void>;

export interface DeletionRunnerOptions {
  /** How often unfinished jobs are looked for (jobs started here are run at once). */
  pollMs?: number;
  /** How long a claimed job is left to this runner; renewed after every step. */
  claimMs?: number;
  /** Test seam: runs before a step's transaction begins. */
  beforeStep?: DeletionHook;
  /** Test seam: runs inside a step's transaction, after the step's changes, before they commit. */
  beforeCommit?: DeletionHook;
  /** After the gateways were moved to the root tenant (committed): tell browsers, drop their connections. */
  onGatewaysMoved?: (moved: MovedGateway[], move: { fromScopeId: string; toScopeId: string }) => void;
}

export interface MovedGateway {
  id: string;
  mac: string;
}

const POLL_MS = 5_000;
/** Far above the time one step takes; the time a job waits after the instance running it died. */
const CLAIM_MS = 60_000;

/** Raised inside a step's transaction when another runner has taken the job over: nothing is committed. */
class ClaimLost extends Error {}

/**
 * Runs customer deletions (DESIGN.md section 7). Jobs are rows claimed with FOR UPDATE SKIP LOCKED and a
 * claim time, so several portal instances never run one job twice; each step runs in its own transaction
 * together with the record of its completion, so a job stopped anywhere (crash, restart) continues at the
 * first step not done, on whichever instance claims it next. Progress goes to the scopes channel of the root
 * tenant and of the customer's parent, after every step.
 */
export class DeletionRunner {
  private readonly pollMs: number;
  private readonly claimMs: number;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly repo: CustomerDeletionRepository,
    private readonly live: LivePublisher,
    private readonly logger: Logger,
    private readonly options: DeletionRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? POLL_MS;
    this.claimMs = options.claimMs ?? CLAIM_MS;
  }

  /** Picks up unfinished jobs now (a restart continues them), then looks again every pollMs. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Runs the due jobs soon (a job was just started). */
  wake(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.drain().finally(() => {
      this.pass = null;
    });
  }

  /** Stops claiming; a job under way stops after its current step and is left to the next runner. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pass;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      await this.runDue();
    } while (this.again && !this.stopped);
  }

  /** Claims and runs jobs until none is due; answers how many it ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    try {
      while (!this.stopped) {
        const token = randomUUID();
        const job = await this.repo.claimNext(token, this.claimMs);
        if (!job) break;
        await this.run(job, token);
        ran++;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'customer deletion poll failed');
    }
    return ran;
  }

  private async run(job: DeletionJobRow, token: string): Promise<void> {
    const target = { tenantId: job.tenant_id, rootId: job.root_id };
    const log = this.logger.child({ deletionId: job.id, tenantId: job.tenant_id });
    log.info({ step: job.step, attempt: job.attempts }, 'customer deletion running');
    for (let index = DELETION_STEPS.indexOf(job.step); index < DELETION_STEPS.length; index++) {
      const step = DELETION_STEPS[index]!;
      if (this.stopped) {
        await this.repo
          .releaseClaim(job.id, token)
          .catch((error: Error) => log.warn({ err: error }, 'release'));
        return;
      }
      const next = DELETION_STEPS[index + 1];
      let moved: MovedGateway[] = [];
      try {
        await this.options.beforeStep?.(step, job.tenant_id);
        const changed = await retryTransient(() =>
          this.repo.transaction(async (trx) => {
            if (step === 'moveGateways') moved = await trx.gatewaysOf(job.tenant_id);
            const count = await deletionSteps[step](trx, target);
            await this.options.beforeCommit?.(step, job.tenant_id);
            const recorded = await trx.recordProgress(
              job.id,
              token,
              next ? { step: next, done: false } : { step, done: true, message: customerMessages.deleted },
              this.claimMs,
            );
            if (!recorded) throw new ClaimLost();
            return count;
          }),
        );
        log.info({ step, changed }, 'customer deletion step done');
        if (moved.length > 0) {
          this.options.onGatewaysMoved?.(moved, { fromScopeId: job.tenant_id, toScopeId: job.root_id });
        }
      } catch (error) {
        if (error instanceof ClaimLost) {
          log.warn({ step }, 'customer deletion taken over by another runner');
          return;
        }
        await this.fail(job, token, step, error, log);
        return;
      }
      this.publish(
        job,
        next
          ? { type: 'deletion', id: job.tenant_id, state: 'running', step }
          : { type: 'deletion', id: job.tenant_id, state: 'done', step, message: customerMessages.deleted },
      );
    }
  }

  /** A step failed: the job says where, the customer goes back to Active, and both are told. */
  private async fail(
    job: DeletionJobRow,
    token: string,
    step: DeletionStep,
    error: unknown,
    log: Logger,
  ): Promise<void> {
    const message = customerMessages.deleteFailed(job.tenant_name, deletionStepLabels[step]);
    log.error({ err: error, step }, 'customer deletion step failed');
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    try {
      // Recorded first: a runner that lost the job must not revert what another is deleting.
      if (!(await this.repo.markFailed(job.id, token, { step, message, lastError }))) return;
    } catch (markError) {
      // The job stays claimed until its claim runs out, then runs again from this step.
      log.error({ err: markError }, 'customer deletion failure not recorded');
      return;
    }
    let revertMessage: string = customerMessages.reverted;
    try {
      await this.repo.setTenantStatus(job.tenant_id, 'Active');
    } catch (revertError) {
      revertMessage = customerMessages.revertFailed;
      log.error({ err: revertError }, 'customer status not reverted');
    }
    await this.repo
      .setRevertMessage(job.id, revertMessage)
      .catch((saveError: Error) => log.warn({ err: saveError }, 'revert message not recorded'));
    this.publish(job, { type: 'deletion', id: job.tenant_id, state: 'failed', step, message });
    this.publish(job, { type: 'deletion', id: job.tenant_id, state: 'failed', step, message: revertMessage });
  }

  /**
   * To the root tenant's list and the parent's. The message names the customer (its row in the lists), not the
   * job: only one deletion of a customer runs at a time, and every browser showing the row can follow it.
   */
  private publish(job: DeletionJobRow, message: ScopesLiveMessage): void {
    for (const scopeId of new Set([job.root_id, job.parent_id ?? job.root_id])) {
      this.live.publish(live.customerDeletion(scopeId), message);
    }
  }
}
