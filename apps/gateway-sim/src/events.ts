import { type EventsMessage, METRIC_CATALOGUE, type TelemetrySample } from '@portal/contract';

/** One item of an events message's SE (events) or SA (alerts) list. */
export type EventItem = NonNullable<EventsMessage['SE']>[number];

export type AlertLevel = 'normal' | 'high';
export type AlertLevels = Readonly<Partial<Record<AlertedSensor, AlertLevel>>>;

type AlertedSensor = 'CO2' | 'CP';

interface AlertRule {
  sensor: AlertedSensor;
  label: string;
  /** Goes high above this value... */
  highAbove: number;
  /** ...and back to normal only below this one, so a value hovering at the limit does not flap. */
  normalBelow: number;
}

const ALERT_RULES: readonly AlertRule[] = [
  { sensor: 'CO2', label: METRIC_CATALOGUE.CO2.name, highAbove: 2000, normalBelow: 1500 },
  { sensor: 'CP', label: METRIC_CATALOGUE.CP.alert.event, highAbove: 80, normalBelow: 60 },
];

const ALERT_HIGH = 1;
const ALERT_NORMAL = 2;

/** Alerts raised by a sample given the current levels: one item per sensor whose level changed. */
export function alertTransitions(
  levels: AlertLevels,
  sample: TelemetrySample,
): { levels: AlertLevels; alerts: EventItem[] } {
  const next: Partial<Record<AlertedSensor, AlertLevel>> = { ...levels };
  const alerts: EventItem[] = [];
  for (const rule of ALERT_RULES) {
    const value = sample[rule.sensor];
    if (value === undefined) continue;
    const current = levels[rule.sensor] ?? 'normal';
    if (current === 'normal' && value > rule.highAbove) {
      next[rule.sensor] = 'high';
      alerts.push({ nme: `${rule.label} High`, val: value, sr: rule.sensor, alrt: ALERT_HIGH });
    } else if (current === 'high' && value < rule.normalBelow) {
      next[rule.sensor] = 'normal';
      alerts.push({ nme: `${rule.label} Normal`, val: value, sr: rule.sensor, alrt: ALERT_NORMAL });
    }
  }
  return { levels: next, alerts };
}
