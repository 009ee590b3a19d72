import { randomUUID } from 'node:crypto';
import { WEBHOOK_DELIVERY_RETENTION_DAYS, type WebhookPayload } from '@portal/contract';
import type { Logger } from 'pino';
import type { NotableEvent } from '../../lib/events.ts';
import type { JobQueue, QueuePolicy } from '../../lib/jobs.ts';
import { type OutboundHttp, OutboundTargetRefused } from '../../lib/outbound-http.ts';
import { type Backoff, backoffDelay } from '../../lib/retry.ts';
import type { TenantsService } from '../tenants/index.ts';
import { deliveryHeaders, outcomeOf } from './signing.ts';
import type { NewDelivery, WebhooksRepository } from './webhooks.repository.ts';

/** The job queue of webhook attempts (lib/jobs.ts). */
export const WEBHOOK_QUEUE = 'webhook';
const RETENTION_QUEUE = 'webhook-retention';
/** Minute 27 of every hour, once across the instances. */
const HOURLY = '27 * * * *';
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
 * Outbound webhook deliveries (docs/webhooks.md): an event becomes one delivery row per subscribed webhook of
 * its customer and the customers above it, each with its job on the queue in the same transaction (nothing lost
 * across a restart); a worker of any instance makes the attempt, signed, through the SSRF guard; a failure
 * worth retrying is tried again with back-off for a day; a webhook whose every attempt failed for a day is
 * disabled and its customer told by e-mail.
 */
export class WebhookDelivery {
  private readonly policy: QueuePolicy;
  private declared: Promise<void> | undefined;

  constructor(private readonly deps: WebhookDeliveryDeps) {
    this.policy = {
      // The attempt handles the receiver's failures itself; these retries are for the portal's own (the database).
      retry: { attempts: 3, backoff: { baseMs: 5000, maxMs: 60_000 } },
      // Above the attempt's time-out with room for the database writes.
      expireAfterMs: deps.settings.timeoutMs + 60_000,
    };
  }

  /** Stores a delivery per webhook that hears `event`, with its job; a failure is logged, never the emitter's. */
  async fanOut(event: NotableEvent): Promise<void> {
    try {
      const tenant = await this.deps.tenants.findById(event.tenantId);
      if (!tenant) return;
      const hooks = await this.deps.repo.subscribed([tenant.id, ...tenant.ancestors], event.type);
      if (hooks.length === 0) return;
      await this.declare();
      const eventId = randomUUID();
      const body = JSON.stringify({
        id: eventId,
        type: event.type,
        occurredAt: new Date(event.occurredAt).toISOString(),
        customerId: event.tenantId,
        data: event.data,
      } satisfies WebhookPayload);
      const rows: NewDelivery[] = hooks.map((hook) => ({
        webhook_id: hook.id,
        event_id: eventId,
        type: event.type,
        body,
      }));
      await this.deps.repo.insertDeliveries(rows, (id, within) =>
        this.deps.jobs.send(WEBHOOK_QUEUE, { deliveryId: id }, { within }),
      );
      this.deps.jobs.wake(WEBHOOK_QUEUE);
    } catch (error) {
      this.deps.logger.error(
        { err: error, type: event.type, tenantId: event.tenantId },
        'webhook deliveries not stored',
      );
    }
  }

  /** A delivery made at once by the caller (the test event): stored, attempted, answered with its id. */
  async sendNow(
    webhookId: string,
    type: string,
    customerId: string,
    data: Record<string, unknown>,
  ): Promise<string> {
    await this.declare();
    const eventId = randomUUID();
    const body = JSON.stringify({
      id: eventId,
      type,
      occurredAt: new Date().toISOString(),
      customerId,
      data,
    } satisfies WebhookPayload);
    const { id } = await this.deps.repo.insertDelivery({
      webhook_id: webhookId,
      event_id: eventId,
      type,
      body,
    });
    await this.attempt(id);
    return id;
  }

  /**
   * One attempt of a delivery: signed with every secret that signs now, through the SSRF guard. Delivered on
   * 2xx; tried again after the back-off on 408, 429, 5xx, a network failure or a time-out while the retry
   * window lasts; failed for good on any other status or a refused address.
   */
  async attempt(deliveryId: string): Promise<void> {
    const { repo, settings } = this.deps;
    const row = await repo.deliveryWithHook(deliveryId);
    if (!row || row.status === 'delivered' || row.status === 'failed') return;
    if (!row.hook_enabled) {
      await repo.endDelivery(row.id, 'Not sent: the webhook is disabled');
      return;
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
    const attempts = row.attempts + 1;
    const result = { response_code: responseCode, error, duration_ms: durationMs, last_attempt_at: now };
    if (outcome === 'delivered') {
      await repo.recordAttempt(row.id, { ...result, status: 'delivered', next_attempt_at: null });
      await repo.recordSuccess(row.webhook_id);
      return;
    }
    const waitMs = backoffDelay(attempts, settings.backoff);
    const next = new Date(now.getTime() + waitMs);
    const retry = outcome === 'retry' && next.getTime() <= row.created_at.getTime() + settings.retryWindowMs;
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

  /** Works the queue here, and schedules the hourly deletion of deliveries older than the retention. */
  start(): void {
    const { jobs, logger } = this.deps;
    this.declare()
      .then(() => jobs.work<{ deliveryId: string }>(WEBHOOK_QUEUE, (job) => this.attempt(job.deliveryId)))
      .catch((error: Error) => logger.error({ err: error }, 'webhook queue not worked'));
    jobs
      .schedule(RETENTION_QUEUE, HOURLY, async () => {
        const deleted = await this.purge();
        if (deleted > 0) logger.info({ deleted }, 'webhook deliveries past retention deleted');
      })
      .catch((error: Error) => logger.warn({ err: error }, 'webhook delivery retention not scheduled'));
  }

  async stop(): Promise<void> {
    await this.deps.jobs.stopWorking(WEBHOOK_QUEUE);
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
