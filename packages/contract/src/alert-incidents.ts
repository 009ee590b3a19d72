import { z } from 'zod';

/**
 * What the alert engine makes of the rules (docs/alert-engine.md): incidents, pending while their waiting
 * time runs, firing, then resolved, and the notifications each sent. Read by GET /api/alert-incidents and
 * pushed on the tenant's alerts channel (`portal/{scopeId}/alerts`, type 'incident').
 */
export const INCIDENT_KINDS = ['sensor', 'lock', 'offline', 'nodata'] as const;
export const INCIDENT_STATES = ['pending', 'firing', 'resolved'] as const;

export const alertIncident = z.object({
  id: z.string(),
  scopeId: z.string(),
  /** The rule's id; 'gateway-offline' and 'no-data' for the incidents the portal raises on its own. */
  ruleId: z.string(),
  ruleName: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  alertType: z.string(),
  gatewayMac: z.string(),
  /** The gateway, or the lock of a lock alert. */
  subject: z.string(),
  sensor: z.string().nullable(),
  state: z.enum(INCIDENT_STATES),
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  startedAt: z.number(),
  firedAt: z.number().nullable(),
  resolvedAt: z.number().nullable(),
  /** A gateway-offline incident: alerts of its sensors and locks not raised while it was down. */
  suppressedCount: z.number().int(),
  /** The lock's name for a lock alert (what notifications say instead of its MAC), else null. */
  subjectName: z.string().nullable(),
  /** Acknowledged while firing: reminders stop and no escalation follows (issue 31). */
  acknowledgedAt: z.number().nullable(),
  /** The name of the portal user who acknowledged it. */
  acknowledgedBy: z.string().nullable(),
  /** When its escalation receivers were told (at most once per incident). */
  escalatedAt: z.number().nullable(),
});
export type AlertIncident = z.infer<typeof alertIncident>;

export const alertIncidentsQuery = z.object({
  scopeId: z.string().uuid(),
  /** open: pending and firing; all: the newest 200 whatever their state. */
  state: z.enum(['open', 'all']).default('all'),
});

export const alertIncidentsList = z.object({ incidents: z.array(alertIncident) });

export const alertIncidentParams = z.object({ id: z.string().uuid() });

/** POST /api/alert-incidents/{id}/acknowledge (ALERTS_WRITE): a firing incident, once; returns it. */
export const incidentAcknowledgeMessages = {
  acknowledged: 'Incident acknowledged',
  notFiring: 'Only a firing incident can be acknowledged.',
  already: 'This incident was already acknowledged.',
} as const;
export const alertIncidentAcknowledged = z.object({ incident: alertIncident, message: z.string() });

/** What an incident's notification was about: 'digest' groups events of one rule in its digest window. */
export const ALERT_NOTIFICATION_EVENTS = [
  'fired',
  'resolved',
  'repeat',
  'reminder',
  'escalation',
  'digest',
] as const;
/** Where a notification went: the spec's e-mail and SMS, and the rule's hooks (alert routing). */
export const ALERT_NOTIFICATION_CHANNELS = ['email', 'sms', 'webhook', 'slack', 'teams'] as const;

/** One notification of an incident and where its delivery stands (its outbox row). */
export const alertNotification = z.object({
  event: z.enum(ALERT_NOTIFICATION_EVENTS),
  channel: z.enum(ALERT_NOTIFICATION_CHANNELS),
  recipient: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  /**
   * A firing gathered into a digest window not yet sent ('digest', 'pending', createdAt when it was gathered):
   * when the window closes and the digest goes out. Absent on every other notification.
   */
  dueAt: z.number().optional(),
});
export type AlertNotification = z.infer<typeof alertNotification>;

/** How the Incidents screen tells of a firing waiting in a digest (the time as the user's locale shows it). */
export const alertNotificationMessages = {
  inDigest: (time: string) => `In the digest due at ${time}`,
} as const;

export const alertNotificationsList = z.object({ notifications: z.array(alertNotification) });

/** `portal/{scopeId}/alerts`: an incident fired, resolved, was acknowledged, escalated or notified again. */
export const alertIncidentLiveMessage = z.object({
  type: z.literal('incident'),
  event: z.enum(['fired', 'resolved', 'repeat', 'acknowledged', 'reminder', 'escalated']),
  incident: alertIncident,
});
export type AlertIncidentLiveMessage = z.infer<typeof alertIncidentLiveMessage>;

// ---------------------------------------------------------------- routing of a rule's incidents (issue 31)

/** The incoming-webhook formats an alert rule can post to besides e-mail and SMS. */
export const ALERT_HOOK_FORMATS = ['webhook', 'slack', 'teams'] as const;
export type AlertHookFormat = (typeof ALERT_HOOK_FORMATS)[number];
export const ALERT_HOOKS_MAX = 5;
export const REMINDER_MINUTES = { min: 5, max: 1440 } as const;
export const ESCALATION_MINUTES = { min: 1, max: 10_080 } as const;

export const alertRoutingMessages = {
  reminderInvalid: `Reminder interval should be in between ${REMINDER_MINUTES.min} and ${REMINDER_MINUTES.max} minutes`,
  escalationInvalid: `Escalation time should be in between ${ESCALATION_MINUTES.min} and ${ESCALATION_MINUTES.max} minutes`,
  escalationReceiversRequired: 'Please select at least one escalation receiver.',
  hookUrlInvalid: 'Enter an https:// or http:// address.',
  hooksTooMany: `An alert can post to at most ${ALERT_HOOKS_MAX} hooks.`,
  saved: 'Alert routing saved',
} as const;

export const alertHook = z.object({
  format: z.enum(ALERT_HOOK_FORMATS),
  url: z
    .string()
    .max(2000)
    .url(alertRoutingMessages.hookUrlInvalid)
    .refine((url) => /^https?:\/\//i.test(url), alertRoutingMessages.hookUrlInvalid),
});
export type AlertHook = z.infer<typeof alertHook>;

/**
 * PUT /api/alert-rules/{id}/routing (ALERTS_WRITE), GET (ALERTS_READ): what happens to a rule's incidents
 * beyond the spec's receivers, for sensor/system and lock rules alike: a reminder while firing and not
 * acknowledged, an escalation to more receivers after so long unacknowledged (once), and hooks (webhook,
 * Slack, Teams) told of each notification. All off by default.
 */
export const alertRoutingBody = z
  .object({
    reminderMinutes: z
      .number({ message: alertRoutingMessages.reminderInvalid })
      .int(alertRoutingMessages.reminderInvalid)
      .min(REMINDER_MINUTES.min, alertRoutingMessages.reminderInvalid)
      .max(REMINDER_MINUTES.max, alertRoutingMessages.reminderInvalid)
      .nullable(),
    escalationMinutes: z
      .number({ message: alertRoutingMessages.escalationInvalid })
      .int(alertRoutingMessages.escalationInvalid)
      .min(ESCALATION_MINUTES.min, alertRoutingMessages.escalationInvalid)
      .max(ESCALATION_MINUTES.max, alertRoutingMessages.escalationInvalid)
      .nullable(),
    /** Portal user ids of the rule's customer, told by e-mail when the escalation fires. */
    escalationReceivers: z.array(z.string().uuid()).max(50).default([]),
    hooks: z.array(alertHook).max(ALERT_HOOKS_MAX, alertRoutingMessages.hooksTooMany).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.escalationMinutes != null && body.escalationReceivers.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['escalationReceivers'],
        message: alertRoutingMessages.escalationReceiversRequired,
      });
  });
export type AlertRoutingBody = z.input<typeof alertRoutingBody>;

export const alertRouting = z.object({
  ruleId: z.string(),
  reminderMinutes: z.number().nullable(),
  escalationMinutes: z.number().nullable(),
  escalationReceivers: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
  hooks: z.array(alertHook),
});
export type AlertRouting = z.infer<typeof alertRouting>;
export const alertRuleIdParams = z.object({ id: z.string().max(100) });
