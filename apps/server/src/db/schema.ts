import type { Language } from '@portal/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Metric } from './metrics.ts';
import type { AlertEngineTables } from './schema-alert-engine.ts';
import type { ApiKeyTables } from './schema-api-keys.ts';
import type { AuditTables } from './schema-audit.ts';
import type { FirmwareTables } from './schema-firmware.ts';
import type { LockTables } from './schema-locks.ts';
import type { QuotaTables } from './schema-quotas.ts';
import type { WebhookTables } from './schema-webhooks.ts';

export type { LockTables, LockUsersTable } from './schema-locks.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

import type { TenantKind } from '@portal/contract';

export type { TenantKind };

export interface TenantsTable {
  id: Generated<string>;
  name: string;
  customer_id: string;
  kind: TenantKind;
  parent_id: string | null;
  /** Ids from the top of the tree down to the parent. */
  ancestors: ColumnType<string[], string[] | undefined, string[]>;
  email_domain: string | null;
  primary_theme_color: string;
  secondary_theme_color: string;
  logo_url: string | null;
  fav_icon_url: string | null;
  status: Generated<'Active' | 'DELETE_PENDING'>;
  created_at: CreatedAt;
  /** The customer's Dashboard: 'fleet' or the demo 'pump' screen (migrations/0031_dashboard_variant.ts). */
  dashboard_variant: Generated<'fleet' | 'pump'>;
}

export interface UsersTable {
  id: Generated<string>;
  tenant_id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  permissions: ColumnType<string[], string[], string[]>;
  is_root: Generated<boolean>;
  owner: Generated<boolean>;
  two_factor_enabled: Generated<boolean>;
  social_login: Generated<boolean>;
  created_at: CreatedAt;
  phone_number: Generated<string>;
  country_short_code: Generated<string>;
  status: Generated<string>;
  /** Base32 TOTP secret once 2FA is on; the pending one waits for the setup code. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  /** Last accepted TOTP time step: a code is accepted once. */
  totp_last_step: ColumnType<number | null, number | null, number | null>;
  /** The identity provider's subject of a social-login user. */
  social_subject: string | null;
  /** The user's chosen language (docs/i18n.md); null: none chosen. */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
}

export interface TrustedDevicesTable {
  user_id: string;
  fingerprint_hash: string;
  expires_at: Timestamp;
}

export interface LoginChallengesTable {
  key_hash: string;
  user_id: string;
  fingerprint_hash: string | null;
  expires_at: Timestamp;
}

export type LinkPurpose = 'resetPassword' | 'activation' | 'lockUserReset';

export interface OneTimeLinksTable {
  token_hash: string;
  purpose: LinkPurpose;
  user_id: string | null;
  /** What the link is for when it is not a portal user (a lock user's id). */
  subject_id: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface AuthThrottleTable {
  key: string;
  /** Attempts reserved in the window (a success gives them back). */
  attempts: number;
  window_start: Timestamp;
  locked_until: Date | null;
}

export interface AuthAddressFailuresTable {
  address: string;
  /** The e-mail typed, whether or not such an account exists. */
  account: string;
  failed_at: Date;
}

export interface AuthAddressTurnsTable {
  address: string;
  next_turn: Date;
}

export interface ActivitiesTable {
  id: Generated<string>;
  tenant_id: string | null;
  user_id: string | null;
  email: string;
  kind: string;
  subject: string | null;
  provided_key: string | null;
  at: ColumnType<Date, Date | string | undefined, never>;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** The HTML part, for mail made from a template (null: text only). */
  html: Generated<string | null>;
  created_at: CreatedAt;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: Date | null;
  last_error: string | null;
}

export interface OidcRequestsTable {
  state_hash: string;
  mode: 'signIn' | 'signUp';
  nonce: string;
  code_verifier: string;
  browser_hash: string;
  expires_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface MqttTokensTable {
  token_hash: string;
  user_id: string;
  session_id_hash: string;
  client_id: string;
  expires_at: Timestamp;
}

export interface GatewaysTable {
  id: Generated<string>;
  mac: string;
  name: string;
  tenant_id: string;
  credential_hash: string | null;
  registered: Generated<boolean>;
  connected: Generated<boolean>;
  last_online_at: Date | null;
  last_offline_at: Date | null;
  firmware: string | null;
  os_version: string | null;
  /** Last state message (device facts and live lock-engine state), as sent. */
  state: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  // Registry (migrations/0006_gateway_registry.ts): what registration records beside the device's state.
  manufacturer: string | null;
  app_version: number | null;
  /** Manufactured date (CRTD), 00:00 UTC of the day. */
  manufactured_at: Date | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** The address entered at registration (SRT, CTY, STATE, CNTRY, ZCODE, LAT, LNG). */
  address: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Whitelisted lock names sent to the gateway; whitelist_all = '*' (every lock, count -1). */
  whitelist: ColumnType<string[], string[] | undefined, string[]>;
  whitelist_all: Generated<boolean>;
  /** The last pump report (docs/mqtt.md 2.8) of a gateway with a pump; null for the others. */
  pump: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** Online/offline transitions: off 1 = an offline period begins, 0 = it ends (spec 001 'OFF flag'). */
export interface GatewayConnectionLogTable {
  mac: string;
  ti: number;
  off: number;
}

/** A sample (and a gateway's newest, `telemetry_latest`): a column per stored metric of the catalogue (metrics.ts). */
export type TelemetryTable = { mac: string; ti: number } & { [M in Metric]: number | null };

export interface GatewayEventsTable {
  mac: string;
  ti: number;
  kind: 'SE' | 'SA';
  items: ColumnType<unknown[], string, string>;
}

/** Per-minute / per-hour rollup of the telemetry (see migrations/0002_rollups.ts). */
export type TelemetryRollupTable = { mac: string; bucket: number } & {
  [M in Metric as `${M}_min` | `${M}_max`]: number | null;
} & { [M in Metric as `${M}_sum` | `${M}_n`]: number };

/** Requests to a gateway with a deadline (migrations/0008_instructions.ts). */
export interface InstructionsTable {
  id: Generated<string>;
  /** The 8-character request key the gateway answers with. */
  uid: string;
  mac: string;
  type: string;
  status: Generated<'PENDING' | 'SUCCESS' | 'FAILED' | 'ABORTED'>;
  /** What was sent to the gateway as `value`. */
  value: ColumnType<unknown, string | null | undefined, string | null>;
  /** The requester's details (lock name, lock MAC, time) shown in the pending list. */
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The gateway's answer (or the deadline's 'Timed-out'), as pushed to browsers. */
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: CreatedAt;
  deadline_at: Timestamp;
  finished_at: Date | null;
}

/** Device log files saved from LOGS answers. */
export interface DeviceLogsTable {
  id: Generated<string>;
  mac: string;
  uploaded_file_key: string;
  elk_status: Generated<string>;
  content_type: string;
  created_at: CreatedAt;
}

/** What the portal sent a gateway, for its activity feed (migrations/0007_gateway_commands.ts). */
export interface GatewayCommandLogTable {
  id: Generated<string>;
  mac: string;
  ti: number;
  /** A command (SCAN, RESET...) or WHITELIST, FORCE-PROBE, ONBOARDING-START, ONBOARDING-STOP. */
  action: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The e-mail of the user who sent it. */
  made_by: string | null;
}

/** The locks each gateway's last scan heard: [{ MAC, name?, RSSI }]. */
export interface GatewayScansTable {
  mac: string;
  ti: number;
  locks: ColumnType<unknown[], string, string>;
}

/** A hotspot change waiting for the gateway; ended by its state (HSIPRC 0) or its HOTSPOT instruction. */
export interface GatewayHotspotChangesTable {
  mac: string;
  tenant_id: string;
  target: number;
  requested_at: CreatedAt;
}

/** Every table: the lock tables come from schema-locks.ts. */
export interface Database
  extends LockTables,
    FirmwareTables,
    AlertEngineTables,
    AuditTables,
    ApiKeyTables,
    WebhookTables,
    QuotaTables {
  tenants: TenantsTable;
  users: UsersTable;
  sessions: SessionsTable;
  mqtt_tokens: MqttTokensTable;
  gateways: GatewaysTable;
  gateway_connection_log: GatewayConnectionLogTable;
  telemetry: TelemetryTable;
  /** Each gateway's newest sample (migrations/0024), kept with the samples. */
  telemetry_latest: TelemetryTable;
  gateway_events: GatewayEventsTable;
  gateway_command_log: GatewayCommandLogTable;
  gateway_scans: GatewayScansTable;
  gateway_hotspot_changes: GatewayHotspotChangesTable;
  instructions: InstructionsTable;
  device_logs: DeviceLogsTable;
  telemetry_1m: TelemetryRollupTable;
  telemetry_1h: TelemetryRollupTable;
  trusted_devices: TrustedDevicesTable;
  login_challenges: LoginChallengesTable;
  one_time_links: OneTimeLinksTable;
  auth_throttle: AuthThrottleTable;
  auth_address_failures: AuthAddressFailuresTable;
  auth_address_turns: AuthAddressTurnsTable;
  activities: ActivitiesTable;
  outbox: OutboxTable;
  oidc_requests: OidcRequestsTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Gateway = Selectable<GatewaysTable>;
export type GatewayUpdate = Updateable<GatewaysTable>;
export type TelemetryRow = Insertable<TelemetryTable>;
