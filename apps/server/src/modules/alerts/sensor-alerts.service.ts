import {
  type AlertReceiverCandidate,
  type AlertsLiveMessage,
  alertMessages,
  alertPhoneNumber,
  type alertSubscriptionBody,
  duplicateAlertMessage,
  live,
  noMobileMessage,
  SENSOR_ALERT_TYPE_INFO,
  type SensorAlert,
  type SensorAlertSaved,
  type SensorAlertsList,
  type SensorAlertType,
  type sensorAlertBody,
  sensorAlertLabel,
  subscriptionMessage,
  unsubscriptionMessage,
  WAITING_TIME_PRESETS,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import { type AlertAccess, type AlertScope, ownerOf } from './alert-access.ts';
import { commandsFor, gatewayConfigOf, publishAlertCommands } from './alert-commands.ts';
import {
  type AlertRow,
  type AlertsRepository,
  type ReceiverInsert,
  type ReceiverRow,
  uniqueViolation,
} from './alerts.repository.ts';

type Body = z.output<typeof sensorAlertBody>;
type SubscriptionBody = z.output<typeof alertSubscriptionBody>;

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);
const fullName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim();

export function toSensorAlert(row: AlertRow, receivers: ReceiverRow[]): SensorAlert {
  const type = row.alert_type as SensorAlertType;
  const mine = receivers.filter((receiver) => receiver.alert_id === row.id);
  const shown = mine.map((receiver) => ({
    userId: receiver.user_id,
    name: fullName(receiver),
    email: receiver.email_on ? receiver.email : null,
    phoneNumber: receiver.sms_on ? receiver.phone : null,
  }));
  return {
    id: row.id,
    alertType: type,
    alertTypeName: sensorAlertLabel(type, row.threshold_type),
    alertName: row.alert_name ?? '',
    waitingTime: row.waiting_time,
    waitingTimeTextValue: (WAITING_TIME_PRESETS as readonly number[]).includes(row.waiting_time)
      ? `${row.waiting_time} Sec`
      : 'Custom',
    thresholdType: row.threshold_type,
    threshold: row.threshold,
    receivers: shown,
    receiversLength: `${shown.length} User(s)`,
    // Recomputed from the receivers (spec 002 section 4).
    emailAlert: shown.some((receiver) => receiver.email !== null),
    smsAlert: shown.some((receiver) => receiver.phoneNumber !== null),
    scopeId: row.tenant_id,
    system: SENSOR_ALERT_TYPE_INFO[type]?.system ?? false,
  };
}

/**
 * Sensor and system alerts (docs/alerts.md): a tenant's definitions, their receivers and subscriptions, and
 * the command that tells the tenant's gateways (not for camera alerts or the support tenant).
 */
export class SensorAlertsService {
  constructor(
    private readonly deps: {
      repo: AlertsRepository;
      access: AlertAccess;
      live: LivePublisher;
      devices: DevicePublisher;
      changed: (tenantId: string) => void;
    },
  ) {}

  async list(principal: Principal, scopeId: string): Promise<SensorAlertsList> {
    const scope = await this.deps.access.scope(principal, scopeId, 'read');
    const rows = await this.deps.repo.list(
      [scope.tenant.id],
      'sensor',
      scope.generalUser ? principal.userId : undefined,
    );
    const receivers = await this.deps.repo.receivers(rows.map((row) => row.id));
    return {
      alerts: rows.map((row) => toSensorAlert(row, receivers)),
      supportTenant: scope.support,
      canWrite: scope.canWrite,
    };
  }

  /** Who the forms may select: the customer's users and the caller (a general user: only itself). */
  async candidates(principal: Principal, scopeId: string): Promise<AlertReceiverCandidate[]> {
    const scope = await this.deps.access.scope(principal, scopeId, 'read');
    const users = await this.deps.repo.tenantUsers(scope.tenant.id, principal.userId, scope.generalUser);
    return users.map((user) => ({
      id: user.id,
      name: fullName(user),
      email: user.email,
      phoneNumber: alertPhoneNumber.safeParse(user.phone_number).success ? user.phone_number : null,
    }));
  }

  async create(principal: Principal, body: Body): Promise<SensorAlertSaved> {
    const scope = await this.deps.access.scope(principal, body.scopeId, 'write');
    const receivers = await this.receivers(principal, scope, body);
    const row = await this.deps.repo.insert(
      {
        ...this.values(body, scope),
        tenant_id: scope.tenant.id,
        created_by: principal.userId,
        owner_id: ownerOf(principal, scope),
        kind: 'sensor',
      },
      receivers ?? [],
    );
    if (!row) throw invalid(duplicateAlertMessage(SENSOR_ALERT_TYPE_INFO[body.alertType].name));
    const publishMessage = scope.support
      ? null
      : await publishAlertCommands(this.deps, row.tenant_id, commandsFor(null, gatewayConfigOf(row)));
    return { alert: await this.announce(row, 'created'), message: alertMessages.created, publishMessage };
  }

  async update(principal: Principal, id: string, body: Body): Promise<SensorAlertSaved> {
    const { alert: before, scope } = await this.deps.access.alert(principal, id, 'sensor', 'write');
    if (body.scopeId !== before.tenant_id) throw invalid('The alert belongs to another customer.');
    const receivers = await this.receivers(principal, scope, body);
    let row: AlertRow | null;
    try {
      row = await this.deps.repo.update(id, this.values(body, scope), receivers);
    } catch (error) {
      if (uniqueViolation(error))
        throw invalid(duplicateAlertMessage(SENSOR_ALERT_TYPE_INFO[body.alertType].name));
      throw error;
    }
    if (!row) throw new AppError('NOT_FOUND', 'Alert not found');
    const publishMessage = scope.support
      ? null
      : await publishAlertCommands(
          this.deps,
          row.tenant_id,
          commandsFor(gatewayConfigOf(before), gatewayConfigOf(row)),
        );
    return { alert: await this.announce(row, 'updated'), message: alertMessages.updated, publishMessage };
  }

  async remove(principal: Principal, id: string): Promise<SensorAlertSaved> {
    const { scope } = await this.deps.access.alert(principal, id, 'sensor', 'write');
    const row = await this.deps.repo.delete(id);
    if (!row) throw new AppError('NOT_FOUND', 'Alert not found');
    this.tell(row, 'deleted');
    const publishMessage = scope.support
      ? null
      : await publishAlertCommands(this.deps, row.tenant_id, commandsFor(gatewayConfigOf(row), null));
    return { alert: null, message: alertMessages.deleted, publishMessage };
  }

  /** The caller on or off one channel of one alert it sees (spec 002 section 4). */
  async subscription(principal: Principal, id: string, body: SubscriptionBody) {
    const { alert, scope } = await this.deps.access.alert(principal, id, 'sensor', 'read');
    if (!body.subscribe) {
      await this.deps.repo.unsubscribe(alert.id, principal.userId, body.channel);
    } else if (body.channel === 'email') {
      await this.deps.repo.subscribe(alert.id, principal.userId, 'email', { number: null, country: null });
    } else {
      const [current] = (await this.deps.repo.receivers([alert.id])).filter(
        (r) => r.user_id === principal.userId,
      );
      const profile = await this.deps.repo.candidates(scope.receiverTenants, { ids: [principal.userId] });
      const known = current?.phone ?? (profile[0]?.phone_number || null);
      const number = body.phoneNumber ?? null;
      if (!number && !(known && alertPhoneNumber.safeParse(known).success))
        throw invalid(alertMessages.mobileRequired);
      await this.deps.repo.subscribe(alert.id, principal.userId, 'sms', {
        number: number ?? known,
        country: body.countryShortCode ?? null,
      });
    }
    const fresh = await this.deps.repo.find(alert.id);
    if (!fresh) throw new AppError('NOT_FOUND', 'Alert not found');
    return {
      alert: await this.announce(fresh, 'updated'),
      message: body.subscribe ? subscriptionMessage(body.channel, true) : unsubscriptionMessage(body.channel),
    };
  }

  private values(body: Body, scope: AlertScope) {
    const metric = SENSOR_ALERT_TYPE_INFO[body.alertType].key !== null;
    return {
      alert_type: body.alertType,
      alert_name: body.alertName,
      waiting_time: body.waitingTime,
      threshold_type: metric ? (body.thresholdType ?? null) : null,
      threshold: metric ? (body.threshold ?? null) : null,
      battery_level: null,
      interval_ms: null,
      rfid_schedule_ms: null,
      next_rfid_schedule_at: null,
      unique_type: !scope.support,
    };
  }

  /**
   * The receivers the body selects, checked: for normal tenants at least one user and one of Email or SMS;
   * each a user of the tenant or above it; SMS needs a number for each. Undefined on the support tenant
   * without a list: its receivers are their own subscriptions, kept as they are.
   */
  private async receivers(
    principal: Principal,
    scope: AlertScope,
    body: Body,
  ): Promise<ReceiverInsert[] | undefined> {
    let selected = body.receivers;
    if (scope.support) {
      if (!selected) return undefined;
    } else {
      if (!selected || selected.length === 0) throw invalid(alertMessages.usersRequired);
      if (!body.emailAlert && !body.smsAlert) throw invalid(alertMessages.channelRequired);
    }
    if (scope.generalUser) {
      if (selected.some((receiver) => receiver.userId !== principal.userId))
        throw invalid(alertMessages.generalUsersFixed);
      selected = selected.slice(0, 1);
    }
    const ids = [...new Set(selected.map((receiver) => receiver.userId))];
    const users = await this.deps.repo.candidates(scope.receiverTenants, { ids });
    if (users.length !== ids.length) throw invalid(alertMessages.receiverUnknown);
    const byId = new Map(users.map((user) => [user.id, user]));
    const missingPhone: string[] = [];
    const rows = ids.map((userId) => {
      const user = byId.get(userId)!;
      const given = selected.find((receiver) => receiver.userId === userId)!;
      const emailOn = scope.support ? given.email != null : body.emailAlert;
      const smsOn = scope.support ? given.phoneNumber != null : body.smsAlert;
      if (given.phoneNumber && !alertPhoneNumber.safeParse(given.phoneNumber).success)
        throw invalid(alertMessages.mobileRequired);
      const phone = given.phoneNumber || user.phone_number || null;
      const usable = phone !== null && alertPhoneNumber.safeParse(phone).success;
      if (smsOn && !usable) missingPhone.push(fullName(user));
      return {
        user_id: userId,
        email_on: emailOn,
        sms_on: smsOn,
        phone_number: given.phoneNumber || null,
        country_short_code: null,
      };
    });
    if (missingPhone.length > 0) throw invalid(noMobileMessage(missingPhone));
    return rows;
  }

  private async announce(row: AlertRow, action: AlertsLiveMessage['action']): Promise<SensorAlert> {
    const receivers = await this.deps.repo.receivers([row.id]);
    this.tell(row, action);
    return toSensorAlert(row, receivers);
  }

  private tell(row: AlertRow, action: AlertsLiveMessage['action']) {
    const message: AlertsLiveMessage = {
      type: 'alertRules',
      kind: 'sensor',
      action,
      id: row.id,
      scopeId: row.tenant_id,
    };
    this.deps.live.publish(live.alerts(row.tenant_id), message);
    this.deps.changed(row.tenant_id);
  }
}
