import { z } from 'zod';

/**
 * The metric catalogue: every sensor reading a gateway sends, described once (issue 28; DESIGN.md section 11).
 * The telemetry sample schema, the stored columns and their rollups, the chart series, the web app's labels,
 * units and groups, the sensor/system alert types, the alert engine's types, the graph generator's metrics and
 * words and the simulator's ranges are all derived from it by the functions below; nothing else lists metrics.
 *
 * Adding a metric touches 4 files: an entry here; a migration adding its column (telemetry, telemetry_latest and
 * the rollups' `_min/_max/_sum/_n`) and its line in apps/server/src/db/migrations/index.ts; its value in the
 * simulator's model (apps/gateway-sim/src/sensor-model.ts, a type error until it is there). `metrics.test.ts`
 * adds one to a copy and checks every derived structure.
 */

/** The four sensor series of GET /api/device/{kind}/macId/{m}/fromTime/{f}/toTime/{t} (spec 001 section 3). */
export const SENSOR_KINDS = ['co2Data', 'airQualityData', 'airQuality2Data', 'cpuMm'] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];

/** Sensor groups a gateway's alert configuration is kept in (the side selector of spec 001 section 2, plus system). */
export const SENSOR_GROUP_IDS = ['CO2', 'AIR_QUALITY', 'AIR_QUALITY_2', 'SYSTEM'] as const;
export type SensorGroup = (typeof SENSOR_GROUP_IDS)[number];

/**
 * The side selector of the sensor-graph view and of the cards (spec 001 sections 2 and 4): each group shows the
 * readings of its series. The cards show `cardPoints` of the newest samples (spec 001 section 9).
 */
export const CHART_GROUPS = [
  { id: 'co2', label: 'CO2', series: ['co2Data'], cardPoints: 50 },
  { id: 'aq5', label: 'Air Quality (5)', series: ['airQualityData', 'airQuality2Data'], cardPoints: 40 },
  { id: 'aq2', label: 'Air Quality 2', series: ['airQuality2Data'], cardPoints: 50 },
] as const satisfies readonly {
  id: string;
  label: string;
  series: readonly SensorKind[];
  cardPoints: number;
}[];
export type ChartGroupId = (typeof CHART_GROUPS)[number]['id'];

/** The series of the system readings (CPU, memory): shown on the card's back and in the system-graph view. */
export const SYSTEM_SERIES_KIND: SensorKind = 'cpuMm';

export interface MetricDefinition {
  /** Chart chip and title (spec 001 section 2: 'CO2', 'Total Volatile Organic Compounds', 'CPU usage'). */
  label: string;
  /** The name on a card's mini-chart ('Resistance', 'TVOC', 'CPU'). */
  cardLabel: string;
  /** The name of spec 002 (alert type names, section 5 table; graph generator chips): 'RSTC', 'Memory'. */
  name: string;
  /** Spec 001 section 9 'Units' and docs/mqtt.md 2.3: what the gateway sends the value in. */
  unit: string;
  /** The unit as a symbol where spec 002 writes one ('Ω' for ohms); the unit otherwise. */
  symbol?: string;
  /** Values a sample may carry (docs/mqtt.md 2.3 'Bounds'); any finite number where absent. */
  range: { min?: number; max?: number };
  /** Normal values of a room (or a gateway's load): what the simulator's model draws. */
  typical: { min: number; max: number };
  /** A system reading (CPU, memory): listed with the System Alerts, on the card's back. */
  system: boolean;
  /**
   * Stored: the column of `telemetry` and `telemetry_latest`; rolled up per minute and hour into
   * `{column}_min`, `_max`, `_sum`, `_n` (migration 0002). null: not stored (watched by alerts only).
   */
  stored: { column: string; rollup: 'min-max-sum-count' } | null;
  /**
   * Charted: the series carrying it and its field in that series' readings (spec 001 section 3), its position
   * among the sensor-graph view's chips (spec 001 section 2) and the card mini-chart's fixed value range.
   */
  chart: { series: SensorKind; field: string; chip: number; scale: readonly [number, number] } | null;
  /**
   * Its sensor/system alert (spec 002 sections 3 and 5): the type, its place in the type list, the group of the
   * command to gateways, the threshold bounds, the name of SA items ('{event} High') when not `name`, other
   * names a rule may carry, hidden in the menu.
   */
  alert: {
    type: `HIGH_${string}`;
    order: number;
    group: SensorGroup;
    min: number;
    max: number;
    event?: string;
    aliases: readonly string[];
    hidden?: boolean;
  } | null;
  /**
   * The graph generator's words for it (docs/graph-generator.md), longest first; `shared`: words naming it
   * among others ('gas'), which the generator asks about. Needs `stored` (it reads the rollups).
   */
  graph: { words: readonly string[]; shared: readonly string[] } | null;
}

export type MetricCatalogue = Readonly<Record<string, MetricDefinition>>;

/**
 * The catalogue, keyed by the telemetry key (docs/mqtt.md 2.3), in the order of the spec's readings (spec 001
 * section 3: CO2 reading CO2, TEMP; air quality reading CO, NH3, NO2; then RSTC, TVOC, CPU, memory).
 *
 * NH3, NO2 and CO are ppb: spec 001 section 9 'Units' (CO/NH3/NO2/TVOC ppb) and the device protocol (docs/mqtt.md
 * 2.3) say so; the threshold table of spec 002 section 5 writes ppm beside the same figures, but a threshold is
 * compared with the value the gateway sends, so it is in the value's unit.
 */
export const METRIC_CATALOGUE = {
  CO2: {
    label: 'CO2',
    cardLabel: 'CO2',
    name: 'CO2',
    unit: 'ppm',
    range: {},
    typical: { min: 400, max: 1200 },
    system: false,
    stored: { column: 'co2', rollup: 'min-max-sum-count' },
    chart: { series: 'co2Data', field: 'CO2_CTN', chip: 1, scale: [0, 2000] },
    alert: { type: 'HIGH_CO2', order: 4, group: 'CO2', min: 0, max: 10000, aliases: [] },
    graph: { words: ['carbon dioxide', 'co2', 'co 2'], shared: ['ppm'] },
  },
  TEMP: {
    label: 'Temperature',
    cardLabel: 'Temperature',
    name: 'Temperature',
    unit: '°C',
    range: {},
    typical: { min: 18, max: 28 },
    system: false,
    stored: { column: 'temp', rollup: 'min-max-sum-count' },
    chart: { series: 'co2Data', field: 'TEMP', chip: 2, scale: [0, 40] },
    alert: { type: 'HIGH_TEMP', order: 3, group: 'CO2', min: -20, max: 85, aliases: ['TEMPERATURE'] },
    graph: {
      words: [
        'temperatures',
        'temperature',
        'temps',
        'temp',
        'degc',
        'degrees',
        'degree',
        'celsius',
        'warm',
        'hot',
        'cold',
      ],
      shared: [],
    },
  },
  CO: {
    label: 'CO',
    cardLabel: 'CO',
    name: 'CO',
    unit: 'ppb',
    range: {},
    typical: { min: 0, max: 1200 },
    system: false,
    stored: { column: 'co', rollup: 'min-max-sum-count' },
    chart: { series: 'airQualityData', field: 'CO_CTN', chip: 5, scale: [0, 1500] },
    alert: { type: 'HIGH_CO', order: 7, group: 'AIR_QUALITY', min: 1, max: 1000, aliases: [] },
    graph: { words: ['carbon monoxide', 'co'], shared: ['air quality', 'gases', 'gas', 'ppm'] },
  },
  NH3: {
    label: 'NH3',
    cardLabel: 'NH3',
    name: 'NH3',
    unit: 'ppb',
    range: {},
    typical: { min: 0, max: 60 },
    system: false,
    stored: { column: 'nh3', rollup: 'min-max-sum-count' },
    chart: { series: 'airQualityData', field: 'NH3_CTN', chip: 3, scale: [0, 100] },
    alert: { type: 'HIGH_NH3', order: 5, group: 'AIR_QUALITY', min: 1, max: 500, aliases: [] },
    graph: { words: ['ammonia', 'nh3'], shared: ['air quality', 'gases', 'gas', 'ppm'] },
  },
  NO2: {
    label: 'NO2',
    cardLabel: 'NO2',
    name: 'NO2',
    unit: 'ppb',
    range: {},
    typical: { min: 0, max: 80 },
    system: false,
    stored: { column: 'no2', rollup: 'min-max-sum-count' },
    chart: { series: 'airQualityData', field: 'NO2_CTN', chip: 4, scale: [0, 100] },
    alert: { type: 'HIGH_NO2', order: 6, group: 'AIR_QUALITY', min: 0, max: 10, aliases: [] },
    graph: { words: ['nitrogen dioxide', 'no2'], shared: ['air quality', 'gases', 'gas', 'ppm'] },
  },
  RSTC: {
    label: 'Resistance',
    cardLabel: 'Resistance',
    name: 'RSTC',
    unit: 'ohms',
    symbol: 'Ω',
    range: {},
    typical: { min: 10_000, max: 150_000 },
    system: false,
    stored: { column: 'rstc', rollup: 'min-max-sum-count' },
    chart: { series: 'airQuality2Data', field: 'RSTC', chip: 6, scale: [0, 200_000] },
    alert: { type: 'HIGH_RSTC', order: 9, group: 'AIR_QUALITY', min: 0, max: 500000, aliases: [] },
    graph: { words: ['resistance', 'rstc'], shared: ['air quality'] },
  },
  TVOC: {
    label: 'Total Volatile Organic Compounds',
    cardLabel: 'TVOC',
    name: 'TVOC',
    unit: 'ppb',
    range: {},
    typical: { min: 0, max: 800 },
    system: false,
    stored: { column: 'tvoc', rollup: 'min-max-sum-count' },
    chart: { series: 'airQuality2Data', field: 'TVOC', chip: 7, scale: [0, 1000] },
    alert: { type: 'HIGH_TVOC', order: 10, group: 'AIR_QUALITY', min: 125, max: 600, aliases: [] },
    graph: { words: ['volatile organic compounds', 'tvoc', 'vocs', 'voc'], shared: ['air quality'] },
  },
  /** CO2 of the air-quality sensor 2, where one is fitted: what HIGH_CO2_CTN alerts watch (docs/mqtt.md 2.3). */
  CO2_CTN: {
    label: 'CO2 sensor 2',
    cardLabel: 'CO2 sensor 2',
    name: 'CO2 sensor 2',
    unit: 'ppm',
    range: {},
    typical: { min: 400, max: 1200 },
    system: false,
    stored: null,
    chart: null,
    alert: {
      type: 'HIGH_CO2_CTN',
      order: 8,
      group: 'AIR_QUALITY_2',
      min: 450,
      max: 2000,
      aliases: [],
      hidden: true,
    },
    graph: null,
  },
  CP: {
    label: 'CPU usage',
    cardLabel: 'CPU',
    name: 'CPU',
    unit: '%',
    range: { min: 0, max: 100 },
    typical: { min: 5, max: 60 },
    system: true,
    stored: { column: 'cp', rollup: 'min-max-sum-count' },
    chart: { series: 'cpuMm', field: 'CP', chip: 8, scale: [0, 100] },
    alert: {
      type: 'HIGH_CPU',
      order: 1,
      group: 'SYSTEM',
      min: 0,
      max: 100,
      event: 'CPU Usage',
      aliases: ['CPU'],
    },
    graph: {
      words: ['cpu load', 'cpu usage', 'cpu', 'processor'],
      shared: ['percent', '%', 'usage', 'load'],
    },
  },
  MM: {
    label: 'Used memory',
    cardLabel: 'Memory',
    name: 'Memory',
    unit: 'MB',
    range: { min: 0 },
    typical: { min: 200, max: 900 },
    system: true,
    stored: { column: 'mm', rollup: 'min-max-sum-count' },
    chart: { series: 'cpuMm', field: 'MM', chip: 9, scale: [0, 1000] },
    alert: {
      type: 'HIGH_MEMORY_USAGE',
      order: 2,
      group: 'SYSTEM',
      min: 0,
      max: 100,
      event: 'Memory Usage',
      aliases: ['MEMORY', 'MEMORY_USAGE'],
    },
    graph: { words: ['memory usage', 'memory', 'mem', 'ram'], shared: ['percent', '%', 'usage', 'load'] },
  },
} as const satisfies MetricCatalogue;

export type Catalogue = typeof METRIC_CATALOGUE;
/** A telemetry key (docs/mqtt.md 2.3). */
export type MetricKey = keyof Catalogue;
/** The telemetry keys of the catalogue. */
export const METRIC_KEYS = Object.keys(METRIC_CATALOGUE) as MetricKey[];

// ---------------------------------------------------------------- derived, for any catalogue (tests add one)

const entries = <C extends MetricCatalogue>(catalogue: C) =>
  Object.entries(catalogue) as [keyof C & string, MetricDefinition][];

/** Keys of `C` whose definition has `P` set (not null). */
type KeysWith<C, P extends keyof MetricDefinition> = {
  [K in keyof C]: C[K] extends Record<P, null> ? never : K;
}[keyof C] &
  string;

/** The sample schema's fields: each metric an optional finite number within its range. */
export function sampleFields<C extends MetricCatalogue>(catalogue: C) {
  const fields: Record<string, z.ZodOptional<z.ZodNumber>> = {};
  for (const [key, metric] of entries(catalogue)) {
    let reading = z.number().finite();
    if (metric.range.min !== undefined) reading = reading.min(metric.range.min);
    if (metric.range.max !== undefined) reading = reading.max(metric.range.max);
    fields[key] = reading.optional();
  }
  return fields as { [K in keyof C]: z.ZodOptional<z.ZodNumber> };
}

/** Stored columns to the telemetry key each carries. */
export function storedColumns<C extends MetricCatalogue>(catalogue: C) {
  const columns: Record<string, string> = {};
  for (const [key, metric] of entries(catalogue)) if (metric.stored) columns[metric.stored.column] = key;
  return columns as {
    [K in KeysWith<C, 'stored'> as C[K]['stored'] extends { column: infer Col extends string }
      ? Col
      : never]: K;
  };
}

/** Each series' readings: the metrics it carries, with their field and stored column, in catalogue order. */
export function seriesMetrics<C extends MetricCatalogue>(catalogue: C) {
  const series = Object.fromEntries(SENSOR_KINDS.map((kind) => [kind, []])) as unknown as Record<
    SensorKind,
    { key: KeysWith<C, 'chart'>; field: string; column: string }[]
  >;
  for (const [key, metric] of entries(catalogue)) {
    if (!metric.chart) continue;
    if (!metric.stored) throw new Error(`Metric ${key} is charted but not stored`);
    series[metric.chart.series].push({
      key: key as KeysWith<C, 'chart'>,
      field: metric.chart.field,
      column: metric.stored.column,
    });
  }
  return series;
}

/** A sensor as the charts show it: chip label, unit, series and field, and its key in live samples. */
export interface ChartSensor<K extends string = string> {
  label: string;
  unit: string;
  kind: SensorKind;
  field: string;
  sampleKey: K;
  system: boolean;
  /** Short label and fixed value range of the card's mini-chart. */
  cardLabel: string;
  scale: readonly [number, number];
  chip: number;
}

/** The charted sensors, by telemetry key, in catalogue order. */
export function chartSensors<C extends MetricCatalogue>(catalogue: C) {
  const sensors: Record<string, ChartSensor> = {};
  for (const [key, metric] of entries(catalogue)) {
    if (!metric.chart) continue;
    sensors[key] = {
      label: metric.label,
      unit: metric.unit,
      kind: metric.chart.series,
      field: metric.chart.field,
      sampleKey: key,
      system: metric.system,
      cardLabel: metric.cardLabel,
      scale: metric.chart.scale,
      chip: metric.chart.chip,
    };
  }
  return sensors as { [K in KeysWith<C, 'chart'>]: ChartSensor<K> };
}

/**
 * The charted sensors of some series: in the spec's chip order (`chips`), or series by series in the order
 * given, each in catalogue order (the order of the readings' fields; the cards').
 */
export function sensorsOfSeries<C extends MetricCatalogue>(
  catalogue: C,
  series: readonly SensorKind[],
  order: 'chips' | 'catalogue' = 'catalogue',
): KeysWith<C, 'chart'>[] {
  const sensors = Object.values(chartSensors(catalogue) as Record<string, ChartSensor>).filter((s) =>
    series.includes(s.kind),
  );
  if (order === 'chips') sensors.sort((a, b) => a.chip - b.chip);
  else sensors.sort((a, b) => series.indexOf(a.kind) - series.indexOf(b.kind));
  return sensors.map((s) => s.sampleKey as KeysWith<C, 'chart'>);
}

export interface SensorAlertTypeInfo {
  /** The type's name in labels and messages ('CO2', 'Camera Removal Alert'). */
  name: string;
  /** The telemetry key the alert watches (docs/mqtt.md 2.3) and the code's abbreviation; null: no metric. */
  key: string | null;
  group: SensorGroup;
  /** System alerts (CPU, memory, camera) are listed apart from sensor alerts. */
  system: boolean;
  /** Threshold bounds of spec 002 section 5; null for a type without a threshold. */
  min: number | null;
  max: number | null;
  unit: string;
  /** Hidden in the type menu (spec 002 section 3), still accepted. */
  hidden?: boolean;
}

/** The camera module alert: the one type that watches no metric (the state's CMS). */
export const CAMERA_ALERT_TYPE = 'CAMERA_MODULE_ALERT';
const CAMERA_ALERT_INFO: SensorAlertTypeInfo = {
  name: 'Camera Removal Alert',
  key: null,
  group: 'SYSTEM',
  system: true,
  min: null,
  max: null,
  unit: '',
};

type AlertTypeOf<C> = {
  [K in keyof C]: C[K] extends { alert: { type: infer T extends string } } ? T : never;
}[keyof C];

/** The sensor/system alert types, in the order of spec 002 section 3 (the menu's), the camera's last. */
export function sensorAlertTypeInfo<C extends MetricCatalogue>(catalogue: C) {
  const metrics = entries(catalogue)
    .filter(([, m]) => m.alert !== null)
    .sort(([, a], [, b]) => a.alert!.order - b.alert!.order);
  const info: Record<string, SensorAlertTypeInfo> = {};
  for (const [key, metric] of metrics) {
    const alert = metric.alert!;
    info[alert.type] = {
      name: metric.name,
      key,
      group: alert.group,
      system: metric.system,
      min: alert.min,
      max: alert.max,
      unit: metric.symbol ?? metric.unit,
      ...(alert.hidden ? { hidden: true } : {}),
    };
  }
  info[CAMERA_ALERT_TYPE] = CAMERA_ALERT_INFO;
  return info as Record<AlertTypeOf<C> | typeof CAMERA_ALERT_TYPE, SensorAlertTypeInfo>;
}

/**
 * What the alert engine reads a rule's type as: the spec's type, the telemetry key and the other names a rule
 * may carry, to the key it watches and the name of its SA items ('{label} High').
 */
export function alertEngineTypes<C extends MetricCatalogue>(catalogue: C) {
  const types: Record<string, { key: keyof C & string; label: string }> = {};
  for (const [key, metric] of entries(catalogue)) {
    if (!metric.alert) continue;
    const type = { key, label: metric.alert.event ?? metric.name };
    for (const name of [metric.alert.type, ...metric.alert.aliases, key]) types[name] = type;
  }
  return types;
}

type GraphMetricOf<C> = {
  [K in keyof C]: C[K] extends { graph: object; stored: { column: infer Col extends string } } ? Col : never;
}[keyof C];

/** The graph generator's metrics, by their stored column: chip label and unit. */
export function graphMetricInfo<C extends MetricCatalogue>(catalogue: C) {
  const info: Record<string, { label: string; unit: string; key: string; system: boolean }> = {};
  for (const [key, metric] of entries(catalogue)) {
    if (!metric.graph) continue;
    if (!metric.stored) throw new Error(`Metric ${key} is in the graph generator but not stored`);
    info[metric.stored.column] = {
      label: metric.name,
      unit: metric.symbol ?? metric.unit,
      key,
      system: metric.system,
    };
  }
  return info as Record<GraphMetricOf<C>, { label: string; unit: string; key: keyof C; system: boolean }>;
}

/**
 * The graph generator's metric words: each word of a metric to it (in catalogue order, each metric's longest
 * first), and the words naming several (`shared`) to all of them.
 */
export function graphLexicon<C extends MetricCatalogue>(catalogue: C) {
  type Id = GraphMetricOf<C>;
  const words: [string, Id][] = [];
  const shared = new Map<string, Id[]>();
  for (const [, metric] of entries(catalogue)) {
    if (!metric.graph || !metric.stored) continue;
    const id = metric.stored.column as Id;
    for (const word of metric.graph.words) words.push([word, id]);
    for (const word of metric.graph.shared) shared.set(word, [...(shared.get(word) ?? []), id]);
  }
  return { words, shared: [...shared.entries()] };
}
