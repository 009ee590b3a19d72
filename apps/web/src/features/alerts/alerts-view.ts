import {
  ALERT_NAME_MAX_LENGTH,
  type AlertReceiverCandidate,
  alertMessages,
  BATTERY_INTERVAL_PRESETS,
  CUSTOM_DAYS_MAX,
  DAY_MS,
  type LockAlert,
  type LockAlertBody,
  type LockAlertType,
  noMobileMessage,
  RFID_SCHEDULE_PRESETS,
  RFID_THRESHOLD,
  RFID_UPDATE_DAYS_MAX,
  SENSOR_ALERT_TYPE_INFO,
  type SensorAlert,
  type SensorAlertBody,
  type SensorAlertType,
  type ThresholdType,
  thresholdHint,
  WAITING_TIME_MAX,
  WAITING_TIME_PRESETS,
} from '@portal/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-error.ts';
import { formatNumber } from '../../lib/i18n/index.ts';

/**
 * The one error a failed save shows, in its dialog: the server's reason when it refused the alert (a duplicate,
 * a bound, a receiver: a 4xx answer) is the clear one; any other failure is the spec's 'Failed to create alert'
 * / 'Failed to update alert'.
 */
export function saveFailureText(error: Error, editing: boolean): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return editing ? alertMessages.updateFailed : alertMessages.createFailed;
}

/** Session key of the alert tables' rows-per-page choice; the sizes and default of spec 002 section 9. */
export const ALERTS_LIST_NAME = 'alerts';
export const ALERT_TABLE_SIZES = [5, 10, 15] as const;
export const ALERT_TABLE_DEFAULT_SIZE = 10;
export const SEARCH_DELAY_MS = 2000;

export const pageSizeFrom = (stored: number) =>
  (ALERT_TABLE_SIZES as readonly number[]).includes(stored) ? stored : ALERT_TABLE_DEFAULT_SIZE;

/** Search ignores case and spaces (spec 002 section 6). */
export const searchKey = (text: string) => text.toLowerCase().replace(/\s+/g, '');

export function matchesSensorAlert(alert: SensorAlert, search: string): boolean {
  const key = searchKey(search);
  if (!key) return true;
  return [
    alert.alertName,
    alert.alertTypeName,
    String(alert.threshold ?? ''),
    ...alert.receivers.map((r) => r.name),
  ]
    .map(searchKey)
    .some((text) => text.includes(key));
}

export function matchesLockAlert(alert: LockAlert, search: string): boolean {
  const key = searchKey(search);
  if (!key) return true;
  return [alert.alertTypeName, ...alert.receiverUsers.flatMap((r) => [r.name, r.email])]
    .map(searchKey)
    .some((text) => text.includes(key));
}

/** One page of a list (a page past the end shows the last one). */
export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  const last = Math.max(0, Math.ceil(items.length / size) - 1);
  const shown = Math.min(page, last);
  return items.slice(shown * size, shown * size + size);
}

/** The types the menu offers (CO2 sensor 2 is hidden, spec 002 section 3; kept when an alert already has it). */
export const menuTypes = (current?: SensorAlertType) =>
  (Object.keys(SENSOR_ALERT_TYPE_INFO) as SensorAlertType[]).filter(
    (type) => !SENSOR_ALERT_TYPE_INFO[type].hidden || type === current,
  );

/** The form's state: text fields as typed. */
export interface SensorAlertForm {
  alertType: SensorAlertType | '';
  alertName: string;
  /** '10', '15', '20' or 'custom'. */
  waitingChoice: string;
  customWaiting: string;
  thresholdType: ThresholdType;
  threshold: string;
  userIds: string[];
  emailAlert: boolean;
  smsAlert: boolean;
}

export function sensorFormFrom(alert: SensorAlert | null, viewerId: string): SensorAlertForm {
  if (!alert)
    return {
      alertType: '',
      alertName: '',
      waitingChoice: '10',
      customWaiting: '',
      thresholdType: 'greater_than',
      threshold: '',
      userIds: viewerId ? [viewerId] : [],
      emailAlert: true,
      smsAlert: false,
    };
  const preset = (WAITING_TIME_PRESETS as readonly number[]).includes(alert.waitingTime);
  return {
    alertType: alert.alertType,
    alertName: alert.alertName,
    waitingChoice: preset ? String(alert.waitingTime) : 'custom',
    customWaiting: preset ? '' : String(alert.waitingTime),
    thresholdType: alert.thresholdType ?? 'greater_than',
    threshold: alert.threshold === null ? '' : String(alert.threshold),
    userIds: alert.receivers.map((r) => r.userId),
    emailAlert: alert.emailAlert,
    smsAlert: alert.smsAlert,
  };
}

/** Keys the threshold field refuses (spec 002 section 5); '-' stays for a type whose range goes below zero. */
export function blockedThresholdKey(key: string, type: SensorAlertType | ''): boolean {
  if (['e', 'E', '+', '.'].includes(key)) return true;
  return key === '-' && !(type && (SENSOR_ALERT_TYPE_INFO[type].min ?? 0) < 0);
}

export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** The form's problems, in the spec's words (the server checks the same rules). */
export function sensorFormErrors(
  form: SensorAlertForm,
  options: { support: boolean; users: readonly AlertReceiverCandidate[] },
): FormErrors<'alertType' | 'alertName' | 'waiting' | 'threshold' | 'users' | 'channel'> {
  const errors: FormErrors<'alertType' | 'alertName' | 'waiting' | 'threshold' | 'users' | 'channel'> = {};
  if (!form.alertType) errors.alertType = alertMessages.typeRequired;
  const name = form.alertName.replace(/^\s+/, '');
  if (!name) errors.alertName = alertMessages.nameRequired;
  else if (name.length > ALERT_NAME_MAX_LENGTH) errors.alertName = alertMessages.nameTooLong;
  if (form.waitingChoice === 'custom') {
    const seconds = Number(form.customWaiting);
    if (!/^\d+$/.test(form.customWaiting) || seconds > WAITING_TIME_MAX)
      errors.waiting = alertMessages.waitingTimeInvalid;
  }
  if (form.alertType) {
    const { min, max } = SENSOR_ALERT_TYPE_INFO[form.alertType];
    if (min !== null && max !== null) {
      const value = Number(form.threshold);
      if (!/^-?\d+$/.test(form.threshold)) errors.threshold = alertMessages.thresholdRequired;
      else if (value < min || value > max) errors.threshold = thresholdHint(min, max);
    }
  }
  if (!options.support) {
    if (form.userIds.length === 0) errors.users = alertMessages.usersRequired;
    if (!form.emailAlert && !form.smsAlert) errors.channel = alertMessages.channelRequired;
    else if (form.smsAlert) {
      const missing = options.users
        .filter((user) => form.userIds.includes(user.id) && !user.phoneNumber)
        .map((user) => user.name);
      if (missing.length > 0) errors.channel = noMobileMessage(missing);
    }
  }
  return errors;
}

export function sensorBodyFrom(form: SensorAlertForm, scopeId: string, support: boolean): SensorAlertBody {
  const type = form.alertType as SensorAlertType;
  const metric = SENSOR_ALERT_TYPE_INFO[type].key !== null;
  return {
    alertType: type,
    alertName: form.alertName.replace(/^\s+/, ''),
    waitingTime: Number(form.waitingChoice === 'custom' ? form.customWaiting : form.waitingChoice),
    thresholdType: metric ? form.thresholdType : null,
    threshold: metric ? Number(form.threshold) : null,
    ...(support ? {} : { receivers: form.userIds.map((userId) => ({ userId })) }),
    emailAlert: form.emailAlert,
    smsAlert: form.smsAlert,
    scopeId,
  };
}

// ---------------------------------------------------------------- lock alerts

export interface LockAlertForm {
  alertType: LockAlertType;
  /** User ids. */
  userIds: string[];
  batteryLevel: string;
  /** A preset in ms, or 'custom'. */
  interval: string;
  customDays: string;
}

export const HOUR_MS = 3_600_000;
export const intervalLabel = (t: TFunction<'alerts'>, ms: number) =>
  ms >= DAY_MS && ms % DAY_MS === 0
    ? t('interval.days', { value: formatNumber(ms / DAY_MS) })
    : t('interval.hours', { value: formatNumber(ms / HOUR_MS) });

/** 'High CO2', 'Low Temperature', 'Camera Removal Alert' (the contract's sensorAlertLabel) in the language shown. */
export function sensorTypeText(
  t: TFunction<'alerts'>,
  type: SensorAlertType,
  thresholdType: ThresholdType | null,
): string {
  const name = t(`types.${type}`);
  if (SENSOR_ALERT_TYPE_INFO[type].key === null) return name;
  return t(`typeLabel.${thresholdType ?? 'greater_than'}`, { name });
}

export function lockFormFrom(alert: LockAlert | null, viewerId: string): LockAlertForm {
  if (!alert)
    return {
      alertType: 'BATTERY_LOW',
      userIds: viewerId ? [viewerId] : [],
      batteryLevel: '',
      interval: String(HOUR_MS),
      customDays: '',
    };
  const ms = Number(alert.alertType === 'RFID' ? alert.rfidScheduleTime : alert.intervalTime) || HOUR_MS;
  const presets: readonly number[] =
    alert.alertType === 'RFID' ? RFID_SCHEDULE_PRESETS : BATTERY_INTERVAL_PRESETS;
  const preset = presets.includes(ms);
  return {
    alertType: alert.alertType,
    userIds: alert.receiverUsers.map((user) => user.userId),
    batteryLevel: alert.batteryLevel === null ? '' : String(alert.batteryLevel),
    interval: preset ? String(ms) : 'custom',
    customDays: preset ? '' : String(ms / DAY_MS),
  };
}

export function lockFormErrors(
  form: LockAlertForm,
  updating: boolean,
): FormErrors<'users' | 'batteryLevel' | 'interval'> {
  const errors: FormErrors<'users' | 'batteryLevel' | 'interval'> = {};
  if (form.userIds.length === 0) errors.users = alertMessages.receiversRequired;
  if (form.alertType === 'BATTERY_LOW') {
    const level = Number(form.batteryLevel);
    if (!/^\d+$/.test(form.batteryLevel) || level > 100)
      errors.batteryLevel = alertMessages.batteryLevelInvalid;
  }
  if (form.alertType !== 'UNLOCK' && form.interval === 'custom') {
    const rfidUpdate = updating && form.alertType === 'RFID';
    const max = rfidUpdate ? RFID_UPDATE_DAYS_MAX : CUSTOM_DAYS_MAX;
    const days = Number(form.customDays);
    if (!/^\d+$/.test(form.customDays) || days < 1 || days > max)
      errors.interval = rfidUpdate ? alertMessages.rfidIntervalInvalid : alertMessages.intervalInvalid;
  }
  return errors;
}

export function lockBodyFrom(
  form: LockAlertForm,
  scopeId: string,
  users: readonly AlertReceiverCandidate[],
): LockAlertBody {
  const ms = form.interval === 'custom' ? String(Number(form.customDays) * DAY_MS) : form.interval;
  const emails = users.filter((user) => form.userIds.includes(user.id)).map((user) => user.email);
  if (form.alertType === 'BATTERY_LOW')
    return {
      alertType: 'BATTERY_LOW',
      receivers: form.userIds,
      scopeId,
      batteryLevel: Number(form.batteryLevel),
      intervalTime: ms,
    };
  if (form.alertType === 'RFID')
    return {
      alertType: 'RFID',
      receivers: emails,
      scopeId,
      rfidScheduleTime: ms,
      rfidThreshold: RFID_THRESHOLD,
    };
  return { alertType: 'UNLOCK', receivers: emails, scopeId };
}
