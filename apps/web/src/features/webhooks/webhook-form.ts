import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_BATCH_EVENTS_MAX,
  WEBHOOK_BATCH_EVENTS_MIN,
  WEBHOOK_BATCH_WAIT_MS_MAX,
  WEBHOOK_BATCH_WAIT_MS_MIN,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
  type Webhook,
  type WebhookBatch,
  type WebhookEventType,
} from '@portal/contract';

/** The create and edit dialog's fields as typed and ticked. */
export interface WebhookDraft {
  name: string;
  url: string;
  eventTypes: readonly WebhookEventType[];
  /** Batched delivery on, and its bounds as typed. */
  batched: boolean;
  batchMaxEvents: string;
  batchMaxWaitMs: string;
}

/** The dialog's fields for a new webhook (no batching; the bounds offered when it is switched on), or `webhook`'s. */
export function draftOf(webhook?: Webhook): WebhookDraft {
  if (!webhook)
    return {
      name: '',
      url: '',
      eventTypes: [],
      batched: false,
      batchMaxEvents: '100',
      batchMaxWaitMs: '1000',
    };
  return {
    name: webhook.name,
    url: webhook.url,
    eventTypes: webhook.eventTypes,
    batched: webhook.batch !== null,
    batchMaxEvents: String(webhook.batch?.maxEvents ?? 100),
    batchMaxWaitMs: String(webhook.batch?.maxWaitMs ?? 1000),
  };
}

/** A whole number within both bounds, as typed; else null. */
function wholeWithin(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

export const batchEventsOk = (draft: WebhookDraft) =>
  wholeWithin(draft.batchMaxEvents, WEBHOOK_BATCH_EVENTS_MIN, WEBHOOK_BATCH_EVENTS_MAX) !== null;
export const batchWaitOk = (draft: WebhookDraft) =>
  wholeWithin(draft.batchMaxWaitMs, WEBHOOK_BATCH_WAIT_MS_MIN, WEBHOOK_BATCH_WAIT_MS_MAX) !== null;

/** The batch the draft asks for: null when off (one event a request). */
function batchOf(draft: WebhookDraft): WebhookBatch | null {
  if (!draft.batched) return null;
  return { maxEvents: Number(draft.batchMaxEvents.trim()), maxWaitMs: Number(draft.batchMaxWaitMs.trim()) };
}

/** An http(s) URL of at most 2,000 characters, as the server checks it. */
export function isWebhookUrl(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > WEBHOOK_URL_MAX) return false;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Save is enabled with a name (1 to 100 characters once trimmed), a valid URL, at least one event type and, when
 * batched, both bounds within the contract's (2 to 1,000 events, 10 to 10,000 ms).
 */
export function canSave(draft: WebhookDraft): boolean {
  const name = draft.name.trim();
  return (
    name.length > 0 &&
    name.length <= WEBHOOK_NAME_MAX &&
    isWebhookUrl(draft.url) &&
    draft.eventTypes.length > 0 &&
    (!draft.batched || (batchEventsOk(draft) && batchWaitOk(draft)))
  );
}

export function createBody(draft: WebhookDraft, scopeId: string): CreateWebhookBody {
  return {
    scopeId,
    name: draft.name.trim(),
    url: draft.url.trim(),
    eventTypes: [...draft.eventTypes],
    batch: batchOf(draft),
  };
}

export function updateBody(draft: WebhookDraft): UpdateWebhookBody {
  return {
    name: draft.name.trim(),
    url: draft.url.trim(),
    eventTypes: [...draft.eventTypes],
    batch: batchOf(draft),
  };
}

/** Ticks or unticks one event type, keeping the contract's order. */
export function toggledType(chosen: readonly WebhookEventType[], type: WebhookEventType): WebhookEventType[] {
  const next = new Set(chosen);
  if (next.has(type)) next.delete(type);
  else next.add(type);
  return WEBHOOK_EVENT_TYPES.filter((t) => next.has(t));
}

/** A group's box: all of its types ticked, some, or none; ticking it ticks all (or unticks all when all were). */
export function groupState(chosen: readonly WebhookEventType[], group: readonly WebhookEventType[]) {
  const ticked = group.filter((type) => chosen.includes(type)).length;
  return ticked === group.length ? 'all' : ticked === 0 ? 'none' : 'some';
}

export function toggledGroup(
  chosen: readonly WebhookEventType[],
  group: readonly WebhookEventType[],
): WebhookEventType[] {
  const next = new Set(chosen);
  const all = groupState(chosen, group) === 'all';
  for (const type of group) {
    if (all) next.delete(type);
    else next.add(type);
  }
  return WEBHOOK_EVENT_TYPES.filter((t) => next.has(t));
}

/** The checklist's groups (the contract's). */
export const EVENT_GROUPS = WEBHOOK_EVENT_GROUPS;
