import {
  CHART_GROUPS,
  chartSensors,
  METRIC_CATALOGUE,
  type SensorKind,
  type SensorReading,
  SYSTEM_SERIES_KIND,
  sensorsOfSeries,
  type TelemetrySample,
} from '@portal/contract';
import type { TFunction } from 'i18next';

/**
 * The charted sensors of the metric catalogue (packages/contract/src/metrics.ts): spec 001 section 9 'Units':
 * CO2 ppm, CO/NH3/NO2/TVOC ppb, temperature °C, resistance ohms, CPU %, memory MB.
 */
export const SENSORS = chartSensors(METRIC_CATALOGUE);

export type SensorKey = keyof typeof SENSORS;

/** System sensors: their axes reach at least 100 and their alerts are System Alerts. */
export const SYSTEM_SENSORS: readonly SensorKey[] = sensorsOfSeries(METRIC_CATALOGUE, [SYSTEM_SERIES_KIND]);

/**
 * The side selector of the sensor-graph view, as on the cards (sensor-groups.ts): CO2 shows CO2 and temperature;
 * Air Quality (5) the five gas and resistance readings (two series); Air Quality 2 resistance and organic
 * compounds. Chips follow the spec's order.
 */
export const SENSOR_GROUPS: readonly {
  /** Its name is `groups.{id}` of the catalogue. */
  id: (typeof CHART_GROUPS)[number]['id'];
  kinds: readonly SensorKind[];
  sensors: readonly SensorKey[];
}[] = CHART_GROUPS.map((group) => ({
  id: group.id,
  kinds: group.series,
  sensors: sensorsOfSeries(METRIC_CATALOGUE, group.series, 'chips'),
}));

/** 'CO2 (ppm)': a chart's title with its unit, in the language shown. */
export const sensorTitle = (key: SensorKey, t: TFunction<'telemetry'>) =>
  t('sensorTitle', { label: t(`sensors.${key}`), unit: SENSORS[key].unit });

/** Spec 001 section 9: data points rounded to 2 decimals. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

/** A live sample (device short keys) as a reading of the `kind` series, as the sensor calls answer. */
export function readingFromSample(kind: SensorKind, sample: TelemetrySample): SensorReading | null {
  const reading: SensorReading = { TI: sample.TI, CS: 1 };
  let measured = false;
  for (const sensor of Object.values(SENSORS)) {
    if (sensor.kind !== kind) continue;
    const value = sample[sensor.sampleKey];
    reading[sensor.field] = value === undefined ? null : round2(value);
    if (value !== undefined) measured = true;
  }
  return measured ? reading : null;
}

/** The times and values of one sensor, ready for a chart; missing values stay gaps (null). */
export function sensorSeries(readings: readonly SensorReading[], key: SensorKey) {
  const { field } = SENSORS[key];
  const times: number[] = [];
  const values: (number | null)[] = [];
  for (const reading of readings) {
    times.push(reading.TI);
    const value = reading[field];
    values.push(typeof value === 'number' ? round2(value) : null);
  }
  return { times, values };
}

/** Readings of two chunks (or a chunk and live samples) in time order, each time once. */
export function mergeByTime<T extends { TI: number }>(current: readonly T[], incoming: readonly T[]): T[] {
  if (incoming.length === 0) return current as T[];
  const last = current.at(-1);
  // The usual cases: a later chunk or live samples, appended as they are.
  if (!last || incoming[0]!.TI > last.TI) return [...current, ...incoming];
  const byTime = new Map<number, T>();
  for (const item of [...current, ...incoming]) if (!byTime.has(item.TI)) byTime.set(item.TI, item);
  return [...byTime.values()].sort((a, b) => a.TI - b.TI);
}

/** Readings per series, e.g. { co2Data: [...] }. */
export type SeriesReadings = Partial<Record<SensorKind, SensorReading[]>>;

/** Each series' readings of a chunk (or of live samples) merged into those shown. */
export function mergeSeries(current: SeriesReadings, incoming: SeriesReadings): SeriesReadings {
  const merged = { ...current };
  for (const [kind, readings] of Object.entries(incoming) as [SensorKind, SensorReading[]][]) {
    merged[kind] = mergeByTime(current[kind] ?? [], readings);
  }
  return merged;
}
