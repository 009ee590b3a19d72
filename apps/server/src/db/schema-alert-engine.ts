import type { ColumnType, Generated } from 'kysely';

// The alert engine's tables (migrations/0023_alert_engine.ts, 0030_alert_camera_states.ts), combined into `Database` in schema.ts.

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
}

/** One notification of an incident; its delivery (attempts, sent, error) is its outbox row. */
export interface AlertNotificationsTable {
  id: Generated<string>;
  incident_id: string;
  tenant_id: string;
  event: 'fired' | 'resolved' | 'repeat';
  channel: 'email' | 'sms';
  recipient: string;
  /** bigint: read as a string, as outbox.id. */
  outbox_id: ColumnType<string, string | number | bigint, string>;
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
}
