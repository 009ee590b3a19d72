import {
  type AlertsLiveMessage,
  alertMessages,
  duplicateAlertMessage,
  intervalProblem,
  LOCK_ALERT_TYPE_NAMES,
  type LockAlert,
  type LockAlertsList,
  type LockAlertType,
  live,
  type lockAlertBody,
  RFID_SCHEDULE_PRESETS,
  RFID_THRESHOLD,
  RFID_UPDATE_DAYS_MAX,
  type rfidAlertUpdateBody,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import { type AlertAccess, type AlertScope, ownerOf } from './alert-access.ts';
import {
  type AlertRow,
  type AlertsRepository,
  type AlertValues,
  type ReceiverInsert,
  type ReceiverRow,
  uniqueViolation,
} from './alerts.repository.ts';

type Body = z.output<typeof lockAlertBody>;
type RfidBody = z.output<typeof rfidAlertUpdateBody>;

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);
const duplicate = (type: LockAlertType) => invalid(duplicateAlertMessage(LOCK_ALERT_TYPE_NAMES[type]));

export function toLockAlert(row: AlertRow, receivers: ReceiverRow[]): LockAlert {
  const type = row.alert_type as LockAlertType;
  const mine = receivers.filter((receiver) => receiver.alert_id === row.id);
  const rfid = type === 'RFID';
  return {
    alertId: row.id,
    alertType: type,
    alertTypeName: LOCK_ALERT_TYPE_NAMES[type] ?? type,
    rfidAlertId: rfid ? row.id : null,
    scopeId: row.tenant_id,
    receivers: mine.map((receiver) => (type === 'BATTERY_LOW' ? receiver.user_id : receiver.email)),
    receiverUsers: mine.map((receiver) => ({
      userId: receiver.user_id,
      name: `${receiver.first_name} ${receiver.last_name}`.trim(),
      email: receiver.email,
    })),
    batteryLevel: row.battery_level,
    intervalTime: row.interval_ms === null ? null : String(row.interval_ms),
    nextRfidScheduleTime: row.next_rfid_schedule_at?.getTime() ?? null,
    rfidScheduleTime: row.rfid_schedule_ms === null ? null : String(row.rfid_schedule_ms),
    rfidThreshold: rfid ? RFID_THRESHOLD : null,
    threshold: row.threshold,
  };
}

/**
 * Lock alerts (spec 002 sections 3-8, docs/alerts.md): battery low (any number per tenant), unlock and
 * Multiple Shared Lockers Access (one each per tenant, per user in the free tier, decided by the unique index
 * in the INSERT).
 */
export class LockAlertsService {
  constructor(
    private readonly deps: {
      repo: AlertsRepository;
      access: AlertAccess;
      live: LivePublisher;
      changed: (tenantId: string) => void;
    },
  ) {}

  async list(principal: Principal, scopeId: string): Promise<LockAlertsList> {
    const scope = await this.deps.access.scope(principal, scopeId, 'read');
    const rows = await this.deps.repo.list(
      [scope.tenant.id],
      'lock',
      scope.generalUser ? principal.userId : undefined,
    );
    const receivers = await this.deps.repo.receivers(rows.map((row) => row.id));
    return { alerts: rows.map((row) => toLockAlert(row, receivers)), canWrite: scope.canWrite };
  }

  async create(principal: Principal, body: Body) {
    const scope = await this.deps.access.scope(principal, body.scopeId, 'write');
    const receivers = await this.receivers(principal, scope, body.alertType, body.receivers);
    const row = await this.deps.repo.insert(
      {
        ...this.values(body),
        tenant_id: scope.tenant.id,
        created_by: principal.userId,
        owner_id: ownerOf(principal, scope),
      },
      receivers,
    );
    if (!row) throw duplicate(body.alertType);
    return { alert: await this.announce(row, 'created'), message: alertMessages.created };
  }

  async update(principal: Principal, id: string, body: Body) {
    const { alert: before, scope } = await this.deps.access.alert(principal, id, 'lock', 'write');
    if (body.scopeId !== before.tenant_id) throw invalid('The alert belongs to another customer.');
    if (
      body.alertType === 'RFID' &&
      intervalProblem(String(body.rfidScheduleTime), RFID_SCHEDULE_PRESETS, RFID_UPDATE_DAYS_MAX)
    )
      throw invalid(alertMessages.rfidIntervalInvalid);
    const receivers = await this.receivers(principal, scope, body.alertType, body.receivers);
    return this.save(id, body.alertType, this.values(body), receivers);
  }

  async remove(principal: Principal, id: string) {
    await this.deps.access.alert(principal, id, 'lock', 'write');
    const row = await this.deps.repo.delete(id);
    if (!row) throw notFound('Alert');
    this.tell(row, 'deleted');
    return { alert: null, message: alertMessages.deleted };
  }

  /**
   * PUT /api/rfid-alert/update: the tenant's RFID alert (a free-tier user's own), receivers and schedule
   * (custom days 1 to 30).
   */
  async updateRfid(principal: Principal, body: RfidBody) {
    const scope = await this.deps.access.scope(principal, body.scopeId, 'write');
    const current = await this.deps.repo.findOfType(scope.tenant.id, 'RFID', ownerOf(principal, scope));
    if (!current || (body.rfidAlertId && body.rfidAlertId !== current.id)) throw notFound('Alert');
    const receivers = await this.receivers(principal, scope, 'RFID', body.receivers);
    const schedule = Number(body.rfidScheduleTime);
    return this.save(
      current.id,
      'RFID',
      { rfid_schedule_ms: schedule, next_rfid_schedule_at: new Date(Date.now() + schedule) },
      receivers,
    );
  }

  /** DELETE /api/rfid-delete-alert/delete?scopeId=: the tenant's RFID alert (a free-tier user's own). */
  async removeRfid(principal: Principal, scopeId: string) {
    const scope = await this.deps.access.scope(principal, scopeId, 'write');
    const current = await this.deps.repo.findOfType(scope.tenant.id, 'RFID', ownerOf(principal, scope));
    if (!current) throw notFound('Alert');
    return this.remove(principal, current.id);
  }

  private async save(
    id: string,
    type: LockAlertType,
    values: Partial<AlertValues>,
    receivers: ReceiverInsert[],
  ) {
    let row: AlertRow | null;
    try {
      row = await this.deps.repo.update(id, values, receivers);
    } catch (error) {
      if (uniqueViolation(error)) throw duplicate(type);
      throw error;
    }
    if (!row) throw notFound('Alert');
    return { alert: await this.announce(row, 'updated'), message: alertMessages.lockUpdated };
  }

  private values(body: Body) {
    const battery = body.alertType === 'BATTERY_LOW';
    const rfid = body.alertType === 'RFID';
    const schedule = rfid ? Number(body.rfidScheduleTime) : null;
    return {
      kind: 'lock' as const,
      alert_type: body.alertType,
      alert_name: null,
      waiting_time: 0,
      threshold_type: null,
      threshold: battery ? (body.batteryLevel ?? null) : rfid ? Number(RFID_THRESHOLD) : null,
      battery_level: battery ? (body.batteryLevel ?? null) : null,
      interval_ms: battery ? Number(body.intervalTime) : null,
      rfid_schedule_ms: schedule,
      next_rfid_schedule_at: schedule === null ? null : new Date(Date.now() + schedule),
      unique_type: !battery,
    };
  }

  /** Battery alerts name their receivers by user id, the others by e-mail; each a user of the tenant or above. */
  private async receivers(
    principal: Principal,
    scope: AlertScope,
    type: LockAlertType,
    given: string[],
  ): Promise<ReceiverInsert[]> {
    const keys = [
      ...new Set(type === 'BATTERY_LOW' ? given : given.map((email) => email.trim().toLowerCase())),
    ];
    if (keys.length === 0) throw invalid(alertMessages.receiversRequired);
    const byId = type === 'BATTERY_LOW';
    if (byId && keys.some((key) => !/^[0-9a-f-]{36}$/i.test(key)))
      throw invalid(alertMessages.receiverUnknown);
    const users = await this.deps.repo.candidates(
      scope.receiverTenants,
      byId ? { ids: keys } : { emails: keys },
    );
    if (users.length !== keys.length) throw invalid(alertMessages.receiverUnknown);
    if (scope.generalUser && users.some((user) => user.id !== principal.userId))
      throw invalid(alertMessages.generalUsersFixed);
    return users.map((user) => ({
      user_id: user.id,
      email_on: true,
      sms_on: false,
      phone_number: null,
      country_short_code: null,
    }));
  }

  private async announce(row: AlertRow, action: AlertsLiveMessage['action']): Promise<LockAlert> {
    const receivers = await this.deps.repo.receivers([row.id]);
    this.tell(row, action);
    return toLockAlert(row, receivers);
  }

  private tell(row: AlertRow, action: AlertsLiveMessage['action']) {
    const message: AlertsLiveMessage = {
      type: 'alertRules',
      kind: 'lock',
      action,
      id: row.id,
      scopeId: row.tenant_id,
    };
    this.deps.live.publish(live.alerts(row.tenant_id), message);
    this.deps.changed(row.tenant_id);
  }
}
