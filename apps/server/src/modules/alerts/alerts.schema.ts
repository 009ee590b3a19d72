import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Alert definitions (migrations/0016_alerts.ts, 0034): lock and sensor/system alerts in one table. */
export interface AlertsTable {
  id: Generated<string>;
  tenant_id: string;
  kind: 'lock' | 'sensor';
  alert_type: string;
  alert_name: string | null;
  threshold_type: 'greater_than' | 'less_than' | null;
  threshold: number | null;
  waiting_time: Generated<number>;
  battery_level: number | null;
  interval_ms: number | null;
  rfid_schedule_ms: number | null;
  next_rfid_schedule_at: Date | null;
  /**
   * One per type (Unlock, RFID; sensor types outside the support tenant): per tenant, or per owner where there
   * is one (migrations/0034_alert_owner.ts).
   */
  unique_type: boolean;
  created_by: string | null;
  /** The free-tier user whose own alert this is (members of that scope are strangers); null elsewhere. */
  owner_id: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** Who an alert reaches, and by which channel (their own subscription per channel). */
export interface AlertReceiversTable {
  alert_id: string;
  user_id: string;
  email_on: boolean;
  sms_on: boolean;
  /** The number given for this alert (the subscription dialog); null: the user's profile number. */
  phone_number: string | null;
  country_short_code: string | null;
}

/** What happens to a rule's incidents beyond its receivers (migration 0039; docs/alert-engine.md). */
export interface AlertRoutingTable {
  alert_id: string;
  tenant_id: string;
  reminder_minutes: number | null;
  escalation_minutes: number | null;
  /** Portal user ids told when the escalation fires. */
  escalation_receivers: string[];
  /** Each hook's format and host only: what the audit log shows of a change (an address is a secret). */
  hooks: ColumnType<{ format: 'webhook' | 'slack' | 'teams'; host: string }[], string, string>;
  /** The hooks with their full addresses, in the same order (the audit trigger redacts it by its name). */
  hook_secrets: ColumnType<{ format: 'webhook' | 'slack' | 'teams'; url: string }[], string, string>;
  updated_at: Generated<Date>;
}

export interface AlertTables {
  alerts: AlertsTable;
  alert_receivers: AlertReceiversTable;
  alert_routing: AlertRoutingTable;
}

/** The portal's database as this module sees it: its own tables beside the shared ones. */
export type AlertsDatabase = Database & AlertTables;
export const alertsDb = (db: Kysely<Database>) => db as unknown as Kysely<AlertsDatabase>;
