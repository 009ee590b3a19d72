import type { EventsMessage } from '@portal/contract';
import { CAMERA_TYPE, sensorType } from './conditions.ts';
import type { Incident } from './incidents.repository.ts';

/** What the engine announces of an incident: the three of the spec's engine, and the lifecycle's (issue 31). */
export type IncidentEvent = 'fired' | 'resolved' | 'repeat' | 'reminder' | 'escalation';
type EventItem = NonNullable<EventsMessage['SA']>[number];

export const OFFLINE_RULE_ID = 'gateway-offline';
export const NO_DATA_RULE_ID = 'no-data';

const ALERT_LOW = 0;
const ALERT_HIGH = 1;
const ALERT_NORMAL = 2;

const round = (value: number | null) => (value === null ? '' : String(Math.round(value * 100) / 100));

/** The label of a sensor incident's type as SA items name it ('CO2', 'CPU Usage'...). */
function label(incident: Incident): string {
  return sensorType(incident.alert_type)?.label ?? incident.alert_type;
}

/**
 * The SA item an incident's change puts in the gateway's Sensor Alerts (a sensor's `sr`) or System Alerts
 * (CPU and memory, locks, offline, no data) panel, in the items gateways used to send themselves
 * (docs/mqtt.md 2.4): '{label} High'/'Low' with alrt 1/0 when it fires, '{label} Normal' with alrt 2 when it
 * resolves. Repeats add no item. `val2` names the rule (or the lock).
 */
export function alertItem(incident: Incident, event: IncidentEvent): EventItem | null {
  if (event !== 'fired' && event !== 'resolved') return null;
  const fired = event === 'fired';
  switch (incident.kind) {
    case 'sensor':
      if (incident.alert_type === CAMERA_TYPE)
        return fired
          ? { nme: 'Camera Module Removed', val: 'Removed', val2: incident.rule_name, alrt: ALERT_HIGH }
          : { nme: 'Camera Module Fitted', val: 'Fitted', val2: incident.rule_name, alrt: ALERT_NORMAL };
      return {
        nme: `${label(incident)} ${fired ? (incident.level === ALERT_LOW ? 'Low' : 'High') : 'Normal'}`,
        val: incident.value ?? '',
        val2: incident.rule_name,
        sr: incident.sensor ?? undefined,
        alrt: fired ? (incident.level === ALERT_LOW ? ALERT_LOW : ALERT_HIGH) : ALERT_NORMAL,
      };
    case 'lock':
      if ((incident.alert_type === 'UNLOCK' || incident.alert_type === 'RFID') && !fired) return null;
      if (incident.alert_type === 'UNLOCK' || incident.alert_type === 'RFID')
        return {
          nme: incident.alert_type === 'UNLOCK' ? 'Lock Unlocked' : 'Shared Lockers Access',
          val: lockLabel(incident),
          val2: incident.rule_name,
          alrt: ALERT_HIGH,
        };
      return {
        nme: fired ? 'Lock Battery Low' : 'Lock Battery Normal',
        val: incident.value === null ? '' : `${round(incident.value)}%`,
        val2: lockLabel(incident),
        alrt: fired ? ALERT_LOW : ALERT_NORMAL,
      };
    case 'offline':
      return fired
        ? { nme: 'Gateway Offline', val: 'Offline', alrt: ALERT_HIGH }
        : {
            nme: 'Gateway Online',
            val: 'Online',
            val2: `${incident.suppressed_count} alert(s) suppressed`,
            alrt: ALERT_NORMAL,
          };
    case 'nodata':
      return fired
        ? {
            nme: 'No Data',
            val: `no sample for ${Math.round(Number(incident.value ?? 0))} s`,
            alrt: ALERT_HIGH,
          }
        : { nme: 'Data Resumed', val: 'Data', alrt: ALERT_NORMAL };
  }
}

/** What an incident's notification says: an e-mail subject and text, and a short SMS (at most 160). */
/** The parts of an incident's notification: the e-mail template's values (`alertNotification`) and the SMS. */
export interface NotificationText {
  subject: string;
  text: string;
  sms: string;
  values: { headline: string; alertName: string; condition: string; gateway: string; details: string };
}

export function notificationText(
  incident: Incident,
  event: IncidentEvent,
  gatewayName: string,
): NotificationText {
  const where =
    gatewayName && gatewayName !== incident.gateway_mac
      ? `${gatewayName} (${incident.gateway_mac})`
      : incident.gateway_mac;
  const what = describe(incident);
  const head = HEADLINES[event];
  const at = (event === 'resolved' ? incident.resolved_at : incident.fired_at) ?? new Date();
  const subject = `${head}: ${incident.rule_name} - ${what} on ${where}`;
  // The lock by its name, its MAC beside it as secondary detail.
  const lock =
    incident.kind === 'lock' && !incident.subject.startsWith('card:')
      ? [
          `Lock: ${incident.subject_name ? `${incident.subject_name} (${incident.subject})` : incident.subject}`,
        ]
      : [];
  const details = [
    ...lock,
    `${event === 'resolved' ? 'Resolved' : 'Since'}: ${(event === 'resolved' ? at : (incident.fired_at ?? at)).toISOString()}`,
    ...(event === 'escalation' ? ['Not acknowledged yet: this is its escalation.'] : []),
  ];
  const lines = [`${head}: ${incident.rule_name}`, `Condition: ${what}`, `Gateway: ${where}`, ...details];
  const sms = `${head}: ${incident.rule_name} - ${what} on ${where}`.slice(0, 160);
  return {
    subject: subject.slice(0, 200),
    text: `${lines.join('\n')}\n`,
    sms,
    values: {
      headline: head,
      alertName: incident.rule_name,
      condition: what,
      gateway: where,
      details: details.join('\n'),
    },
  };
}

const HEADLINES: Record<IncidentEvent, string> = {
  fired: 'Alert',
  resolved: 'Resolved',
  repeat: 'Still active',
  reminder: 'Reminder',
  escalation: 'Escalation',
};

/** A lock as notifications name it: its name when it has one, else its MAC. */
export function lockLabel(incident: Pick<Incident, 'subject' | 'subject_name'>): string {
  return incident.subject_name ?? incident.subject;
}

function describe(incident: Incident): string {
  const value = round(incident.value);
  const threshold = round(incident.threshold);
  if (incident.kind === 'lock') {
    if (incident.alert_type === 'UNLOCK') return `lock ${lockLabel(incident)} unlocked`;
    if (incident.alert_type === 'RFID') return `one card opened more than ${threshold} shared lockers`;
    return `lock ${lockLabel(incident)} battery ${value}% (alert at ${threshold}% or less)`;
  }
  if (incident.kind === 'offline') return 'the gateway went offline (its connection was lost)';
  if (incident.kind === 'nodata') return `no sample for ${value} s while connected`;
  if (incident.alert_type === CAMERA_TYPE)
    return incident.value === 1
      ? 'the camera module is fitted again (CMS 1)'
      : 'the camera module was removed (CMS 0)';
  const high = incident.level !== ALERT_LOW;
  return `${label(incident)} ${value} (${high ? 'above' : 'below'} ${threshold})`;
}
