import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { type Backoff, backoffDelay, retryTransient } from './retry.ts';

/** What the queue needs of the database (DatabaseHandle.runSql): a statement with values, or a script. */
export interface SqlRunner {
  runSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** How a queue's failed jobs are tried again: `attempts` in all, waiting `backoff` (lib/retry.ts) between them. */
export interface RetryPolicy {
  attempts: number;
  backoff: Backoff;
}

export interface QueuePolicy {
  retry: RetryPolicy;
  /**
   * A job still running after this long counts as lost (its instance was killed): the library fails it and it is
   * tried again, so set it well above the handler's own time-outs.
   */
  expireAfterMs: number;
  /** Jobs fetched per look (and handled one after another); 20 by default. */
  batch?: number;
}

export interface SendOptions {
  /** Not before this many milliseconds from now. */
  delayMs?: number;
  /**
   * The attempt this job is: 2 when the first try was made elsewhere (a message sent at once, failed), so the
   * queue's retry policy counts it.
   */
  attempt?: number;
  /** At most one job with this key in each `onceEveryMs` slot: a second send in the slot is dropped (null). */
  onceKey?: string;
  onceEveryMs?: number;
  /**
   * Adds the job inside the caller's transaction (`transactionRunner(trx)`): it exists exactly when what it is
   * about was committed. Call `wake(queue)` after the commit for a worker to take it at once.
   */
  within?: SqlRunner;
}

/** A Kysely transaction (or database) as the queue's SqlRunner, for `send(..., { within })`. */
export function transactionRunner<DB>(trx: Kysely<DB>): SqlRunner {
  return { runSql: (text, values) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) };
}

/** A job's attempt beside its data: the back-off of lib/retry.ts is ours, not the library's. */
interface Envelope<T> {
  attempt: number;
  data: T;
}

export type JobHandler<T> = (data: T, job: { id: string; attempt: number }) => Promise<void>;

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs; sending on this instance wakes its worker at once. */
  pollMs?: number;
  /** How often expired jobs are failed and old ones removed (the library's maintenance), across instances. */
  maintenanceMs?: number;
  /** How often schedules are looked at (cron) and their jobs handed out; 30 s by default. */
  cronCheckMs?: number;
}

/**
 * When a job that failed on its `attempt` (1 for the first) runs again: the policy's back-off in milliseconds,
 * or null when that was the last attempt.
 */
export function retryDelay(attempt: number, retry: RetryPolicy): number | null {
  return attempt >= retry.attempts ? null : backoffDelay(attempt, retry.backoff);
}

/** Jobs kept this long after they end (completed or failed), for a look at what happened. */
const RETENTION_DAYS = 7;
/** Tries after a job was lost with its instance (expired); our own retry policy covers handler failures. */
const LOST_RETRIES = 5;
const SCHEMA = 'pgboss';

/**
 * The portal's one job queue: pg-boss on the portal's own database (PostgreSQL, or PGlite through `runSql`).
 * Jobs are rows claimed with SKIP LOCKED, so several instances share a queue and each job runs once; a job whose
 * instance dies mid-way expires and runs again; a failing one is tried again with the back-off of lib/retry.ts.
 * Periodic work (`schedule`) is created once per slot across the instances.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly pollSeconds: number;
  /**
   * How often a scheduled queue's worker looks: its jobs come from a cron check (30 s by default), so looking
   * more often finds nothing.
   */
  private readonly schedulePollSeconds: number;
  private readonly workers = new Map<string, { id: string; running: Set<Promise<void>> }>();
  private readonly policies = new Map<string, QueuePolicy>();
  private stopping = false;
  /** The declarations of this instance, one after another. */
  private declaring: Promise<void> = Promise.resolve();

  constructor(
    db: SqlRunner,
    private readonly logger: Logger,
    options: JobQueueOptions = {},
  ) {
    this.pollSeconds = Math.max(0.5, (options.pollMs ?? 2000) / 1000);
    this.schedulePollSeconds = Math.max(1, Math.round((options.cronCheckMs ?? 30_000) / 1000));
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => db.runSql(text, values) },
      schema: SCHEMA,
      maintenanceIntervalSeconds: Math.max(1, Math.round((options.maintenanceMs ?? 60_000) / 1000)),
      retentionDays: RETENTION_DAYS,
      // The library's own worker for due schedules looks every 5 s by default: every cron check is enough.
      cronMonitorIntervalSeconds: this.schedulePollSeconds,
      cronWorkerIntervalSeconds: this.schedulePollSeconds,
    });
    this.boss.on('error', (error) => this.logger.warn({ err: error }, 'job queue error'));
  }

  /** Creates or updates the library's schema (its own migrations, under an advisory lock) and starts. */
  async start(): Promise<void> {
    await this.boss.start();
  }

  /**
   * Declares a queue and its policy; idempotent, and safe when several instances declare it at once. A queue is
   * a partition of pg-boss's job table: creating two at once can deadlock on PostgreSQL, so this instance
   * declares one at a time and a deadlock with another instance is tried again.
   */
  declare(queue: string, policy: QueuePolicy): Promise<void> {
    this.policies.set(queue, policy);
    const options = {
      name: queue,
      retryLimit: LOST_RETRIES,
      retryDelay: Math.ceil(policy.retry.backoff.baseMs / 1000),
      expireInSeconds: Math.max(1, Math.ceil(policy.expireAfterMs / 1000)),
      retentionDays: RETENTION_DAYS,
    };
    const declared = this.declaring.then(() =>
      retryTransient(async () => {
        if (await this.boss.getQueue(queue)) await this.boss.updateQueue(queue, options);
        else
          await this.boss.createQueue(queue, options).catch(async (error: Error) => {
            // Another instance created it between the look and the create.
            if (!(await this.boss.getQueue(queue))) throw error;
          });
      }, 5),
    );
    this.declaring = declared.catch(() => {});
    return declared;
  }

  /** Adds a job; answers its id, or null when `onceKey` already has one in this slot. */
  async send<T>(queue: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const envelope: Envelope<T> = { attempt: options.attempt ?? 1, data };
    const within = options.within;
    const id = await this.boss.send(queue, envelope as object, {
      ...(within ? { db: { executeSql: (text, values) => within.runSql(text, values) } } : {}),
      ...(options.delayMs ? { startAfter: new Date(Date.now() + options.delayMs) } : {}),
      ...(options.onceKey
        ? {
            singletonKey: options.onceKey,
            singletonSeconds: Math.max(1, Math.ceil((options.onceEveryMs ?? 60_000) / 1000)),
          }
        : {}),
    });
    if (!options.delayMs && !within) this.wake(queue);
    return id;
  }

  /**
   * Works `queue` on this instance until `stopWorking` or `stop`. A handler that throws is tried again after
   * the policy's back-off, as a new job carrying the next attempt; after the last attempt the error is logged
   * and the job ends.
   */
  async work<T>(queue: string, handler: JobHandler<T>, pollSeconds = this.pollSeconds): Promise<void> {
    const policy = this.policies.get(queue);
    if (!policy) throw new Error(`queue ${queue} is not declared`);
    if (this.workers.has(queue) || this.stopping) return;
    const running = new Set<Promise<void>>();
    const entry = { id: '', running };
    this.workers.set(queue, entry);
    entry.id = await this.boss.work<Envelope<T>>(
      queue,
      { batchSize: policy.batch ?? 20, pollingIntervalSeconds: pollSeconds },
      (jobs) => {
        const pass = this.handleBatch(queue, policy, jobs, handler);
        running.add(pass);
        return pass.finally(() => running.delete(pass));
      },
    );
  }

  /** Runs `queue`'s handler on the schedule (cron, UTC: '0 * * * *' hourly), once per slot across instances. */
  async schedule(queue: string, cron: string, handler: () => Promise<void>): Promise<void> {
    await this.declare(queue, {
      retry: { attempts: 1, backoff: { baseMs: 60_000, maxMs: 60_000 } },
      expireAfterMs: 15 * 60_000,
    });
    await this.boss.schedule(queue, cron, { attempt: 1, data: null } satisfies Envelope<null>);
    await this.work(queue, handler, this.schedulePollSeconds);
  }

  /** Stops working `queue` here and waits for the jobs in hand. */
  async stopWorking(queue: string): Promise<void> {
    const entry = this.workers.get(queue);
    if (!entry) return;
    this.workers.delete(queue);
    if (entry.id) await this.boss.offWork({ id: entry.id });
    await Promise.allSettled(entry.running);
  }

  /** Graceful stop: no new jobs taken, the ones in hand finished (SIGTERM drains). */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.workers.keys()].map((queue) => this.stopWorking(queue)));
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }

  /** Has this instance's worker of `queue` look now (a job was just committed). */
  wake(queue: string): void {
    const entry = this.workers.get(queue);
    if (entry?.id) this.boss.notifyWorker(entry.id);
  }

  private async handleBatch<T>(
    queue: string,
    policy: QueuePolicy,
    jobs: PgBoss.Job<Envelope<T>>[],
    handler: JobHandler<T>,
  ): Promise<void> {
    for (const job of jobs) {
      const { attempt, data } = job.data;
      // Jobs fetched but not begun when the stop came: handed back untouched, for any instance.
      if (this.stopping || !this.workers.has(queue)) {
        await this.boss.send(queue, job.data);
        continue;
      }
      try {
        await handler(data, { id: job.id, attempt });
      } catch (error) {
        await this.failed(queue, policy, job, error);
      }
    }
  }

  private async failed<T>(
    queue: string,
    policy: QueuePolicy,
    job: PgBoss.Job<Envelope<T>>,
    error: unknown,
  ): Promise<void> {
    const { attempt, data } = job.data;
    const reason = error instanceof Error ? error.message : String(error);
    const delayMs = retryDelay(attempt, policy.retry);
    if (delayMs === null) {
      // The job ends here; what it was about keeps its own record of the failure (the outbox row's last error).
      this.logger.error({ queue, jobId: job.id, attempt, reason }, 'job failed; giving up');
      return;
    }
    this.logger.warn({ queue, jobId: job.id, attempt, delayMs, reason }, 'job failed; will retry');
    await this.send(queue, data, { attempt: attempt + 1, delayMs });
  }
}
