import type { Logger } from 'pino';
import type { JobQueue, QueuePolicy } from '../../lib/jobs.ts';
import { backoffDelay } from '../../lib/retry.ts';
import type { NewOutboxRow, OutboxEntry, OutboxRepository } from './outbox.repository.ts';

/**
 * About 5 hours of tries at the default back-off (11 waits: 30 s doubling, then 1 h); the row then keeps its last
 * error (failed).
 */
export const OUTBOX_MAX_ATTEMPTS = 12;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3600_000;
/** A send still running after this long counts as lost with its instance; well above the SMTP and SMPP time-outs. */
const CLAIM_MS = 2 * 60_000;

export interface OutboxChannel {
  channel: 'email' | 'sms';
  /** The job queue of the channel's deliveries. */
  queue: string;
  /** What the log lines call a message: 'mail', 'SMS'. */
  noun: string;
  /** Wait after the first failed attempt; doubled after each further one, up to an hour. */
  retryBaseMs?: number;
}

/**
 * A channel of the outbox table on the job queue: a message is stored with its delivery job in one transaction,
 * so a crash loses nothing, and a worker (here or on another instance) sends it at once; a failure is tried
 * again with the back-off of lib/retry.ts, up to OUTBOX_MAX_ATTEMPTS, and the row keeps the attempts and the
 * last error the incidents view shows. Without a way to send (no SMTP_URL, no SMS_URL) nothing works the
 * queue: the message stays in the outbox, for an instance that has one.
 */
export class OutboxDelivery {
  private declared: Promise<void> | undefined;
  private readonly policy: QueuePolicy;

  constructor(
    private readonly repo: OutboxRepository,
    private readonly jobs: JobQueue,
    private readonly settings: OutboxChannel,
    private readonly deliver: ((entry: OutboxEntry) => Promise<void>) | null,
    private readonly logger: Logger,
  ) {
    this.policy = {
      retry: {
        attempts: OUTBOX_MAX_ATTEMPTS,
        backoff: { baseMs: settings.retryBaseMs ?? RETRY_BASE_MS, maxMs: RETRY_MAX_MS },
      },
      expireAfterMs: CLAIM_MS,
    };
  }

  /** Stores the message with its delivery job; resolves with its outbox id once both are committed. */
  async send(message: Omit<NewOutboxRow, 'channel'>): Promise<string> {
    await this.declare();
    const { queue, channel } = this.settings;
    const entry = await this.repo.insert({ ...message, channel }, (id, within) =>
      this.jobs.send(queue, { outboxId: id }, { within }),
    );
    this.jobs.wake(queue);
    return entry.id;
  }

  /** Works the channel's queue on this instance (only with a way to send). */
  start(): void {
    const deliver = this.deliver;
    if (!deliver) return;
    this.declare()
      .then(() =>
        this.jobs.work<{ outboxId: string }>(this.settings.queue, (job) =>
          this.attempt(deliver, job.outboxId),
        ),
      )
      .catch((error: Error) => this.logger.error({ err: error }, `${this.settings.noun} queue not worked`));
  }

  /** Takes no more messages here and waits for the sends in hand. */
  stop(): Promise<void> {
    return this.jobs.stopWorking(this.settings.queue);
  }

  private declare(): Promise<void> {
    this.declared ??= this.jobs.declare(this.settings.queue, this.policy);
    return this.declared;
  }

  /** One attempt; throws while attempts remain, for the queue to try again after the back-off. */
  private async attempt(deliver: (entry: OutboxEntry) => Promise<void>, outboxId: string): Promise<void> {
    const entry = await this.repo.take(outboxId, new Date(Date.now() + CLAIM_MS), OUTBOX_MAX_ATTEMPTS);
    if (!entry) return; // sent already (a job run again after its instance died), or out of attempts
    const noun = this.settings.noun;
    try {
      await deliver(entry);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = entry.attempts >= OUTBOX_MAX_ATTEMPTS;
      this.logger[final ? 'error' : 'warn'](
        { outboxId: entry.id, to: entry.recipient, attempts: entry.attempts, reason },
        final ? `${noun} not delivered; giving up` : `${noun} not delivered; will retry`,
      );
      const waitMs = backoffDelay(entry.attempts, this.policy.retry.backoff);
      await this.repo
        .recordFailure(entry.id, reason.slice(0, 1000), new Date(Date.now() + waitMs))
        .catch((e: Error) => this.logger.warn({ err: e, outboxId: entry.id }, 'outbox update failed'));
      if (!final) throw error;
      return;
    }
    this.logger.info({ outboxId: entry.id, to: entry.recipient }, `${noun} sent`);
    await this.repo
      .markSent(entry.id, new Date())
      .catch((e: Error) =>
        this.logger.warn({ err: e, outboxId: entry.id }, `${noun} sent but not marked sent`),
      );
  }
}
