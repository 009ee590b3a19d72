import { type AlertHook, DAY_MS, LOCK_ALERT_TYPE_NAMES, type LockAlertType } from '@portal/contract';
import type { AlertRow, AlertsRepository, ReceiverRow, RoutingRow } from './alerts.repository.ts';

/** One who receives an alert, with its own subscription per channel (`phone`: the number SMS goes to). */
export interface AlertReceiver {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  email_on: boolean;
  sms_on: boolean;
}

/**
 * What happens to a rule's incidents beyond its receivers (PUT /api/alert-rules/{id}/routing): a reminder every
 * `reminderMinutes` while firing and unacknowledged, an escalation by e-mail to `escalationReceivers` after
 * `escalationMinutes` unacknowledged, and hooks told of every notification.
 */
export interface AlertRuleRouting {
  reminderMinutes: number | null;
  escalationMinutes: number | null;
  escalationReceivers: { userId: string; name: string; email: string }[];
  hooks: AlertHook[];
}

/** An alert definition as the alert engine reads it (modules/alert-engine). */
export interface AlertRule {
  id: string;
  tenantId: string;
  name: string;
  kind: 'sensor' | 'lock';
  /** The spec's type: HIGH_CPU ... CAMERA_MODULE_ALERT (SENSOR_ALERT_TYPE_INFO gives its telemetry key), BATTERY_LOW, UNLOCK, RFID. */
  type: string;
  thresholdType: 'HIGH' | 'LOW' | null;
  threshold: number | null;
  /** 0 for lock alerts. */
  waitingSeconds: number;
  /** Battery alerts: how often they repeat while the level stays low. */
  repeatIntervalDays: number | null;
  /** RFID alerts: the window in which one card opening more than `threshold` shared lockers fires. */
  scheduleDays: number | null;
  receivers: AlertReceiver[];
  emailAlert: boolean;
  smsAlert: boolean;
  /** Absent: no routing (no reminders, no escalation, no hooks). */
  routing?: AlertRuleRouting;
}

export interface AlertRulesReader {
  /** Every rule of these tenants. */
  rulesForTenants(tenantIds: readonly string[]): Promise<AlertRule[]>;
  /**
   * The rules that apply to the gateways of each of these tenants: its own and those of every customer above
   * it (a parent's rule reaches its sub-customers, as a parent's users reach them), keyed by tenant.
   */
  rulesReaching(tenantIds: readonly string[]): Promise<Map<string, AlertRule[]>>;
  /** Called after any create/update/delete, with the tenant whose rules changed. */
  onChanged(listener: (tenantId: string) => void): void;
}

const days = (ms: number | null) => (ms === null ? null : ms / DAY_MS);

export function toRule(row: AlertRow, receivers: ReceiverRow[], routing?: AlertRuleRouting): AlertRule {
  const mine = receivers
    .filter((receiver) => receiver.alert_id === row.id)
    .map((receiver) => ({
      userId: receiver.user_id,
      name: `${receiver.first_name} ${receiver.last_name}`.trim(),
      email: receiver.email,
      phone: receiver.phone,
      email_on: receiver.email_on,
      sms_on: receiver.sms_on && receiver.phone !== null,
    }));
  const lock = row.kind === 'lock';
  let thresholdType: AlertRule['thresholdType'] = null;
  if (row.threshold_type) thresholdType = row.threshold_type === 'less_than' ? 'LOW' : 'HIGH';
  else if (row.alert_type === 'BATTERY_LOW') thresholdType = 'LOW';
  else if (row.alert_type === 'RFID') thresholdType = 'HIGH';
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.alert_name ?? LOCK_ALERT_TYPE_NAMES[row.alert_type as LockAlertType] ?? row.alert_type,
    kind: row.kind,
    type: row.alert_type,
    thresholdType,
    threshold: row.threshold,
    waitingSeconds: lock ? 0 : row.waiting_time,
    repeatIntervalDays: days(row.interval_ms),
    scheduleDays: days(row.rfid_schedule_ms),
    receivers: mine,
    emailAlert: mine.some((receiver) => receiver.email_on),
    smsAlert: mine.some((receiver) => receiver.sms_on),
    ...(routing ? { routing } : {}),
  };
}

/** A routing row as the engine and the routing calls read it; receivers no longer users are left out. */
export function toRouting(
  row: RoutingRow | undefined,
  users: ReadonlyMap<string, { email: string; first_name: string; last_name: string }>,
): AlertRuleRouting {
  return {
    reminderMinutes: row?.reminder_minutes ?? null,
    escalationMinutes: row?.escalation_minutes ?? null,
    escalationReceivers: (row?.escalation_receivers ?? []).flatMap((userId) => {
      const user = users.get(userId);
      return user ? [{ userId, name: `${user.first_name} ${user.last_name}`.trim(), email: user.email }] : [];
    }),
    hooks: row?.hook_secrets ?? [],
  };
}

/** The rules reader the engine is given; listeners hear of every change after it is committed. */
export class AlertRules implements AlertRulesReader {
  private readonly listeners: Array<(tenantId: string) => void> = [];
  constructor(private readonly repo: AlertsRepository) {}

  async rulesForTenants(tenantIds: readonly string[]): Promise<AlertRule[]> {
    const rows = await this.repo.list(tenantIds);
    const receivers = await this.repo.receivers(rows.map((row) => row.id));
    const routings = await this.repo.routings(rows.map((row) => row.id));
    const users = await this.repo.usersById(routings.flatMap((row) => row.escalation_receivers));
    const byAlert = new Map(routings.map((row) => [row.alert_id, row]));
    return rows.map((row) => {
      const routing = byAlert.get(row.id);
      return toRule(row, receivers, routing ? toRouting(routing, users) : undefined);
    });
  }

  async rulesReaching(tenantIds: readonly string[]): Promise<Map<string, AlertRule[]>> {
    const ancestors = await this.repo.ancestorsOf(tenantIds);
    const chains = new Map(tenantIds.map((id) => [id, [...(ancestors.get(id) ?? []), id]]));
    const rules = await this.rulesForTenants([...new Set([...chains.values()].flat())]);
    return new Map(
      [...chains].map(([id, chain]) => [id, rules.filter((rule) => chain.includes(rule.tenantId))]),
    );
  }

  onChanged(listener: (tenantId: string) => void): void {
    this.listeners.push(listener);
  }

  /** Tells every listener; one that throws does not stop the others. */
  changed(tenantId: string): void {
    for (const listener of this.listeners) {
      try {
        listener(tenantId);
      } catch {
        // A listener's failure is its own; the change is committed.
      }
    }
  }
}
