import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Metric } from '../modules/telemetry/metrics.ts';

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
}

/** Online/offline transitions: off 1 = an offline period begins, 0 = it ends (spec 001 'OFF flag'). */
export interface GatewayConnectionLogTable {
  mac: string;
  ti: number;
  off: number;
}

export interface TelemetryTable {
  mac: string;
  ti: number;
  co2: number | null;
  temp: number | null;
  nh3: number | null;
  no2: number | null;
  co: number | null;
  rstc: number | null;
  tvoc: number | null;
  cp: number | null;
  mm: number | null;
}

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

export interface Database {
  tenants: TenantsTable;
  users: UsersTable;
  sessions: SessionsTable;
  mqtt_tokens: MqttTokensTable;
  gateways: GatewaysTable;
  gateway_connection_log: GatewayConnectionLogTable;
  telemetry: TelemetryTable;
  gateway_events: GatewayEventsTable;
  telemetry_1m: TelemetryRollupTable;
  telemetry_1h: TelemetryRollupTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Gateway = Selectable<GatewaysTable>;
export type GatewayUpdate = Updateable<GatewaysTable>;
export type TelemetryRow = Insertable<TelemetryTable>;
