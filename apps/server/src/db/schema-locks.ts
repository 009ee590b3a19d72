import type { ColumnType, Generated } from 'kysely';

// The lock tables (migrations/0012_locks.ts onwards), combined into `Database` in schema.ts.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Locks behind each gateway, as the gateways report them (migrations/0012_locks.ts, docs/locks.md). */
export interface LocksTable {
  id: Generated<string>;
  /** The gateway's customer (no foreign key: reads require the gateway's tenant to be the same). */
  tenant_id: string;
  gateway_mac: string;
  mac: string;
  name: string | null;
  type: string | null;
  battery_level: number | null;
  firmware_version: string | null;
  serial_number: string | null;
  status: 'LOCKED' | 'UNLOCKED' | null;
  mode: 'shared' | 'residential' | null;
  requested_mode: 'shared' | 'residential' | null;
  in_use: boolean | null;
  rssi: number | null;
  reachable: Generated<boolean>;
  last_accessed_at: Date | null;
  time_zone: string | null;
  /** TI of the newest report that set the fields; of the newest full inventory holding the lock. */
  reported_ti: ColumnType<number, number | bigint, number | bigint>;
  inventory_ti: ColumnType<number | null, number | bigint | null | undefined, number | bigint | null>;
  removed_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** People who open locks (not portal users). */
export interface LockUsersTable {
  id: Generated<string>;
  tenant_id: string;
  first_name: string;
  last_name: string;
  email: string;
  email_hash: string;
  division: string | null;
  employee_id: string | null;
  mobile_no: string | null;
  card_csn: string | null;
  status: Generated<'ACTIVE' | 'INACTIVE'>;
  passcode: string | null;
  role: Generated<'USER' | 'ADMIN'>;
  password_hash: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  deleted_at: Date | null;
}

export type LockAccessState = 'pending' | 'sent' | 'confirmed' | 'failed';

/** A user's access to a lock and where its credential is (the delivery ledger). */
export interface LockUserAccessTable {
  id: Generated<string>;
  user_id: string;
  lock_id: string;
  passcode: string | null;
  card_csn: string | null;
  role: Generated<'USER' | 'ADMIN'>;
  schedule: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  state: Generated<LockAccessState>;
  reason: string | null;
  attempts: Generated<number>;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  instruction_uid: string | null;
  confirmed_at: Date | null;
  revoke_requested_at: Date | null;
  revoke_confirmed_at: Date | null;
  /** When the overdue-revocation warning was raised (pushed once). */
  revoke_warned_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One lock command in flight per gateway (the delivery ledger's worker, migration 0015). */
export interface LockCommandSlotsTable {
  gateway_mac: string;
  access_id: string;
  instruction_uid: string;
  claimed_at: Generated<Date>;
}

export interface PasscodeChangesTable {
  id: Generated<string>;
  user_id: string;
  lock_id: string | null;
  lock_mac: string;
  lock_name: string | null;
  lock_serial_number: string | null;
  old_passcode: string | null;
  new_passcode: string | null;
  passcode_type: string;
  changed_at: CreatedAt;
  /** The lock's history entry of a passcode changed at the keypad (migration 0027); null for the portal's. */
  lock_event_id: ColumnType<string | null, string | null | undefined, never>;
}

/** A lock's history, (lock_mac, event_id) once; kind PORTAL for the portal's own entries. */
export interface LockEventsTable {
  lock_mac: string;
  event_id: string;
  gateway_mac: string;
  ti: ColumnType<number, number | bigint, number | bigint>;
  kind: string;
  method: string | null;
  user_id: string | null;
  card_csn: string | null;
  passcode_slot: number | null;
  reason: string | null;
  alarm: string | null;
  battery_level: number | null;
  message: string | null;
  received_at: CreatedAt;
}

/** A LOCK_DEVICE_MODE instruction in flight: one of a gateway's 50 slots (migrations/0022_lock_remainders.ts). */
export interface LockModeSlotsTable {
  gateway_mac: string;
  slot: number;
  lock_id: string | null;
  instruction_uid: string;
  claimed_at: CreatedAt;
  /** Who holds the slot (migration 0027): a lock-mode, lock/unlock or ledger command. */
  kind: ColumnType<'mode' | 'toggle' | 'access', 'mode' | 'toggle' | 'access' | undefined, never>;
}

/** The lock tables by name; `Database` (schema.ts) extends it. */
export interface LockTables {
  locks: LocksTable;
  lock_users: LockUsersTable;
  lock_user_access: LockUserAccessTable;
  lock_command_slots: LockCommandSlotsTable;
  lock_mode_slots: LockModeSlotsTable;
  passcode_changes: PasscodeChangesTable;
  lock_events: LockEventsTable;
}
