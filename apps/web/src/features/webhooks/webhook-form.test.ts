import {
  WEBHOOK_BATCH_EVENTS_MAX,
  WEBHOOK_BATCH_EVENTS_MIN,
  WEBHOOK_BATCH_WAIT_MS_MAX,
  WEBHOOK_BATCH_WAIT_MS_MIN,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  canSave,
  createBody,
  EVENT_GROUPS,
  groupState,
  isWebhookUrl,
  toggledGroup,
  toggledType,
  updateBody,
  type WebhookDraft,
} from './webhook-form.ts';

const draft = (extra: Partial<WebhookDraft> = {}): WebhookDraft => ({
  name: 'Ticketing',
  url: 'https://hooks.example.com/portal',
  eventTypes: ['lock.unlocked'],
  batched: false,
  batchMaxEvents: '100',
  batchMaxWaitMs: '1000',
  ...extra,
});

describe('webhook form', () => {
  it('saves with a name of 1 to 100 characters, an http(s) URL and an event type', () => {
    expect(canSave(draft())).toBe(true);
    expect(canSave(draft({ name: 'n'.repeat(WEBHOOK_NAME_MAX) }))).toBe(true);
    expect(canSave(draft({ name: 'n'.repeat(WEBHOOK_NAME_MAX + 1) }))).toBe(false);
    expect(canSave(draft({ name: '   ' }))).toBe(false);
    expect(canSave(draft({ eventTypes: [] }))).toBe(false);
    expect(canSave(draft({ url: 'ftp://example.com/' }))).toBe(false);
  });

  it('takes http and https URLs up to 2,000 characters', () => {
    const base = 'https://example.com/';
    expect(isWebhookUrl(base + 'a'.repeat(WEBHOOK_URL_MAX - base.length))).toBe(true);
    expect(isWebhookUrl(base + 'a'.repeat(WEBHOOK_URL_MAX - base.length + 1))).toBe(false);
    expect(isWebhookUrl('http://10.0.0.5:8080/hook')).toBe(true);
    expect(isWebhookUrl('example.com/hook')).toBe(false);
    expect(isWebhookUrl('')).toBe(false);
  });

  it('sends trimmed values, the scope on creation', () => {
    const typed = draft({ name: '  Ticketing ', url: ' https://hooks.example.com/portal ' });
    expect(createBody(typed, 'scope-1')).toEqual({
      scopeId: 'scope-1',
      name: 'Ticketing',
      url: 'https://hooks.example.com/portal',
      eventTypes: ['lock.unlocked'],
      batch: null,
    });
    expect(updateBody(typed)).toEqual({
      name: 'Ticketing',
      url: 'https://hooks.example.com/portal',
      eventTypes: ['lock.unlocked'],
      batch: null,
    });
  });

  it('batches only when switched on, with both bounds of events and wait', () => {
    const batched = (events: number | string, waitMs: number | string) =>
      draft({ batched: true, batchMaxEvents: String(events), batchMaxWaitMs: String(waitMs) });
    expect(canSave(batched(WEBHOOK_BATCH_EVENTS_MIN, WEBHOOK_BATCH_WAIT_MS_MIN))).toBe(true);
    expect(canSave(batched(WEBHOOK_BATCH_EVENTS_MAX, WEBHOOK_BATCH_WAIT_MS_MAX))).toBe(true);
    expect(canSave(batched(WEBHOOK_BATCH_EVENTS_MIN - 1, 100))).toBe(false);
    expect(canSave(batched(WEBHOOK_BATCH_EVENTS_MAX + 1, 100))).toBe(false);
    expect(canSave(batched(10, WEBHOOK_BATCH_WAIT_MS_MIN - 1))).toBe(false);
    expect(canSave(batched(10, WEBHOOK_BATCH_WAIT_MS_MAX + 1))).toBe(false);
    expect(canSave(batched('2.5', 100))).toBe(false);
    expect(canSave(batched('', 100))).toBe(false);
    // Off, the bounds as typed do not matter.
    expect(canSave(draft({ batchMaxEvents: '0' }))).toBe(true);
    expect(createBody(batched(' 50 ', 250), 'scope-1').batch).toEqual({ maxEvents: 50, maxWaitMs: 250 });
    expect(updateBody(batched(50, 250)).batch).toEqual({ maxEvents: 50, maxWaitMs: 250 });
  });

  it("ticks types in the contract's order and whole groups at once", () => {
    expect(toggledType(['lock.unlocked'], 'incident.opened')).toEqual(['incident.opened', 'lock.unlocked']);
    expect(toggledType(['lock.unlocked'], 'lock.unlocked')).toEqual([]);
    const locks = EVENT_GROUPS.find((g) => g.group === 'Locks')!.types;
    expect(groupState(['lock.unlocked'], locks)).toBe('some');
    expect(toggledGroup(['lock.unlocked'], locks)).toEqual(['lock.unlocked', 'lock.locked', 'lock.failed']);
    expect(groupState(['lock.unlocked', 'lock.locked', 'lock.failed'], locks)).toBe('all');
    expect(toggledGroup(['lock.unlocked', 'lock.locked', 'lock.failed', 'gateway.online'], locks)).toEqual([
      'gateway.online',
    ]);
    expect(groupState([], locks)).toBe('none');
  });

  it('groups every event type exactly once', () => {
    const grouped = EVENT_GROUPS.flatMap((g) => g.types);
    expect([...grouped].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });
});
