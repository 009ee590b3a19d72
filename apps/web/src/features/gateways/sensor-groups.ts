import {
  CHART_GROUPS,
  type ChartGroupId,
  chartSensors,
  METRIC_CATALOGUE,
  type SensorKind,
  SYSTEM_SERIES_KIND,
  sensorsOfSeries,
  type TelemetrySample,
} from '@portal/contract';

/**
 * The card's sensor selector (spec 001 section 4 'Sensor selection per card'): CO2 (default), Air Quality (5)
 * and Air Quality 2, mutually exclusive. CO2 shows CO2 and temperature; Air Quality (5) the five gas and
 * resistance readings; Air Quality 2 the second sensor's two (resistance and organic compounds). The groups,
 * labels and units are the metric catalogue's (packages/contract/src/metrics.ts).
 */
export type SensorGroup = ChartGroupId;
export const DEFAULT_SENSOR_GROUP: SensorGroup = 'co2';

export type SampleKey = Exclude<keyof TelemetrySample, 'TI'>;

export interface SeriesInfo {
  key: SampleKey;
  label: string;
  unit: string;
}

export interface SensorGroupInfo {
  id: SensorGroup;
  label: string;
  /** How many of the newest samples the mini-charts show (section 9: 50, 40 for air quality 5). */
  points: number;
  series: readonly SeriesInfo[];
}

const SENSORS = chartSensors(METRIC_CATALOGUE);
const seriesOf = (kinds: readonly SensorKind[]): SeriesInfo[] =>
  sensorsOfSeries(METRIC_CATALOGUE, kinds).map((key) => ({
    key,
    label: SENSORS[key].cardLabel,
    unit: SENSORS[key].unit,
  }));

export const SENSOR_GROUPS: readonly SensorGroupInfo[] = CHART_GROUPS.map((group) => ({
  id: group.id,
  label: group.label,
  points: group.cardPoints,
  series: seriesOf(group.series),
}));

export const SYSTEM_SERIES: readonly SeriesInfo[] = seriesOf([SYSTEM_SERIES_KIND]);

export function sensorGroup(id: SensorGroup): SensorGroupInfo {
  return SENSOR_GROUPS.find((group) => group.id === id) ?? SENSOR_GROUPS[0]!;
}

/** Card data keeps this many samples per gateway (the most any chart shows). */
export const MINI_CHART_MAX_POINTS = 50;

/** The newest `count` values of one reading, oldest first; samples without it are skipped. */
export function seriesValues(samples: readonly TelemetrySample[], key: SampleKey, count: number): number[] {
  const values: number[] = [];
  for (const sample of samples) {
    const value = sample[key];
    if (typeof value === 'number' && Number.isFinite(value)) values.push(value);
  }
  return values.slice(-count);
}

/** Samples merged by TI (a newer copy of the same TI wins), oldest first, the newest `keep` kept. */
export function mergeSamples(
  current: readonly TelemetrySample[],
  incoming: readonly TelemetrySample[],
  keep = MINI_CHART_MAX_POINTS,
): TelemetrySample[] {
  const byTime = new Map<number, TelemetrySample>();
  for (const sample of current) byTime.set(sample.TI, sample);
  for (const sample of incoming) byTime.set(sample.TI, sample);
  return [...byTime.values()].sort((a, b) => a.TI - b.TI).slice(-keep);
}

/**
 * SVG polyline points for values in a width x height box; the y axis spans `scale`, or else min..max with
 * section 9's padding (minimum minus 5, maximum plus 10) so a flat line sits inside the box.
 */
export function polylinePoints(
  values: readonly number[],
  width: number,
  height: number,
  /** A fixed y range (mini-chart-scale.ts) instead of the padded extent of the values. */
  scale?: readonly [number, number],
): string {
  if (values.length === 0) return '';
  const low = scale ? scale[0] : Math.min(...values) - 5;
  const high = scale ? scale[1] : Math.max(...values) + 10;
  const stepX = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((value, i) => {
      const x = Math.round(i * stepX * 10) / 10;
      const y = Math.round((height - ((value - low) / (high - low)) * height) * 10) / 10;
      return `${x},${y}`;
    })
    .join(' ');
}
