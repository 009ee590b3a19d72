import { z } from 'zod';
import { METRIC_CATALOGUE, SENSOR_GROUP_IDS, sensorAlertTypeInfo } from './metrics.ts';
import { PHONE_PATTERN, splitPhoneNumber } from './people.ts';

/**
 * Alert definitions (spec 002 sections 2-9; docs/alerts.md): lock alerts (battery, unlock, shared-locker
 * access) and sensor/system alerts with their receivers. The forms and the server read these same rules.
 */

// ---------------------------------------------------------------- sensor and system alerts

/**
 * The sensor/system alert types (spec 002 section 3) with their names, telemetry keys, groups, threshold bounds
 * (section 5) and units: the metric catalogue's (metrics.ts), plus the camera alert. A threshold is in the unit
 * of the value the gateway sends (NH3, NO2, CO in ppb).
 */
export const SENSOR_ALERT_TYPE_INFO = sensorAlertTypeInfo(METRIC_CATALOGUE);
export type SensorAlertType = keyof typeof SENSOR_ALERT_TYPE_INFO;
export const SENSOR_ALERT_TYPES = Object.keys(SENSOR_ALERT_TYPE_INFO) as [
  SensorAlertType,
  ...SensorAlertType[],
];

export const hasThreshold = (type: SensorAlertType) => SENSOR_ALERT_TYPE_INFO[type].key !== null;

export const THRESHOLD_TYPES = ['greater_than', 'less_than'] as const;
export type ThresholdType = (typeof THRESHOLD_TYPES)[number];

export const ALERT_NAME_MAX_LENGTH = 40;
/** Waiting time presets (seconds) and the custom range (spec 002 section 5). */
export const WAITING_TIME_PRESETS = [10, 15, 20] as const;
export const WAITING_TIME_MAX = 2_678_400;

/** Texts of spec 002 sections 5 and 8 (alerts), verbatim; the ones marked ours where the spec is silent. */
export const alertMessages = {
  created: 'Alert successfully created',
  createFailed: 'Failed to create alert',
  /** Lock alerts spell it with a capital U (spec 002 section 8), sensor alerts not. */
  lockUpdated: 'Alert successfully Updated',
  updated: 'Alert successfully updated',
  updateFailed: 'Failed to update alert',
  deleted: 'Alert successfully deleted',
  deleteFailed: 'Error: Please try again',
  published: 'Successfully published the instruction.',
  publishFailed: 'Failed to publish the instruction.',
  fetching: 'Fetching Alerts ...',
  noSensorAlerts: 'No Sensor Alerts',
  noSystemAlerts: 'No System Alerts',
  mobileRequired: 'Mobile Number is required.',
  /** Ours. */
  noLockAlerts: 'No Lock Alerts',
  nameRequired: 'Alert Name is required.',
  nameTooLong: 'Alert Name can have at most 40 characters.',
  typeRequired: 'Alert Type is required.',
  thresholdTypeRequired: 'Threshold Type is required.',
  thresholdRequired: 'Threshold is required.',
  noThreshold: 'This alert type has no threshold.',
  waitingTimeInvalid: `Waiting time should be in between 0 and ${WAITING_TIME_MAX} seconds`,
  usersRequired: 'Please select at least one user.',
  channelRequired: 'Please select Email or SMS.',
  receiversRequired: 'Please select at least one receiver.',
  receiverUnknown: 'A selected receiver is not a user of this customer.',
  batteryLevelInvalid: 'Battery threshold should be in between 0 and 100',
  intervalInvalid: 'Custom interval should be in between 1 and 60 days',
  rfidIntervalInvalid: 'Custom interval should be in between 1 and 30 days',
  notAllowed: 'You are not allowed to change alerts of this customer.',
  generalUsersFixed: 'General users cannot change the selected users.',
} as const;

export const thresholdHint = (min: number, max: number) =>
  `Threshold value should be in between ${min} and ${max}`;
export const duplicateAlertMessage = (typeName: string) =>
  `Cannot create duplicate ${typeName} alert. Please edit the existing one.`;
/** '{name}(s) doesn't/don't have mobile number(s)' for the names given. */
export function noMobileMessage(names: readonly string[]): string {
  return names.length === 1
    ? `${names[0]} doesn't have mobile number`
    : `${names.join(', ')} don't have mobile numbers`;
}
/** Ours: the spec words only the subscribe side. */
export const unsubscriptionMessage = (channel: 'email' | 'sms') =>
  `Successfully Unsubscribed from ${channel === 'email' ? 'Email' : 'SMS'} Alert`;
export const subscriptionMessage = (channel: 'email' | 'sms', ok: boolean) => {
  const what = channel === 'email' ? 'Email' : 'SMS';
  return ok ? `Successfully Subscribed to ${what} Alert` : `Failed to Subscribe to ${what} Alert`;
};

/** 'High CO2', 'Low Temperature', 'Camera Removal Alert'. */
export function sensorAlertLabel(type: SensorAlertType, thresholdType: ThresholdType | null): string {
  const info = SENSOR_ALERT_TYPE_INFO[type];
  if (!info.key) return info.name;
  return `${thresholdType === 'less_than' ? 'Low' : 'High'} ${info.name}`;
}

/**
 * The code of the published command (spec 002 section 4): abbreviation, `_H` (greater) or `_L` (less), the
 * threshold, `_C` create, `_U` threshold update, `_D` delete: `CO2_H_2000_C`.
 */
export function sensorAlertCode(
  type: SensorAlertType,
  thresholdType: ThresholdType,
  threshold: number,
  action: 'C' | 'U' | 'D',
): string {
  return `${SENSOR_ALERT_TYPE_INFO[type].key}_${thresholdType === 'greater_than' ? 'H' : 'L'}_${threshold}_${action}`;
}

/** The command a gateway receives on `gateways/{tenant}/command/{mac}` (QoS 2, not retained; docs/mqtt.md 3.1). */
export const alertConfigCommand = z.object({
  command: z.literal('ALERT-CONFIG'),
  sensorGroup: z.enum(SENSOR_GROUP_IDS),
  code: z.string().regex(/^[A-Z0-9_]{1,20}_[HL]_-?\d{1,7}_[CUD]$/),
});
export type AlertConfigCommand = z.infer<typeof alertConfigCommand>;

/** Parses a command code back: the key, high or low, the threshold, the action. */
export function parseAlertCode(
  code: string,
): { key: string; high: boolean; threshold: number; action: 'C' | 'U' | 'D' } | null {
  const match = /^([A-Z0-9_]+)_([HL])_(-?\d+)_([CUD])$/.exec(code);
  if (!match) return null;
  return { key: match[1]!, high: match[2] === 'H', threshold: Number(match[3]), action: match[4] as 'C' };
}

const alertName = z
  .string()
  .max(200)
  .transform((value) => value.replace(/^\s+/, ''))
  .pipe(z.string().min(1, alertMessages.nameRequired).max(ALERT_NAME_MAX_LENGTH, alertMessages.nameTooLong));

/** A phone as the subscription dialog sends it: the calling code, a space, 7 to 15 digits ('+1 5551234567'). */
export const alertPhoneNumber = z
  .string()
  .max(24)
  .refine((value) => {
    const parts = splitPhoneNumber(value);
    return !!parts && !!parts.code && PHONE_PATTERN.test(parts.digits);
  }, alertMessages.mobileRequired);

/** One selected user and the channels that reach it: `email`/`phoneNumber` null = that channel off. */
export const alertReceiverInput = z.object({
  userId: z.string().uuid(alertMessages.receiverUnknown),
  email: z.string().max(200).nullable().optional(),
  phoneNumber: z.string().max(24).nullable().optional(),
});

export const alertScopeIdField = z.string().uuid('Customer not found');

/** Create (POST /api/sensor-alerts) and update (PUT /api/sensor-alerts/{id}) of a sensor/system alert. */
export const sensorAlertBody = z
  .object({
    alertType: z.enum(SENSOR_ALERT_TYPES, { message: alertMessages.typeRequired }),
    alertName,
    waitingTime: z
      .number({ message: alertMessages.waitingTimeInvalid })
      .int(alertMessages.waitingTimeInvalid)
      .min(0, alertMessages.waitingTimeInvalid)
      .max(WAITING_TIME_MAX, alertMessages.waitingTimeInvalid),
    thresholdType: z.enum(THRESHOLD_TYPES).nullable().optional(),
    threshold: z.number().int().nullable().optional(),
    /** Absent on the support tenant's simplified form: the receivers are then their own subscriptions. */
    receivers: z.array(alertReceiverInput).max(500).optional(),
    emailAlert: z.boolean().default(false),
    smsAlert: z.boolean().default(false),
    scopeId: alertScopeIdField,
  })
  .superRefine((body, ctx) => {
    const info = SENSOR_ALERT_TYPE_INFO[body.alertType];
    if (info.min === null || info.max === null) {
      if (body.threshold != null || body.thresholdType != null)
        ctx.addIssue({ code: 'custom', path: ['threshold'], message: alertMessages.noThreshold });
      return;
    }
    if (body.thresholdType == null)
      ctx.addIssue({ code: 'custom', path: ['thresholdType'], message: alertMessages.thresholdTypeRequired });
    if (body.threshold == null)
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: alertMessages.thresholdRequired });
    else if (body.threshold < info.min || body.threshold > info.max)
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: thresholdHint(info.min, info.max) });
  });
export type SensorAlertBody = z.input<typeof sensorAlertBody>;

export const sensorAlertReceiver = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type SensorAlertReceiver = z.infer<typeof sensorAlertReceiver>;

export const sensorAlert = z.object({
  id: z.string(),
  alertType: z.enum(SENSOR_ALERT_TYPES),
  alertTypeName: z.string(),
  alertName: z.string(),
  waitingTime: z.number(),
  waitingTimeTextValue: z.string(),
  thresholdType: z.enum(THRESHOLD_TYPES).nullable(),
  threshold: z.number().nullable(),
  receivers: z.array(sensorAlertReceiver),
  receiversLength: z.string(),
  emailAlert: z.boolean(),
  smsAlert: z.boolean(),
  scopeId: z.string(),
  system: z.boolean(),
});
export type SensorAlert = z.infer<typeof sensorAlert>;

export const sensorAlertsQuery = z.object({ scopeId: alertScopeIdField });
export const sensorAlertIdParams = z.object({ id: z.string().max(100) });

/** The alerts of a tenant, and what the caller may do there (the page shows its buttons from this). */
export const sensorAlertsList = z.object({
  alerts: z.array(sensorAlert),
  /** The support tenant: simplified form, Email and SMS columns, no duplicate check. */
  supportTenant: z.boolean(),
  canWrite: z.boolean(),
});
export type SensorAlertsList = z.infer<typeof sensorAlertsList>;

/** Saved, and how the command to the tenant's gateways went (null when none was due). */
export const sensorAlertSaved = z.object({
  alert: sensorAlert.nullable(),
  message: z.string(),
  publishMessage: z.string().nullable(),
});
export type SensorAlertSaved = z.infer<typeof sensorAlertSaved>;

/** PUT /api/sensor-alerts/{id}/subscription: the current user on or off one channel of one alert. */
export const alertSubscriptionBody = z
  .object({
    channel: z.enum(['email', 'sms']),
    subscribe: z.boolean(),
    phoneNumber: z.string().max(24).optional(),
    countryShortCode: z
      .string()
      .regex(/^([A-Z]{2})?$/)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.phoneNumber !== undefined && !alertPhoneNumber.safeParse(body.phoneNumber).success)
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: alertMessages.mobileRequired });
  });
export const alertSubscriptionResult = z.object({ alert: sensorAlert, message: z.string() });

/** `portal/{scopeId}/alerts`: an alert definition of the tenant changed (the page refetches). */
export const alertsLiveMessage = z.object({
  type: z.literal('alertRules'),
  kind: z.enum(['lock', 'sensor']),
  action: z.enum(['created', 'updated', 'deleted']),
  id: z.string(),
  scopeId: z.string(),
});
export type AlertsLiveMessage = z.infer<typeof alertsLiveMessage>;

/** GET /api/alert-receivers?scopeId=: the users a form may select (the customer's own, and the caller). */
export const alertReceiverCandidate = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** '+1 5551234567', or null when the profile has none usable for SMS. */
  phoneNumber: z.string().nullable(),
});
export type AlertReceiverCandidate = z.infer<typeof alertReceiverCandidate>;
export const alertReceiverCandidates = z.object({ users: z.array(alertReceiverCandidate) });
