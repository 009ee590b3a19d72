import {
  ALERT_HOOKS_MAX,
  type AlertHookFormat,
  type AlertRouting,
  type AlertRoutingBody,
  alertRoutingBody,
} from '@portal/contract';

/**
 * The 'Escalation & channels' form of a rule (docs/alerts.md 'Escalation and channels'): the numbers as typed,
 * each part switched off or on; the contract's alertRoutingBody says what is valid, as on the server.
 */
export interface RoutingForm {
  reminderOn: boolean;
  reminderMinutes: string;
  escalationOn: boolean;
  escalationMinutes: string;
  /** Portal user ids (GET /api/alert-receivers). */
  receiverIds: string[];
  hooks: { format: AlertHookFormat; url: string }[];
}

/** What the form offers when a part is switched on without a value yet. */
export const DEFAULT_REMINDER_MINUTES = 60;
export const DEFAULT_ESCALATION_MINUTES = 30;

export function routingFormFrom(routing: AlertRouting | undefined): RoutingForm {
  return {
    reminderOn: routing?.reminderMinutes != null,
    reminderMinutes: String(routing?.reminderMinutes ?? DEFAULT_REMINDER_MINUTES),
    escalationOn: routing?.escalationMinutes != null,
    escalationMinutes: String(routing?.escalationMinutes ?? DEFAULT_ESCALATION_MINUTES),
    receiverIds: routing?.escalationReceivers.map((receiver) => receiver.userId) ?? [],
    hooks: routing?.hooks.map((hook) => ({ ...hook })) ?? [],
  };
}

/** A whole number as typed, or NaN (which the contract's rule refuses with its message). */
const minutes = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export function routingBodyFrom(form: RoutingForm): AlertRoutingBody {
  return {
    reminderMinutes: form.reminderOn ? minutes(form.reminderMinutes) : null,
    escalationMinutes: form.escalationOn ? minutes(form.escalationMinutes) : null,
    // Receivers only go with an escalation: switching it off forgets them, as the server would not use them.
    escalationReceivers: form.escalationOn ? form.receiverIds : [],
    hooks: form.hooks.map((hook) => ({ format: hook.format, url: hook.url.trim() })),
  };
}

export type RoutingField = 'reminderMinutes' | 'escalationMinutes' | 'escalationReceivers' | 'hooks';

export interface RoutingErrors {
  fields: Partial<Record<RoutingField, string>>;
  /** Per hook row, its URL's problem. */
  hookUrls: Record<number, string>;
}

/** The form's problems in the contract's words (empty when the server would take the body). */
export function routingFormErrors(form: RoutingForm): RoutingErrors {
  const errors: RoutingErrors = { fields: {}, hookUrls: {} };
  const parsed = alertRoutingBody.safeParse(routingBodyFrom(form));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (field === 'hooks' && typeof index === 'number') errors.hookUrls[index] ??= issue.message;
    else if (
      field === 'reminderMinutes' ||
      field === 'escalationMinutes' ||
      field === 'escalationReceivers' ||
      field === 'hooks'
    )
      errors.fields[field] ??= issue.message;
  }
  return errors;
}

export const hasRoutingErrors = (errors: RoutingErrors) =>
  Object.keys(errors.fields).length > 0 || Object.keys(errors.hookUrls).length > 0;

/** Another hook row may be added while fewer than the contract's maximum are listed. */
export const canAddHook = (form: RoutingForm) => form.hooks.length < ALERT_HOOKS_MAX;
