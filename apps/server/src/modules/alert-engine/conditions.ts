import { alertEngineTypes, METRIC_CATALOGUE, type TelemetrySample } from '@portal/contract';
import type { AlertRule } from './alert-rules.port.ts';

/** A telemetry key a sensor rule watches (docs/mqtt.md 2.3). */
export type SensorKey = Exclude<keyof TelemetrySample, 'TI'>;

interface SensorType {
  key: SensorKey;
  /** The name of SA items: '{label} High', '{label} Low', '{label} Normal'. */
  label: string;
}

/**
 * The spec's sensor/system alert types (002 section 3) and the shorter names the rules may carry (the telemetry
 * key, 'CPU', 'MEMORY'...), to the telemetry key each watches: the metric catalogue's alerts. HIGH_CO2_CTN
 * watches `CO2_CTN`, the CO2 of the air-quality sensor 2. CAMERA_MODULE_ALERT has no sample key: it watches the
 * state's CMS (CAMERA_TYPE, the engine's `gatewayState`).
 */
const SENSOR_TYPES: Readonly<Record<string, SensorType>> = alertEngineTypes(METRIC_CATALOGUE);

/** The camera alert's type: a camera module the gateway had (CMS 1) is missing (CMS 0). */
export const CAMERA_TYPE = 'CAMERA_MODULE_ALERT';

export function sensorType(type: string): SensorType | null {
  return SENSOR_TYPES[type.toUpperCase()] ?? null;
}

/** A sensor rule the engine can evaluate: a known key, a threshold type and a threshold. */
export interface SensorCondition {
  rule: AlertRule;
  key: SensorKey;
  label: string;
  high: boolean;
  threshold: number;
}

export function sensorCondition(rule: AlertRule): SensorCondition | null {
  if (rule.kind !== 'sensor' || rule.threshold === null || rule.thresholdType === null) return null;
  const type = sensorType(rule.type);
  if (!type) return null;
  return {
    rule,
    key: type.key,
    label: type.label,
    high: rule.thresholdType === 'HIGH',
    threshold: rule.threshold,
  };
}

/** HIGH holds strictly above the threshold, LOW strictly below; the threshold itself is normal. */
export function breaches(condition: Pick<SensorCondition, 'high' | 'threshold'>, value: number): boolean {
  return condition.high ? value > condition.threshold : value < condition.threshold;
}

/** A battery alert holds at or below its level (a 20 % alert fires at 20 %). */
export function batteryLow(rule: AlertRule, level: number): boolean {
  return rule.threshold !== null && level <= rule.threshold;
}

/**
 * The newest value of each key in a message's samples, with its time (a backlog carries many; only the
 * newest says how things stand now).
 */
export function newestValues(
  samples: readonly TelemetrySample[],
): Map<SensorKey, { value: number; ti: number }> {
  const newest = new Map<SensorKey, { value: number; ti: number }>();
  for (const sample of samples) {
    for (const [key, value] of Object.entries(sample)) {
      if (key === 'TI' || typeof value !== 'number') continue;
      const current = newest.get(key as SensorKey);
      if (!current || sample.TI >= current.ti) newest.set(key as SensorKey, { value, ti: sample.TI });
    }
  }
  return newest;
}

export const DAY_MS = 86_400_000;

/** The rule's reminder and escalation (its routing), as an incident's timers. */
export function routingTimers(rule: AlertRule): { reminderMs: number | null; escalationMs: number | null } {
  const minutes = (m: number | null | undefined) => (m == null ? null : m * 60_000);
  return {
    reminderMs: minutes(rule.routing?.reminderMinutes),
    escalationMs: minutes(rule.routing?.escalationMinutes),
  };
}
