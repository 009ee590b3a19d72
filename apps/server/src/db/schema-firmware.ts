import type { ColumnType, Generated } from 'kysely';

// The firmware tables (migrations/0017_firmware.ts), combined into `Database` in schema.ts.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Numeric = ColumnType<string, string | number, string | number>;

export interface FirmwareFilesTable {
  id: Generated<string>;
  kind: string;
  type: string;
  name: string;
  file_name: string;
  version: string;
  version_order: Numeric;
  description: Generated<string>;
  size: ColumnType<string | number, number, number>;
  sha256: string;
  storage_key: string;
  uploaded_by: string | null;
  created_at: CreatedAt;
}

export interface FirmwareAssignmentsTable {
  tenant_id: string;
  file_id: string;
  kind: string;
  applied_by: string | null;
  applied_at: CreatedAt;
}

export interface FirmwareLatestTable {
  tenant_id: string;
  kind: string;
  version: string;
  version_order: Numeric;
  file_id: string;
  applied_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface FirmwareRolloutsTable {
  id: Generated<string>;
  tenant_id: string;
  kind: string;
  file_id: string | null;
  version: string;
  status: Generated<'running' | 'paused' | 'cancelled' | 'completed'>;
  pause_reason: string | null;
  settings: ColumnType<Record<string, unknown>, string, string>;
  current_wave: Generated<number>;
  /** Failures of the current wave an operator accepted by resuming: the threshold counts those after. */
  failures_acknowledged: Generated<number>;
  wave_started_at: Date | null;
  next_start_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface FirmwareRolloutTargetsTable {
  rollout_id: string;
  gateway_mac: string;
  wave: number;
  state: Generated<string>;
  uid: string;
  from_version: string | null;
  reported_version: string | null;
  reason: string | null;
  notified_at: Date | null;
  download_expires_at: Date | null;
  progress_at: Date | null;
  booted_at: Date | null;
  verified_at: Date | null;
}

export interface FirmwareMaintenanceWindowsTable {
  tenant_id: string;
  time_zone: string;
  days: number[];
  start_minute: number;
  end_minute: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface FirmwareTables {
  firmware_maintenance_windows: FirmwareMaintenanceWindowsTable;
  firmware_files: FirmwareFilesTable;
  firmware_assignments: FirmwareAssignmentsTable;
  firmware_latest: FirmwareLatestTable;
  firmware_rollouts: FirmwareRolloutsTable;
  firmware_rollout_targets: FirmwareRolloutTargetsTable;
}
