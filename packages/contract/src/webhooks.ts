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
