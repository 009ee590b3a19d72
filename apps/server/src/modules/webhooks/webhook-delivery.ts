import { randomUUID } from 'node:crypto';
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@portal/contract';
import type { Logger } from 'pino';
import { BatchWriter } from '../../lib/batch-writer.ts';
import type { NotableEvent } from '../../lib/events.ts';
import type { JobQueue, QueuePolicy } from '../../lib/jobs.ts';
import { type OutboundHttp, OutboundTargetRefused } from '../../lib/outbound-http.ts';
import { type Backoff, backoffDelay } from '../../lib/retry.ts';
import type { TenantsService } from '../tenants/index.ts';
import { deliveryHeaders, outcomeOf } from './signing.ts';
import { type QueuedDelivery, WebhookBatches } from './webhook-batches.ts';
import { fanOut, payload } from './webhook-fan-out.ts';
import {
  type DeliveredAttempt,
  type SendableDelivery,
  WEBHOOK_BATCH_PART,
  type WebhooksRepository,
} from './webhooks.repository.ts';

/** The job queue of webhook retries (lib/jobs.ts). */
export const WEBHOOK_QUEUE = 'webhook';
const RETENTION_QUEUE = 'webhook-retention';
const SWEEP_QUEUE = 'webhook-sweep';
/** Minute 27 of every hour, once across the instances. */
const HOURLY = '27 * * * *';
const EVERY_MINUTE = '* * * * *';
/** Attempts under way at once on an instance; more wait their turn in memory (their rows are stored). */
const CONCURRENT_ATTEMPTS = 256;
/** Overdue deliveries one claim of the sweep takes. */
const SWEEP_BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;

export interface WebhookDeliverySettings {
  /** Retry back-off: WEBHOOK_RETRY_BASE_SECONDS doubling up to WEBHOOK_RETRY_MAX_SECONDS. */
  backoff: Backoff;
  /** A delivery is tried again until this long after it was created (WEBHOOK_RETRY_WINDOW_SECONDS, a day). */
  retryWindowMs: number;
  /** A webhook whose every attempt failed for this long is disabled (WEBHOOK_DISABLE_AFTER_SECONDS, a day). */
  disableAfterMs: number;
  /** One attempt's time-out (WEBHOOK_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /**
   * How long a stored delivery is its instance's to send first: one still pending after this is taken by the
   * sweep of any instance (its instance died). Two minutes by default.
   */
  claimMs?: number;
}

export interface WebhookDeliveryDeps {
  repo: WebhooksRepository;
  jobs: JobQueue;
  http: OutboundHttp;
  tenants: Pick<TenantsService, 'findById'>;
  /** The notice of a webhook the portal disabled, mailed to the customer's users holding WEBHOOK_WRITE. */
  notifyDisabled: (webhook: { id: string; tenantId: string; name: string; url: string }) => Promise<void>;
  logger: Logger;
  settings: WebhookDeliverySettings;
}

/**
 * Outbound webhook deliveries (docs/webhooks.md). The delivery rows are the outbox: the events that arrive
 * together are stored in one statement (a row per subscribed webhook of the event's customer and the customers
 * above it), and the instance that stored them makes the first attempts at once, concurrently, over kept-alive
 * connections (lib/outbound-http.ts, SSRF-guarded), writing the delivered ones back in batches. A failure worth
 * retrying is a delayed job on the queue (tried again with back-off for a day); a webhook whose every attempt
 * failed for a day is disabled and its customer told by e-mail. A row its instance never sent (stopped, or
 * killed) is claimed by the sweep of any instance once its claim (`claimMs`) ran out; a stopping instance hands
 * its unsent rows over at once. A batched webhook's events are stored as parts (the events of one statement in one
 * row), held in an open batch per webhook and gathered into one batch row when it closes (maxEvents or maxWaitMs),
 * which is then sent, retried and logged as any delivery.
 */
export class WebhookDelivery {
  private readonly policy: QueuePolicy;
  private declared: Promise<void> | undefined;
  private readonly claimMs: number;
  private readonly stored: BatchWriter<NotableEvent>;
  private readonly delivered: BatchWriter<DeliveredAttempt>;
  /** Attempts waiting for a place (from `head` on), and those under way. */
  private waiting: QueuedDelivery[] = [];
  private head = 0;
  private readonly sending = new Set<Promise<void>>();
  private readonly batches: WebhookBatches;
  /** Results being written back. */
  private readonly recording = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly deps: WebhookDeliveryDeps) {
    this.claimMs = deps.settings.claimMs ?? 2 * 60_000;
    this.policy = {
      // The attempt handles the receiver's failures itself; these retries are for the portal's own (the database).
      retry: { attempts: 3, backoff: { baseMs: 5000, maxMs: 60_000 } },
      // Above the attempt's time-out with room for the database writes.
      expireAfterMs: deps.settings.timeoutMs + 60_000,
    };
    this.stored = new BatchWriter((events) => this.store(events), { maxBatch: 200, maxConcurrentWrites: 2 });
    this.delivered = new BatchWriter((results) => deps.repo.recordDelivered(results), {
      maxBatch: 500,
      maxConcurrentWrites: 4,
    });
    this.batches = new WebhookBatches({
      repo: deps.repo,
      logger: deps.logger,
      claimMs: this.claimMs,
      send: (row) => this.queue(row),
      isStopping: () => this.stopping,
    });
  }

  /**
   * Stores a delivery per webhook that hears `event` (resolves once stored) and starts their first attempts; a
   * failure is logged, never the emitter's.
   */
  async fanOut(event: NotableEvent): Promise<void> {
    try {
      await this.stored.add(event);
    } catch (error) {
      this.deps.logger.error(
        { err: error, type: event.type, tenantId: event.tenantId },
        'webhook deliveries not stored',
      );
    }
  }

  /** The deliveries of events that arrived together, in one statement; then their first attempts. */
  private async store(events: NotableEvent[]): Promise<void> {
    const { repo, tenants } = this.deps;
    const hearing = new Map<string, string[]>();
    for (const tenantId of new Set(events.map((event) => event.tenantId))) {
      const tenant = await tenants.findById(tenantId);
      if (tenant) hearing.set(tenantId, [tenant.id, ...tenant.ancestors]);
    }
    if (hearing.size === 0) return;
    const hooks = await repo.enabledOf([...new Set([...hearing.values()].flat())]);
    if (hooks.length === 0) return;
    const now = new Date();
    const claimedUntil = new Date(now.getTime() + (this.stopping ? 0 : this.claimMs));
    const { bodies, rows, sendable } = fanOut(events, hearing, hooks, now);
    await repo.insertDeliveries(bodies, rows, now, claimedUntil);
    if (this.stopping)
      await repo.release(
        rows.map((row) => row.id),
        new Date(),
      );
    else for (const row of sendable) void this.queue(row);
  }

  /**
   * A delivery made at once by the caller (the test event): stored, attempted, answered with its id. To a batched
   * webhook it goes as a batch of one, as its events do.
   */
  async sendNow(
    webhook: { id: string; batched: boolean },
    type: string,
    customerId: string,
    data: Record<string, unknown>,
  ): Promise<string> {
    await this.declare();
    const now = new Date();
    const eventId = randomUUID();
    const claimedUntil = new Date(now.getTime() + this.claimMs);
    // To a batched webhook: a part of one event, gathered at once into its batch.
    const { id } = await this.deps.repo.insertDelivery({
      webhook_id: webhook.id,
      event_id: eventId,
      type: webhook.batched ? WEBHOOK_BATCH_PART : type,
      body: payload(eventId, type, now, customerId, data),
      next_attempt_at: claimedUntil,
    });
    let deliveryId = id;
    if (webhook.batched) {
      deliveryId = randomUUID();
      await this.deps.repo.gatherBatch({
        id: deliveryId,
        webhookId: webhook.id,
        ids: [id],
        createdAt: now,
        claimedUntil,
      });
    }
    await this.attempt(deliveryId);
    return deliveryId;
  }

  /** An attempt of a stored delivery (a retry's job, the test event): read, then sent unless it ended. */
  async attempt(deliveryId: string): Promise<void> {
    const [row] = await this.deps.repo.deliveriesWithHooks([deliveryId]);
    if (row) await (await this.post(row)).recorded;
  }

  /**
   * Claims the deliveries whose instance never sent them (their claim ran out) and sends them; answers how many
   * it claimed. Any instance may run it at any time: a row is claimed by one.
   */
  async sweep(now = new Date()): Promise<number> {
    let claimed = 0;
    while (!this.stopping) {
      const ids = await this.deps.repo.claimOverdue(now, new Date(Date.now() + this.claimMs), SWEEP_BATCH);
      claimed += ids.length;
      const rows = await this.deps.repo.deliveriesWithHooks(ids);
      // Claimed while the instance began to stop: handed back at once rather than held for the claim.
      if (this.stopping) {
        await this.deps.repo.release(ids, new Date());
        break;
      }
      await Promise.all(rows.map((row) => this.queue(row)));
      if (ids.length < SWEEP_BATCH) break;
    }
    return claimed;
  }

  /**
   * Sends `row` when a place is free, an event of a batched webhook in its batch; resolves once its attempt
   * ended (or it was handed over at a stop).
   */
  private queue(row: SendableDelivery): Promise<void> {
    return new Promise<void>((done) => {
      if (row.type === WEBHOOK_BATCH_PART) this.batches.add({ row, done });
      else {
        this.waiting.push({ row, done });
        this.pump();
      }
    });
  }

  private pump(): void {
    while (!this.stopping && this.sending.size < CONCURRENT_ATTEMPTS && this.head < this.waiting.length) {
      const { row, done } = this.waiting[this.head]!;
      this.head++;
      // The place is free once the receiver answered; the result is written back in a batch meanwhile.
      const run = this.post(row)
        .then(({ recorded }) => {
          void recorded
            .catch((error: Error) =>
              this.deps.logger.error({ err: error, deliveryId: row.id }, 'webhook attempt not recorded'),
            )
            .finally(done);
        })
        .catch((error: Error) => {
          this.deps.logger.error({ err: error, deliveryId: row.id }, 'webhook attempt failed');
          done();
        })
        .finally(() => {
          this.sending.delete(run);
          this.pump();
        });
      this.sending.add(run);
    }
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    }
  }

  /**
   * One attempt of a delivery: signed with every secret that signs now, through the SSRF guard. Delivered on
   * 2xx; tried again after the back-off on 408, 429, 5xx, a network failure or a time-out while the retry
   * window lasts; failed for good on any other status or a refused address. Answers once the receiver answered,
   * with the writing of the result under way.
   */
  private async post(row: SendableDelivery): Promise<{ recorded: Promise<void> }> {
    const { repo, settings } = this.deps;
    if (row.status === 'delivered' || row.status === 'failed') return { recorded: Promise.resolve() };
    if (!row.hook_enabled) {
      await repo.endDelivery(row.id, 'Not sent: the webhook is disabled');
      return { recorded: Promise.resolve() };
    }
    const started = Date.now();
    const timestamp = Math.floor(started / 1000);
    const secrets = [row.hook_secret];
    if (
      row.hook_previous_secret &&
      row.hook_previous_secret_until &&
      row.hook_previous_secret_until.getTime() > started
    )
      secrets.push(row.hook_previous_secret);
    const headers = deliveryHeaders(row.event_id, timestamp, row.body, secrets);
    let outcome: 'delivered' | 'retry' | 'permanent';
    let responseCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await this.deps.http.post(row.hook_url, row.body, headers, settings.timeoutMs);
      responseCode = response.status;
      outcome = outcomeOf(response.status);
      if (outcome !== 'delivered')
        error = `HTTP ${response.status}${response.body ? `: ${response.body.slice(0, 200)}` : ''}`;
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      outcome = failure instanceof OutboundTargetRefused ? 'permanent' : 'retry';
      error = message.slice(0, 500);
    }
    const now = new Date();
    const durationMs = now.getTime() - started;
    const result = { response_code: responseCode, error, duration_ms: durationMs, last_attempt_at: now };
    const recorded =
      outcome === 'delivered'
        ? this.delivered.add({
            id: row.id,
            responseCode: responseCode as number,
            durationMs,
            at: now,
          })
        : this.recordFailed(row, outcome === 'retry', result);
    this.recording.add(recorded);
    void recorded.catch(() => {}).finally(() => this.recording.delete(recorded));
    return { recorded };
  }

  /**
   * A failed attempt written back: tried again after the back-off (a job on the queue, in the same transaction)
   * while the retry window lasts, else failed for good; the webhook disabled when it failed for the window.
   */
  private async recordFailed(
    row: SendableDelivery,
    retryable: boolean,
    result: {
      response_code: number | null;
      error: string | null;
      duration_ms: number;
      last_attempt_at: Date;
    },
  ): Promise<void> {
    const { repo, settings } = this.deps;
    const { error, last_attempt_at: now } = result;
    const attempts = row.attempts + 1;
    const waitMs = backoffDelay(attempts, settings.backoff);
    const next = new Date(now.getTime() + waitMs);
    const retry = retryable && next.getTime() <= row.created_at.getTime() + settings.retryWindowMs;
    if (retry) {
      await repo.recordAttempt(row.id, { ...result, status: 'retrying', next_attempt_at: next }, (within) =>
        this.deps.jobs.send(WEBHOOK_QUEUE, { deliveryId: row.id }, { within, delayMs: waitMs }),
      );
    } else {
      await repo.recordAttempt(row.id, { ...result, status: 'failed', next_attempt_at: null });
    }
    this.deps.logger.warn(
      { deliveryId: row.id, webhookId: row.webhook_id, attempts, error, retry },
      retry ? 'webhook not delivered; will retry' : 'webhook not delivered; giving up',
    );
    const disabled = await repo.recordFailure(
      row.webhook_id,
      now,
      new Date(now.getTime() - settings.disableAfterMs),
    );
    if (disabled) {
      this.deps.logger.warn({ webhookId: row.webhook_id }, 'webhook disabled after persistent failure');
      await this.deps
        .notifyDisabled({
          id: row.webhook_id,
          tenantId: row.hook_tenant_id,
          name: row.hook_name,
          url: row.hook_url,
        })
        .catch((e: Error) =>
          this.deps.logger.warn({ err: e, webhookId: row.webhook_id }, 'webhook notice not sent'),
        );
    }
  }

  /**
   * Works the retries here, sweeps now (what a stopped instance handed over) and every minute (once across the
   * instances), and schedules the hourly deletion of deliveries older than the retention.
   */
  start(): void {
    const { jobs, logger } = this.deps;
    this.declare()
      .then(() => jobs.work<{ deliveryId: string }>(WEBHOOK_QUEUE, (job) => this.attempt(job.deliveryId)))
      .catch((error: Error) => logger.error({ err: error }, 'webhook queue not worked'));
    const sweep = async () => {
      const claimed = await this.sweep();
      if (claimed > 0) logger.info({ claimed }, 'overdue webhook deliveries claimed');
    };
    sweep().catch((error: Error) => logger.warn({ err: error }, 'webhook sweep failed'));
    jobs
      .schedule(SWEEP_QUEUE, EVERY_MINUTE, sweep)
      .catch((error: Error) => logger.warn({ err: error }, 'webhook sweep not scheduled'));
    jobs
      .schedule(RETENTION_QUEUE, HOURLY, async () => {
        const deleted = await this.purge();
        if (deleted > 0) logger.info({ deleted }, 'webhook deliveries past retention deleted');
      })
      .catch((error: Error) => logger.warn({ err: error }, 'webhook delivery retention not scheduled'));
  }

  /**
   * Stops taking work: the events in hand are stored, the attempts under way end and are written back, the
   * deliveries not yet begun are handed to the next sweep of any instance (due at once).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.stored.flush();
    // The batches being gathered queue their rows here (to be handed over below) once gathered.
    const open = await this.batches.stop();
    const left = [...this.waiting.slice(this.head), ...open];
    this.waiting = [];
    this.head = 0;
    await this.deps.repo
      .release(
        left.map((entry) => entry.row.id),
        new Date(),
      )
      .catch((error: Error) =>
        this.deps.logger.warn({ err: error }, 'unsent webhook deliveries not released'),
      );
    for (const entry of left) entry.done();
    await Promise.allSettled([...this.sending]);
    await Promise.allSettled([...this.recording]);
    await this.delivered.flush();
    await this.deps.jobs.stopWorking(WEBHOOK_QUEUE);
    await this.deps.jobs.stopWorking(SWEEP_QUEUE);
    await this.deps.jobs.stopWorking(RETENTION_QUEUE);
  }

  /** Deletes deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS. */
  purge(now = new Date()): Promise<number> {
    return this.deps.repo.purgeDeliveries(new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_MS));
  }

  private declare(): Promise<void> {
    this.declared ??= this.deps.jobs.declare(WEBHOOK_QUEUE, this.policy);
    return this.declared;
  }
}
