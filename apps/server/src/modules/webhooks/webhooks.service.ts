import { randomBytes } from 'node:crypto';
import {
  type createWebhookBody,
  type UpdateWebhookBody,
  type updateWebhookBody,
  WEBHOOK_ROTATION_OVERLAP_MS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_PER_CUSTOMER,
  type Webhook,
  type WebhookDeliveryList,
  type WebhookDelivery as WebhookDeliveryView,
  type WebhookDisabledReason,
  type WebhookEventType,
  type WebhookList,
  type WebhookWithSecret,
  webhookMessages,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { maskedUrl } from '../../lib/masked-url.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { WebhookDelivery } from './webhook-delivery.ts';
import type { ListedDelivery, WebhookRow, WebhooksRepository } from './webhooks.repository.ts';

/** 'whsec_' and 32 random bytes in base64url: shown once, at creation and at each rotation. */
const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * A customer's outbound webhooks (docs/webhooks.md): managed by holders of WEBHOOK_WRITE (a session or an API key
 * with it) for their own customer and the customers below it; another customer's webhook answers 404.
 */
export class WebhooksService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly delivery: WebhookDelivery,
    private readonly deps: { tenants: Pick<TenantsService, 'scopeWithin'> },
  ) {}

  async list(principal: Principal, scopeId: string | undefined): Promise<WebhookList> {
    const tenantId = await this.tenantOf(principal, scopeId);
    const rows = await this.repo.listByTenant(tenantId);
    return { items: rows.map((row) => toWebhook(row)) };
  }

  async get(principal: Principal, id: string): Promise<Webhook> {
    return toWebhook(await this.reach(principal, id));
  }

  /** A webhook of the caller's customer (or `scopeId` within reach); its secret is in this answer only. */
  async create(principal: Principal, body: z.output<typeof createWebhookBody>): Promise<WebhookWithSecret> {
    const tenantId = await this.tenantOf(principal, body.scopeId);
    const secret = newWebhookSecret();
    const now = new Date();
    const row = await this.repo.insertWithinLimit(
      {
        tenant_id: tenantId,
        name: body.name,
        url: maskedUrl(body.url),
        url_secret: body.url,
        event_types: body.eventTypes,
        batch_max_events: body.batch?.maxEvents ?? null,
        batch_max_ms: body.batch?.maxWaitMs ?? null,
        enabled: body.enabled,
        secret,
        disabled_at: body.enabled ? null : now,
        disabled_reason: body.enabled ? null : 'manual',
        created_by: principal.userId,
      },
      WEBHOOKS_PER_CUSTOMER,
    );
    if (!row) throw new AppError('CONFLICT', webhookMessages.tooMany);
    return { webhook: toWebhook(row), secret };
  }

  /** Changes what is given; `enabled: true` re-enables (the failure count starts again), `false` disables. */
  async update(principal: Principal, id: string, body: z.output<typeof updateWebhookBody>): Promise<Webhook> {
    const current = await this.reach(principal, id);
    const changes: Parameters<WebhooksRepository['update']>[1] = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.url !== undefined) Object.assign(changes, { url: maskedUrl(body.url), url_secret: body.url });
    if (body.eventTypes !== undefined) changes.event_types = body.eventTypes;
    if (body.batch !== undefined) {
      changes.batch_max_events = body.batch?.maxEvents ?? null;
      changes.batch_max_ms = body.batch?.maxWaitMs ?? null;
    }
    if (body.enabled === true && !current.enabled) {
      Object.assign(changes, {
        enabled: true,
        disabled_at: null,
        disabled_reason: null,
        consecutive_failures: 0,
        failing_since: null,
      });
    } else if (body.enabled === false && current.enabled) {
      Object.assign(changes, { enabled: false, disabled_at: new Date(), disabled_reason: 'manual' });
    }
    const row = await this.repo.update(current.id, changes);
    if (!row) throw notFound('Webhook');
    return toWebhook(row);
  }

  enable(principal: Principal, id: string): Promise<Webhook> {
    return this.update(principal, id, { enabled: true } satisfies UpdateWebhookBody);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    const current = await this.reach(principal, id);
    if (!(await this.repo.delete(current.id))) throw notFound('Webhook');
  }

  /**
   * A new secret, shown in this answer only; the one it replaces keeps signing (a second signature) for
   * WEBHOOK_ROTATION_OVERLAP_MS, so receivers can switch in that time.
   */
  async rotateSecret(principal: Principal, id: string, now = new Date()): Promise<WebhookWithSecret> {
    const current = await this.reach(principal, id);
    const secret = newWebhookSecret();
    const row = await this.repo.update(current.id, {
      secret,
      previous_secret: current.secret,
      previous_secret_until: new Date(now.getTime() + WEBHOOK_ROTATION_OVERLAP_MS),
    });
    if (!row) throw notFound('Webhook');
    return { webhook: toWebhook(row), secret };
  }

  /** Sends a `webhook.test` event to this webhook at once and answers its delivery after the first attempt. */
  async sendTest(principal: Principal, id: string): Promise<WebhookDeliveryView> {
    const current = await this.reach(principal, id);
    if (!current.enabled) throw new AppError('CONFLICT', webhookMessages.notEnabled);
    const deliveryId = await this.delivery.sendNow(
      { id: current.id, batched: current.batch_max_events !== null },
      WEBHOOK_TEST_EVENT,
      current.tenant_id,
      {
        webhookId: current.id,
        webhookName: current.name,
        message: 'A test event sent from the portal',
      },
    );
    const row = await this.repo.findDelivery(deliveryId);
    if (!row) throw notFound('Webhook');
    return toDelivery(row);
  }

  async deliveries(principal: Principal, id: string, limit: number): Promise<WebhookDeliveryList> {
    const current = await this.reach(principal, id);
    const rows = await this.repo.listDeliveries(current.id, limit);
    return { items: rows.map(toDelivery) };
  }

  /** Deletes deliveries older than 7 days (the hourly retention job's work); answers how many. */
  purgeDeliveries(now = new Date()): Promise<number> {
    return this.delivery.purge(now);
  }

  /** The customer a call is about: `scopeId` within reach, else the caller's own. The free tier has none. */
  private async tenantOf(principal: Principal, scopeId: string | undefined): Promise<string> {
    if (principal.freeTierMember) throw forbidden();
    return scopeId ? (await this.deps.tenants.scopeWithin(principal, scopeId)).id : principal.tenantId;
  }

  /** The webhook when its customer is within the caller's reach; 404 otherwise, as for one that does not exist. */
  private async reach(principal: Principal, id: string): Promise<WebhookRow> {
    if (principal.freeTierMember) throw forbidden();
    const row = isUuid(id) ? await this.repo.find(id) : undefined;
    if (!row) throw notFound('Webhook');
    await this.deps.tenants.scopeWithin(principal, row.tenant_id).catch(() => {
      throw notFound('Webhook');
    });
    return row;
  }
}

function toWebhook(row: WebhookRow, now = new Date()): Webhook {
  const overlap =
    row.previous_secret && row.previous_secret_until && row.previous_secret_until.getTime() > now.getTime()
      ? row.previous_secret_until.toISOString()
      : null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    url: row.url_secret,
    eventTypes: row.event_types as WebhookEventType[],
    batch:
      row.batch_max_events !== null && row.batch_max_ms !== null
        ? { maxEvents: row.batch_max_events, maxWaitMs: row.batch_max_ms }
        : null,
    enabled: row.enabled,
    disabledAt: row.disabled_at?.toISOString() ?? null,
    disabledReason: (row.disabled_reason as WebhookDisabledReason | null) ?? null,
    consecutiveFailures: row.consecutive_failures,
    previousSecretUntil: overlap,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toDelivery(row: ListedDelivery): WebhookDeliveryView {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    type: row.type,
    eventCount: row.event_count,
    status: row.status as WebhookDeliveryView['status'],
    attempts: row.attempts,
    responseCode: row.response_code,
    error: row.error,
    durationMs: row.duration_ms,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  };
}
