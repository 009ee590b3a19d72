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
});
export type AlertIncident = z.infer<typeof alertIncident>;

export const alertIncidentsQuery = z.object({
  scopeId: z.string().uuid(),
  /** open: pending and firing; all: the newest 200 whatever their state. */
  state: z.enum(['open', 'all']).default('all'),
});

export const alertIncidentsList = z.object({ incidents: z.array(alertIncident) });

export const alertIncidentParams = z.object({ id: z.string().uuid() });

/** One notification of an incident and where its delivery stands (its outbox row). */
export const alertNotification = z.object({
  event: z.enum(['fired', 'resolved', 'repeat']),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
});
export type AlertNotification = z.infer<typeof alertNotification>;

export const alertNotificationsList = z.object({ notifications: z.array(alertNotification) });

/** `portal/{scopeId}/alerts`: an incident fired, resolved or was notified again. */
export const alertIncidentLiveMessage = z.object({
  type: z.literal('incident'),
  event: z.enum(['fired', 'resolved', 'repeat']),
  incident: alertIncident,
});
export type AlertIncidentLiveMessage = z.infer<typeof alertIncidentLiveMessage>;
