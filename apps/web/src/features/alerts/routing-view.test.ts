import {
  ALERT_HOOKS_MAX,
  type AlertRouting,
  alertRoutingMessages,
  ESCALATION_MINUTES,
  REMINDER_MINUTES,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  canAddHook,
  hasRoutingErrors,
  type RoutingForm,
  routingBodyFrom,
  routingFormErrors,
  routingFormFrom,
} from './routing-view.ts';

const USER = '0b8f6a4e-5c1d-4e2f-9a3b-7c6d5e4f3a2b';
const off = routingFormFrom(undefined);
const form = (patch: Partial<RoutingForm>): RoutingForm => ({ ...off, ...patch });

describe('routing form', () => {
  it('starts with everything off and sends nulls and empty lists', () => {
    expect(off.reminderOn).toBe(false);
    expect(off.escalationOn).toBe(false);
    expect(routingBodyFrom(off)).toEqual({
      reminderMinutes: null,
      escalationMinutes: null,
      escalationReceivers: [],
      hooks: [],
    });
    expect(hasRoutingErrors(routingFormErrors(off))).toBe(false);
  });

  it("takes a rule's saved routing", () => {
    const saved: AlertRouting = {
      ruleId: 'rule-1',
      reminderMinutes: 15,
      escalationMinutes: 45,
      escalationReceivers: [{ userId: USER, name: 'Olga Ops', email: 'olga@example.com' }],
      hooks: [{ format: 'slack', url: 'https://hooks.slack.example/T1' }],
    };
    const loaded = routingFormFrom(saved);
    expect(loaded).toMatchObject({
      reminderOn: true,
      reminderMinutes: '15',
      escalationOn: true,
      escalationMinutes: '45',
      receiverIds: [USER],
    });
    expect(routingBodyFrom(loaded)).toEqual({
      reminderMinutes: 15,
      escalationMinutes: 45,
      escalationReceivers: [USER],
      hooks: [{ format: 'slack', url: 'https://hooks.slack.example/T1' }],
    });
  });

  it('checks the reminder at both bounds with the contract text', () => {
    const error = (text: string) =>
      routingFormErrors(form({ reminderOn: true, reminderMinutes: text })).fields;
    expect(error(String(REMINDER_MINUTES.min)).reminderMinutes).toBeUndefined();
    expect(error(String(REMINDER_MINUTES.max)).reminderMinutes).toBeUndefined();
    for (const bad of [String(REMINDER_MINUTES.min - 1), String(REMINDER_MINUTES.max + 1), '', '7.5', 'x'])
      expect(error(bad).reminderMinutes).toBe(alertRoutingMessages.reminderInvalid);
  });

  it('checks the escalation at both bounds and asks for a receiver', () => {
    const errors = (minutes: string, receiverIds: string[] = [USER]) =>
      routingFormErrors(form({ escalationOn: true, escalationMinutes: minutes, receiverIds })).fields;
    expect(errors(String(ESCALATION_MINUTES.min))).toEqual({});
    expect(errors(String(ESCALATION_MINUTES.max))).toEqual({});
    expect(errors(String(ESCALATION_MINUTES.min - 1)).escalationMinutes).toBe(
      alertRoutingMessages.escalationInvalid,
    );
    expect(errors(String(ESCALATION_MINUTES.max + 1)).escalationMinutes).toBe(
      alertRoutingMessages.escalationInvalid,
    );
    expect(errors('30', []).escalationReceivers).toBe(alertRoutingMessages.escalationReceiversRequired);
  });

  it('forgets the receivers when the escalation is off', () => {
    expect(routingBodyFrom(form({ escalationOn: false, receiverIds: [USER] })).escalationReceivers).toEqual(
      [],
    );
  });

  it("checks each hook's address and allows at most the contract's number", () => {
    const hooks = [
      { format: 'webhook' as const, url: 'https://ops.example/hook' },
      { format: 'teams' as const, url: 'ftp://ops.example/hook' },
      { format: 'slack' as const, url: '' },
    ];
    const errors = routingFormErrors(form({ hooks }));
    expect(errors.hookUrls).toEqual({
      1: alertRoutingMessages.hookUrlInvalid,
      2: alertRoutingMessages.hookUrlInvalid,
    });
    const full = Array.from({ length: ALERT_HOOKS_MAX }, (_v, i) => ({
      format: 'webhook' as const,
      url: `https://ops.example/${i}`,
    }));
    expect(canAddHook(form({ hooks: full.slice(1) }))).toBe(true);
    expect(canAddHook(form({ hooks: full }))).toBe(false);
    expect(hasRoutingErrors(routingFormErrors(form({ hooks: full })))).toBe(false);
    const tooMany = [...full, { format: 'webhook' as const, url: 'https://ops.example/6' }];
    expect(routingFormErrors(form({ hooks: tooMany })).fields.hooks).toBe(alertRoutingMessages.hooksTooMany);
  });

  it('trims a hook address before sending it', () => {
    const body = routingBodyFrom(form({ hooks: [{ format: 'teams', url: '  https://ops.example/t  ' }] }));
    expect(body.hooks).toEqual([{ format: 'teams', url: 'https://ops.example/t' }]);
  });

  it("shows a reader's masked addresses (scheme and host, the server's form) without a complaint", () => {
    const masked: AlertRouting = {
      ruleId: 'rule-1',
      reminderMinutes: null,
      escalationMinutes: null,
      escalationReceivers: [],
      hooks: [
        { format: 'slack', url: 'https://hooks.slack.com/…' },
        { format: 'teams', url: 'https://acme.webhook.office.com/…' },
        { format: 'webhook', url: 'http://[::1]:9/…' },
      ],
    };
    const shown = routingFormFrom(masked);
    expect(shown.hooks.map((hook) => hook.url)).toEqual(masked.hooks.map((hook) => hook.url));
    expect(hasRoutingErrors(routingFormErrors(shown))).toBe(false);
  });
});
