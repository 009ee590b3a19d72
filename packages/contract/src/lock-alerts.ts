import { z } from 'zod';
import { alertMessages, alertScopeIdField } from './alerts.ts';

/** Lock alerts (spec 002 sections 3-9): battery low, unlock, Multiple Shared Lockers Access (RFID). */

export const LOCK_ALERT_TYPES = ['BATTERY_LOW', 'UNLOCK', 'RFID'] as const;
export type LockAlertType = (typeof LOCK_ALERT_TYPES)[number];
export const LOCK_ALERT_TYPE_NAMES: Readonly<Record<LockAlertType, string>> = {
  BATTERY_LOW: 'Battery Low',
  UNLOCK: 'Unlock',
  RFID: 'Multiple Shared Lockers Access',
};
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Battery repeat presets (ms); the RFID schedule offers the first three (spec 002 sections 5 and 9). */
export const BATTERY_INTERVAL_PRESETS = [HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR] as const;
export const RFID_SCHEDULE_PRESETS = [HOUR, 6 * HOUR, 12 * HOUR] as const;
export const CUSTOM_DAYS_MAX = 60;
export const RFID_UPDATE_DAYS_MAX = 30;
export const RFID_THRESHOLD = '2';
export const DAY_MS = DAY;

/** A preset, or whole days 1..maxDays, in ms as text. */
export function intervalProblem(text: string, presets: readonly number[], maxDays: number): boolean {
  if (!/^\d{1,13}$/.test(text)) return true;
  const ms = Number(text);
  if (presets.includes(ms)) return false;
  return ms % DAY !== 0 || ms < DAY || ms > maxDays * DAY;
}

const msText = z.union([z.string().max(20), z.number().int().transform(String)]);

export const lockAlertBody = z
  .object({
    alertType: z.enum(LOCK_ALERT_TYPES, { message: alertMessages.typeRequired }),
    /** User ids (battery alerts) or e-mails (unlock and RFID alerts) of the tenant's portal users. */
    receivers: z.array(z.string().max(200)).max(500),
    scopeId: alertScopeIdField,
    batteryLevel: z.number().nullable().optional(),
    intervalTime: msText.nullable().optional(),
    rfidScheduleTime: msText.nullable().optional(),
    rfidThreshold: z.string().max(5).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.receivers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['receivers'], message: alertMessages.receiversRequired });
    if (body.alertType === 'BATTERY_LOW') {
      const level = body.batteryLevel;
      if (level == null || !Number.isInteger(level) || level < 0 || level > 100)
        ctx.addIssue({ code: 'custom', path: ['batteryLevel'], message: alertMessages.batteryLevelInvalid });
      if (
        body.intervalTime == null ||
        intervalProblem(body.intervalTime, BATTERY_INTERVAL_PRESETS, CUSTOM_DAYS_MAX)
      )
        ctx.addIssue({ code: 'custom', path: ['intervalTime'], message: alertMessages.intervalInvalid });
    }
    if (body.alertType === 'RFID') {
      if (body.rfidThreshold != null && body.rfidThreshold !== RFID_THRESHOLD)
        ctx.addIssue({ code: 'custom', path: ['rfidThreshold'], message: 'The threshold is fixed at 2.' });
      if (
        body.rfidScheduleTime == null ||
        intervalProblem(body.rfidScheduleTime, RFID_SCHEDULE_PRESETS, CUSTOM_DAYS_MAX)
      )
        ctx.addIssue({ code: 'custom', path: ['rfidScheduleTime'], message: alertMessages.intervalInvalid });
    }
  });
export type LockAlertBody = z.input<typeof lockAlertBody>;

/** PUT /api/rfid-alert/update: receivers and schedule of the tenant's RFID alert (1 to 30 custom days). */
export const rfidAlertUpdateBody = z
  .object({
    rfidAlertId: z.string().max(100).optional(),
    scopeId: alertScopeIdField,
    receivers: z.array(z.string().max(200)).max(500),
    rfidScheduleTime: msText,
    rfidThreshold: z.string().max(5).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.receivers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['receivers'], message: alertMessages.receiversRequired });
    if (body.rfidThreshold != null && body.rfidThreshold !== RFID_THRESHOLD)
      ctx.addIssue({ code: 'custom', path: ['rfidThreshold'], message: 'The threshold is fixed at 2.' });
    if (intervalProblem(body.rfidScheduleTime, RFID_SCHEDULE_PRESETS, RFID_UPDATE_DAYS_MAX))
      ctx.addIssue({
        code: 'custom',
        path: ['rfidScheduleTime'],
        message: alertMessages.rfidIntervalInvalid,
      });
  });

export const lockAlertReceiver = z.object({ userId: z.string(), name: z.string(), email: z.string() });

export const lockAlert = z.object({
  alertId: z.string(),
  alertType: z.enum(LOCK_ALERT_TYPES),
  alertTypeName: z.string(),
  rfidAlertId: z.string().nullable(),
  scopeId: z.string(),
  /** As the create call takes them: user ids for battery alerts, e-mails otherwise. */
  receivers: z.array(z.string()),
  receiverUsers: z.array(lockAlertReceiver),
  batteryLevel: z.number().nullable(),
  intervalTime: z.string().nullable(),
  nextRfidScheduleTime: z.number().nullable(),
  rfidScheduleTime: z.string().nullable(),
  rfidThreshold: z.string().nullable(),
  threshold: z.number().nullable(),
});
export type LockAlert = z.infer<typeof lockAlert>;

export const lockAlertsQuery = z.object({ scopeId: alertScopeIdField });
export const lockAlertIdQuery = z.object({ alertId: z.string().max(100) });
export const lockAlertSaved = z.object({ alert: lockAlert.nullable(), message: z.string() });
export const lockAlertsList = z.object({ alerts: z.array(lockAlert), canWrite: z.boolean() });
export type LockAlertsList = z.infer<typeof lockAlertsList>;
