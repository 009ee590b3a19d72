import type { ColumnType, Generated } from 'kysely';

// The alert engine's tables (migrations/0023_alert_engine.ts, 0030_alert_camera_states.ts, 0039_alert_lifecycle.ts), combined into `Database` in schema.ts.

export type AlertNotificationEvent = 'fired' | 'resolved' | 'repeat' | 'reminder' | 'escalation' | 'digest';
export type AlertNotificationChannel = 'email' | 'sms' | 'webhook' | 'slack' | 'teams';

type BigOrNull = ColumnType<number | null, number | bigint | null | undefined, number | bigint | null>;

export type IncidentState = 'pending' | 'firing' | 'resolved';
export type IncidentKind = 'sensor' | 'lock' | 'offline' | 'nodata';

/** One alert incident: pending, firing, resolved (docs/alert-engine.md). */
export interface AlertIncidentsTable {
  id: Generated<string>;
  tenant_id: string;
  /** The rule's id, or 'gateway-offline' / 'no-data' for the incidents no rule defines. */
  rule_id: string;
  /** The rule's own tenant (a parent customer's rule reaches its sub-customers' gateways); null: no rule. */
  rule_tenant_id: string | null;
  rule_name: string;
  kind: IncidentKind;
  alert_type: string;
  gateway_mac: string;
  /** The gateway (sensor, no-data, offline) or the lock (lock alerts) the incident is about. */
  subject: string;
  /** Telemetry key (CO2, CP...) of a sensor incident: the SA item's `sr`. */
  sensor: string | null;
  /** The SA item's alrt when firing: 0 low, 1 high. */
  level: number | null;
  state: IncidentState;
  value: number | null;
  threshold: number | null;
  recovery_ms: ColumnType<number, number | bigint | undefined, number | bigint>;
  repeat_ms: BigOrNull;
  started_at: Date;
  fire_at: Date;
  fired_at: Date | null;
  clear_at: Date | null;
  resolved_at: Date | null;
  next_repeat_at: Date | null;
  suppressed_count: Generated<number>;
  /** The lock's name of a lock incident (migration 0039), what notifications say instead of its MAC. */
  subject_name: string | null;
  acknowledged_at: Date | null;
  /** The portal user who acknowledged it, and the name it had then. */
  acknowledged_by: string | null;
  acknowledged_by_name: string | null;
  /** The rule's reminder interval when the incident opened; the next reminder while firing, unacknowledged. */
  reminder_ms: BigOrNull;
  next_reminder_at: Date | null;
  /** The rule's escalation time when the incident opened; when it escalates; when it did (once). */
  escalation_ms: BigOrNull;
  escalate_at: Date | null;
  escalated_at: Date | null;
}

/** One acknowledgement, written by the acknowledging statement (audited; migration 0039). */
export interface AlertAcknowledgementsTable {
  incident_id: string;
  tenant_id: string;
  user_id: string | null;
  rule_name: string;
  acknowledged_at: Date;
}

/** A rule's digest window for one recipient (docs/alert-engine.md, Digest): events gathered until closes_at. */
export interface AlertDigestsTable {
  rule_id: string;
  channel: string;
  recipient: string;
  tenant_id: string;
  closes_at: Date;
  items: ColumnType<DigestItem[], string | undefined, string>;
}

/** One event gathered in a digest window. */
export interface DigestItem {
  incidentId: string;
  ruleName: string;
  at: number;
  subject: string;
  /** The gateway as the notification names it. */
  where: string;
  text: string;
}

/** One notification of an incident; its delivery (attempts, sent, error) is its outbox row. */
export interface AlertNotificationsTable {
  id: Generated<string>;
  incident_id: string;
  tenant_id: string;
  event: AlertNotificationEvent;
  channel: AlertNotificationChannel;
  recipient: string;
  /** bigint: read as a string, as outbox.id; null for a hook's post, which keeps its own delivery below. */
  outbox_id: ColumnType<string | null, string | number | bigint | null | undefined, string | null>;
  hook_url: string | null;
  payload: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  response_status: number | null;
  sent_at: Date | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/**
 * The camera module presence each gateway last reported (migrations/0030_alert_camera_states.ts): `removed`
 * while a camera it had (CMS 1) is missing (CMS 0 since).
 */
export interface AlertCameraStatesTable {
  gateway_mac: string;
  cms: number;
  removed: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface AlertEngineTables {
  alert_incidents: AlertIncidentsTable;
  alert_notifications: AlertNotificationsTable;
  alert_camera_states: AlertCameraStatesTable;
  alert_acknowledgements: AlertAcknowledgementsTable;
  alert_digests: AlertDigestsTable;
}
