import { z } from 'zod';

/**
 * The events a customer's outbound webhooks can subscribe to (issue 31; docs/webhooks.md gives each one's
 * `data`). The owning modules emit them on the event bus as `notable` (apps/server/src/lib/events.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  'incident.opened',
  'incident.resolved',
  'incident.acknowledged',
  'lock.unlocked',
  'lock.locked',
  'lock.failed',
  'credential.delivered',
  'credential.failed',
  'gateway.online',
  'gateway.offline',
  'rollout.wave',
  'rollout.paused',
  'rollout.finished',
  'agent_config.applied',
  'agent_config.rejected',
  'user_import.finished',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a webhook's "Send test event" sends; every webhook hears it, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The screen's groups of the event types (the create dialog's checklist). */
export const WEBHOOK_EVENT_GROUPS: readonly { group: string; types: readonly WebhookEventType[] }[] = [
  { group: 'Incidents', types: ['incident.opened', 'incident.resolved', 'incident.acknowledged'] },
  { group: 'Locks', types: ['lock.unlocked', 'lock.locked', 'lock.failed'] },
  { group: 'Credentials', types: ['credential.delivered', 'credential.failed'] },
  { group: 'Gateways', types: ['gateway.online', 'gateway.offline'] },
  { group: 'Firmware rollouts', types: ['rollout.wave', 'rollout.paused', 'rollout.finished'] },
  { group: 'Agent configuration', types: ['agent_config.applied', 'agent_config.rejected'] },
  { group: 'Lock users', types: ['user_import.finished'] },
];

export const WEBHOOK_NAME_MAX = 100;
export const WEBHOOK_URL_MAX = 2000;
/** Webhooks per customer. */
export const WEBHOOKS_PER_CUSTOMER = 20;
/** The old secret keeps signing this long after a rotation (both signatures are sent). */
export const WEBHOOK_ROTATION_OVERLAP_MS = 24 * 60 * 60_000;
/** Delivery rows are kept this long, then deleted by an hourly job. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 7;
/** The delivery log's page: the newest deliveries, at most this many. */
export const WEBHOOK_DELIVERIES_MAX = 100;
/** Every secret starts with this (Standard Webhooks' convention), then 32 random bytes in base64url. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Batched delivery (docs/webhooks.md): events a request, both bounds. */
export const WEBHOOK_BATCH_EVENTS_MIN = 2;
export const WEBHOOK_BATCH_EVENTS_MAX = 1000;
/** The longest a batch waits for more events after its first, in milliseconds, both bounds. */
export const WEBHOOK_BATCH_WAIT_MS_MIN = 10;
export const WEBHOOK_BATCH_WAIT_MS_MAX = 10_000;
/** The `type` of a batch's body and of its delivery in the log. */
export const WEBHOOK_BATCH_TYPE = 'batch';

export const webhookMessages = {
  created: 'Webhook created',
  updated: 'Webhook saved',
  deleted: 'Webhook deleted',
  rotated: 'Secret rotated: the previous one signs too for 24 hours',
  enabled: 'Webhook enabled',
  disabled: 'Webhook disabled',
  tooMany: `A customer may have at most ${WEBHOOKS_PER_CUSTOMER} webhooks: delete one first`,
  badUrl: 'The URL must start with http:// or https://',
  autoDisabled:
    'Disabled after every delivery failed for the failure window: fix the receiver, then enable it again',
  disabledByUser: 'Disabled by a user',
  notEnabled: 'The webhook is disabled: enable it before sending a test event',
} as const;

export const WEBHOOK_DISABLED_REASONS = ['failing', 'manual'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, webhookMessages.badUrl);

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)));

/**
 * A webhook's batched delivery: several events in one signed request, up to `maxEvents` events or `maxWaitMs`
 * after the first, whichever comes first; null: one event a request.
 */
export const webhookBatch = z.object({
  maxEvents: z.number().int().min(WEBHOOK_BATCH_EVENTS_MIN).max(WEBHOOK_BATCH_EVENTS_MAX),
  maxWaitMs: z.number().int().min(WEBHOOK_BATCH_WAIT_MS_MIN).max(WEBHOOK_BATCH_WAIT_MS_MAX),
});
export type WebhookBatch = z.infer<typeof webhookBatch>;

/** One webhook as its list shows it (never its secret). */
export const webhook = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  batch: webhookBatch.nullable(),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** Failed attempts since the last delivered one. */
  consecutiveFailures: z.number().int(),
  /** Until when the previous secret signs too (a rotation's overlap), else null. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhook>;

/** GET /api/webhooks?scopeId=: the webhooks of a customer within reach (the caller's own when not given). */
export const webhooksQuery = z.object({ scopeId: z.string().max(100).optional() });
export const webhookList = z.object({ items: z.array(webhook) });
export type WebhookList = z.infer<typeof webhookList>;

/** POST /api/webhooks: a webhook of the caller's own customer, or of `scopeId` within reach. */
export const createWebhookBody = z.object({
  scopeId: z.string().max(100).optional(),
  name: z.string().trim().min(1).max(WEBHOOK_NAME_MAX),
  url: webhookUrl,
  eventTypes,
  batch: webhookBatch.nullable().default(null),
  enabled: z.boolean().default(true),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/** PUT /api/webhooks/:id: what changes; `enabled: true` re-enables a disabled webhook (failures reset). */
export const updateWebhookBody = z.object({
  name: z.string().trim().min(1).max(WEBHOOK_NAME_MAX).optional(),
  url: webhookUrl.optional(),
  eventTypes: eventTypes.optional(),
  /** null: back to one event a request. */
  batch: webhookBatch.nullable().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

/** The answer to a creation or a rotation: the webhook and its (new) secret, shown this once. */
export const webhookWithSecret = z.object({ webhook, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const webhookParams = z.object({ id: z.string().max(100) });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One delivery of one event (or of a batch of events) to one webhook, as the delivery log shows it. */
export const webhookDelivery = z.object({
  id: z.string(),
  webhookId: z.string(),
  /** The event's id (a batch's own id): the `id` of the body and the Webhook-Id header (the same on every attempt). */
  eventId: z.string(),
  /** The event's type, or 'batch'. */
  type: z.string(),
  /** The events it carries: 1, or a batch's count. */
  eventCount: z.number().int(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_MAX).default(50),
});
export const webhookDeliveryList = z.object({ items: z.array(webhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

/** The body of every delivery (docs/webhooks.md). */
export const webhookPayload = z.object({
  id: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  customerId: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** The body of a batched delivery (docs/webhooks.md): its own id, then the events, each as a single delivery's body. */
export const webhookBatchPayload = z.object({
  id: z.string(),
  type: z.literal(WEBHOOK_BATCH_TYPE),
  count: z.number().int(),
  events: z.array(webhookPayload),
});
export type WebhookBatchPayload = z.infer<typeof webhookBatchPayload>;
