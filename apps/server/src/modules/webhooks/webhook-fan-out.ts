import { randomUUID } from 'node:crypto';
import type { WebhookPayload } from '@portal/contract';
import type { NotableEvent } from '../../lib/events.ts';
import { type SendableDelivery, WEBHOOK_BATCH_PART, type WebhooksRepository } from './webhooks.repository.ts';

type Hook = Awaited<ReturnType<WebhooksRepository['enabledOf']>>[number];
/** A body to store once, with the deliveries that carry it (an event, or a batched webhook's part). */
type StoredBody = { id: string; type: string; body: string; count: number };

/** What events that arrived together make: their bodies, a delivery row per webhook, and those rows to send. */
export interface FanOut {
  bodies: StoredBody[];
  rows: { id: string; webhookId: string; event: number }[];
  sendable: SendableDelivery[];
}

/**
 * The deliveries of `events` to the enabled `hooks` that hear them: a webhook hears its customer's events and
 * its sub-customers' (`hearing`: each event tenant's id and ancestors) of the types it chose. Each event's body is
 * stored once whatever the number of webhooks; a batched webhook's events of this call go as parts of at most its
 * batch_max_events, gathered into batches when sent (webhook-batches.ts).
 */
export function fanOut(
  events: readonly NotableEvent[],
  hearing: ReadonlyMap<string, string[]>,
  hooks: readonly Hook[],
  now: Date,
): FanOut {
  const out: FanOut = { bodies: [], rows: [], sendable: [] };
  const add = (hook: Hook, body: StoredBody, index: number) => {
    const id = randomUUID();
    out.rows.push({ id, webhookId: hook.id, event: index });
    out.sendable.push(sendableOf(hook, id, body, now));
  };
  // A batched webhook's event bodies, by webhook: stored as parts after the loop.
  const toParts = new Map<string, string[]>();
  for (const event of events) {
    const tenantIds = hearing.get(event.tenantId) ?? [];
    const matching = hooks.filter(
      (hook) => tenantIds.includes(hook.tenant_id) && hook.event_types.includes(event.type),
    );
    if (matching.length === 0) continue;
    const eventId = randomUUID();
    const body = payload(eventId, event.type, new Date(event.occurredAt), event.tenantId, event.data);
    const single = { id: eventId, type: event.type, body, count: 1 };
    let index = -1;
    for (const hook of matching) {
      if (hook.batch_max_events !== null) {
        const bodies = toParts.get(hook.id);
        if (bodies) bodies.push(body);
        else toParts.set(hook.id, [body]);
        continue;
      }
      if (index < 0) index = out.bodies.push(single) - 1;
      add(hook, single, index);
    }
  }
  for (const hook of hooks) {
    const bodies = toParts.get(hook.id) ?? [];
    const size = hook.batch_max_events ?? 1;
    for (let from = 0; from < bodies.length; from += size) {
      const chunk = bodies.slice(from, from + size);
      const part = { id: randomUUID(), type: WEBHOOK_BATCH_PART, body: chunk.join(','), count: chunk.length };
      add(hook, part, out.bodies.push(part) - 1);
    }
  }
  return out;
}

function sendableOf(hook: Hook, id: string, body: StoredBody, now: Date): SendableDelivery {
  return {
    id,
    webhook_id: hook.id,
    event_id: body.id,
    type: body.type,
    event_count: body.count,
    status: 'pending',
    attempts: 0,
    created_at: now,
    body: body.body,
    hook_tenant_id: hook.tenant_id,
    hook_name: hook.name,
    hook_url: hook.url,
    hook_enabled: true,
    hook_secret: hook.secret,
    hook_previous_secret: hook.previous_secret,
    hook_previous_secret_until: hook.previous_secret_until,
    hook_batch_max_events: hook.batch_max_events,
    hook_batch_max_ms: hook.batch_max_ms,
  };
}

/** The body of a delivery (docs/webhooks.md). */
export function payload(
  id: string,
  type: string,
  occurredAt: Date,
  customerId: string,
  data: Record<string, unknown>,
): string {
  return JSON.stringify({
    id,
    type,
    occurredAt: occurredAt.toISOString(),
    customerId,
    data,
  } satisfies WebhookPayload);
}
