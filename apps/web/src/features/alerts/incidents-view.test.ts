import { type AlertIncident, type AlertNotification, incidentAcknowledgeMessages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { formatTime } from '../../lib/date-time.ts';
import { changeLanguage, initI18n, messageText } from '../../lib/i18n/index.ts';
import {
  acknowledgeFailureText,
  canAcknowledge,
  digestDueText,
  incidentOfLiveMessage,
  incidentStatus,
  isMixedIncidentList,
  matchesIncidentFilter,
  mergeIncident,
  serverStateOf,
  subjectText,
} from './incidents-view.ts';

const SCOPE = '7d3c1f0e-1111-4222-8333-944444444444';
let sequence = 0;
const incident = (overrides: Partial<AlertIncident> = {}): AlertIncident => {
  sequence += 1;
  return {
    id: `incident-${sequence}`,
    scopeId: SCOPE,
    ruleId: 'rule-1',
    ruleName: 'CO2 watch',
    kind: 'sensor',
    alertType: 'HIGH_CO2',
    gatewayMac: 'B827EB000001',
    subject: 'B827EB000001',
    sensor: 'co2',
    state: 'firing',
    value: 1200,
    threshold: 1000,
    startedAt: 1_000 * sequence,
    firedAt: 1_000 * sequence,
    resolvedAt: null,
    suppressedCount: 0,
    subjectName: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    escalatedAt: null,
    ...overrides,
  };
};

const pending = incident({ state: 'pending', firedAt: null });
const firing = incident();
const acknowledged = incident({ acknowledgedAt: 5_000, acknowledgedBy: 'Olga Ops' });
const resolved = incident({ state: 'resolved', resolvedAt: 9_000 });
const every = [pending, firing, acknowledged, resolved];

describe('incident filters', () => {
  it('calls a firing incident with acknowledgedAt acknowledged, and keeps the engine states otherwise', () => {
    expect(every.map(incidentStatus)).toEqual(['pending', 'firing', 'acknowledged', 'resolved']);
    // A resolved incident that was acknowledged before is resolved.
    expect(incidentStatus(incident({ state: 'resolved', acknowledgedAt: 1 }))).toBe('resolved');
  });

  it('shows open (pending, firing unacknowledged), acknowledged, resolved and all', () => {
    const shown = (filter: Parameters<typeof matchesIncidentFilter>[1]) =>
      every.filter((item) => matchesIncidentFilter(item, filter));
    expect(shown('open')).toEqual([pending, firing]);
    expect(shown('acknowledged')).toEqual([acknowledged]);
    expect(shown('resolved')).toEqual([resolved]);
    expect(shown('all')).toEqual(every);
  });

  it("reads open and acknowledged from the server's open list, resolved and all from all", () => {
    expect(serverStateOf('open')).toBe('open');
    expect(serverStateOf('acknowledged')).toBe('open');
    expect(serverStateOf('resolved')).toBe('all');
    expect(serverStateOf('all')).toBe('all');
  });
});

describe('live merge', () => {
  it('puts a new incident first and replaces a known one in place, newest first', () => {
    const list = [firing, pending];
    const fresh = incident();
    expect(mergeIncident(list, fresh, 'all').map((item) => item.id)).toEqual([
      fresh.id,
      firing.id,
      pending.id,
    ]);
    const fired = { ...pending, state: 'firing' as const, firedAt: 7_000 };
    const merged = mergeIncident(list, fired, 'all');
    expect(merged).toEqual([firing, fired]);
    expect(merged).toHaveLength(2);
  });

  it('shows who acknowledged when the acknowledged message arrives', () => {
    const message = {
      type: 'incident',
      event: 'acknowledged',
      incident: { ...firing, acknowledgedAt: 8_000, acknowledgedBy: 'Olga Ops' },
    };
    const live = incidentOfLiveMessage(message);
    expect(live?.event).toBe('acknowledged');
    const merged = mergeIncident([firing], live!.incident, 'open');
    expect(merged[0]?.acknowledgedBy).toBe('Olga Ops');
    expect(merged.filter((item) => matchesIncidentFilter(item, 'open'))).toEqual([]);
    expect(merged.filter((item) => matchesIncidentFilter(item, 'acknowledged'))).toHaveLength(1);
  });

  it('drops a resolved incident from the open list and keeps it in all', () => {
    const done = { ...firing, state: 'resolved' as const, resolvedAt: 9_500 };
    expect(mergeIncident([firing, pending], done, 'open')).toEqual([pending]);
    expect(mergeIncident([firing, pending], done, 'all')).toEqual([done, pending]);
  });

  it('never lets a late older copy undo a newer state', () => {
    const ack = { ...firing, acknowledgedAt: 8_000, acknowledgedBy: 'Olga Ops' };
    expect(mergeIncident([ack], firing, 'all')).toEqual([ack]);
    const done = { ...firing, state: 'resolved' as const, resolvedAt: 9_500 };
    expect(mergeIncident([done], firing, 'all')).toEqual([done]);
    const escalated = { ...firing, escalatedAt: 6_000 };
    expect(mergeIncident([escalated], firing, 'all')).toEqual([escalated]);
    // A reminder (same state, same facts) replaces the row.
    const reminder = { ...firing, value: 1300 };
    expect(mergeIncident([firing], reminder, 'all')).toEqual([reminder]);
  });

  it("ignores the alerts channel's other messages", () => {
    expect(incidentOfLiveMessage({ type: 'alertRules', scopeId: SCOPE })).toBeNull();
    expect(incidentOfLiveMessage({ type: 'incident', event: 'other', incident: firing })).toBeNull();
    expect(incidentOfLiveMessage(null)).toBeNull();
  });
});

describe('acknowledge', () => {
  it('is offered to a holder of ALERTS_WRITE on a firing, unacknowledged incident only', () => {
    expect(canAcknowledge(firing, true)).toBe(true);
    expect(canAcknowledge(firing, false)).toBe(false);
    expect(canAcknowledge(pending, true)).toBe(false);
    expect(canAcknowledge(acknowledged, true)).toBe(false);
    expect(canAcknowledge(resolved, true)).toBe(false);
  });

  it("shows the server's 409 and 404 texts", () => {
    for (const text of [incidentAcknowledgeMessages.already, incidentAcknowledgeMessages.notFiring])
      expect(acknowledgeFailureText(new ApiError(409, 'CONFLICT', text))).toBe(text);
    expect(acknowledgeFailureText(new ApiError(404, 'NOT_FOUND', 'Alert incident not found'))).toBe(
      'Alert incident not found',
    );
    expect(
      acknowledgeFailureText(new ApiError(0, 'UNAVAILABLE', 'The portal server could not be reached')),
    ).toBe('The portal server could not be reached');
  });
});

describe('display', () => {
  it('names a lock by its name, else the subject', () => {
    expect(subjectText(firing)).toBe('B827EB000001');
    const lock = incident({ kind: 'lock', subject: 'D1C2B3A4F5E6', subjectName: 'Front door' });
    expect(subjectText(lock)).toBe('Front door');
    expect(subjectText({ ...lock, subjectName: null })).toBe('D1C2B3A4F5E6');
  });

  it("is a mixed list when an incident belongs to another customer than the viewed one (root's view)", () => {
    expect(isMixedIncidentList(every, SCOPE)).toBe(false);
    expect(isMixedIncidentList([...every, incident({ scopeId: 'other' })], SCOPE)).toBe(true);
  });
});

describe('a firing waiting in a digest', () => {
  beforeAll(() => initI18n('en', ['alerts']));
  afterAll(() => changeLanguage('en'));

  const due = new Date(2026, 11, 7, 15, 14, 5).getTime();
  const notification = (overrides: Partial<AlertNotification> = {}): AlertNotification => ({
    event: 'digest',
    channel: 'email',
    recipient: 'ops@example.com',
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt: due - 9 * 60_000,
    sentAt: null,
    dueAt: due,
    ...overrides,
  });

  it('is "In the digest due at {time}" in English and German', async () => {
    const text = digestDueText(notification(), formatTime);
    expect(text).toBe('In the digest due at 3:14:05 pm');
    expect(messageText(text!)).toBe('In the digest due at 3:14:05 pm');
    await changeLanguage('de');
    const german = digestDueText(notification(), formatTime);
    expect(messageText(german!)).toBe('In der Sammelmeldung, fällig um 15:14:05');
    await changeLanguage('en');
  });

  it('is nothing for the sent digest that replaces it, nor for any other notification', () => {
    const sent = notification({ status: 'sent', attempts: 1, sentAt: due + 1000 });
    delete sent.dueAt;
    expect(digestDueText(sent, formatTime)).toBeNull();
    const { dueAt: _, ...fired } = notification({ event: 'fired' });
    expect(digestDueText(fired, formatTime)).toBeNull();
    expect(digestDueText(notification({ event: 'fired' }), formatTime)).toBeNull();
    expect(digestDueText(notification({ status: 'failed' }), formatTime)).toBeNull();
  });
});
