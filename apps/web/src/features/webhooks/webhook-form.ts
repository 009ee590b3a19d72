import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
} from '@portal/contract';

/** The create and edit dialog's fields as typed and ticked. */
export interface WebhookDraft {
  name: string;
  url: string;
  eventTypes: readonly WebhookEventType[];
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

/** Save is enabled with a name (1 to 100 characters once trimmed), a valid URL and at least one event type. */
export function canSave(draft: WebhookDraft): boolean {
  const name = draft.name.trim();
  return (
    name.length > 0 &&
    name.length <= WEBHOOK_NAME_MAX &&
    isWebhookUrl(draft.url) &&
    draft.eventTypes.length > 0
  );
}

export function createBody(draft: WebhookDraft, scopeId: string): CreateWebhookBody {
  return { scopeId, name: draft.name.trim(), url: draft.url.trim(), eventTypes: [...draft.eventTypes] };
}

export function updateBody(draft: WebhookDraft): UpdateWebhookBody {
  return { name: draft.name.trim(), url: draft.url.trim(), eventTypes: [...draft.eventTypes] };
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
