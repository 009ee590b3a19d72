import { describe, expect, it } from 'vitest';
import { SENSOR_ALERT_TYPE_INFO, SENSOR_ALERT_TYPES } from './alerts.ts';
import { telemetrySample } from './device.ts';
import { GRAPH_METRIC_INFO, GRAPH_METRICS } from './graph-generator.ts';
import {
  alertEngineTypes,
  CHART_GROUPS,
  chartSensors,
  graphLexicon,
  graphMetricInfo,
  METRIC_CATALOGUE,
  type MetricDefinition,
  SENSOR_KINDS,
  sampleFields,
  sensorAlertTypeInfo,
  sensorsOfSeries,
  seriesMetrics,
  storedColumns,
} from './metrics.ts';
import { SENSOR_FIELDS } from './sensors.ts';

/** A metric a real gateway could add: particulate matter of the air-quality sensor, in µg/m³. */
const PM25 = {
  label: 'PM2.5',
  cardLabel: 'PM2.5',
  name: 'PM2.5',
  unit: 'µg/m³',
  range: { min: 0 },
  typical: { min: 2, max: 35 },
  system: false,
  stored: { column: 'pm25', rollup: 'min-max-sum-count' },
  chart: { series: 'airQualityData', field: 'PM25_CTN', chip: 8, scale: [0, 100] },
  alert: { type: 'HIGH_PM25', order: 11, group: 'AIR_QUALITY', min: 0, max: 500, aliases: ['PM'] },
  graph: { words: ['particulate matter', 'pm25'], shared: ['air quality', 'dust'] },
} as const satisfies MetricDefinition;

/** The fixture: a copy of the catalogue with one metric added, and nothing else changed. */
const WITH_PM25 = { ...METRIC_CATALOGUE, PM25 };

/** The types follow too: the added metric is a literal key of each derived structure (checked by tsc). */
type With = typeof WITH_PM25;
const ADDED: {
  sample: keyof ReturnType<typeof sampleFields<With>>;
  column: keyof ReturnType<typeof storedColumns<With>>;
  chart: keyof ReturnType<typeof chartSensors<With>>;
  alert: keyof ReturnType<typeof sensorAlertTypeInfo<With>>;
  graph: keyof ReturnType<typeof graphMetricInfo<With>>;
} = { sample: 'PM25', column: 'pm25', chart: 'PM25', alert: 'HIGH_PM25', graph: 'pm25' };

describe('adding a metric to the catalogue (one entry)', () => {
  it('is a key of every derived structure, in types as in values', () => {
    expect(Object.keys(sampleFields(WITH_PM25))).toContain(ADDED.sample);
    expect(Object.keys(storedColumns(WITH_PM25))).toContain(ADDED.column);
    expect(Object.keys(chartSensors(WITH_PM25))).toContain(ADDED.chart);
    expect(Object.keys(sensorAlertTypeInfo(WITH_PM25))).toContain(ADDED.alert);
    expect(Object.keys(graphMetricInfo(WITH_PM25))).toContain(ADDED.graph);
  });

  it('is in the telemetry sample schema, with its bounds', () => {
    const sample = (value: number) => ({ TI: 1_750_000_000_000, PM25: value });
    const schema = telemetrySample.extend(sampleFields(WITH_PM25));
    expect(schema.parse(sample(12.5))).toEqual(sample(12.5));
    expect(schema.safeParse(sample(-1)).success).toBe(false);
    expect(Object.keys(sampleFields(WITH_PM25))).toContain('PM25');
  });

  it('is a stored column with rollups and a field of its series (server: repository, rollups, sensor data)', () => {
    expect(storedColumns(WITH_PM25).pm25).toBe('PM25');
    expect(Object.keys(storedColumns(WITH_PM25))).toHaveLength(
      Object.keys(storedColumns(METRIC_CATALOGUE)).length + 1,
    );
    expect(seriesMetrics(WITH_PM25).airQualityData).toContainEqual({
      key: 'PM25',
      field: 'PM25_CTN',
      column: 'pm25',
    });
  });

  it('is charted by the web app with its label, unit, card label and scale, in its groups', () => {
    expect(chartSensors(WITH_PM25).PM25).toMatchObject({
      label: 'PM2.5',
      unit: 'µg/m³',
      kind: 'airQualityData',
      field: 'PM25_CTN',
      sampleKey: 'PM25',
      cardLabel: 'PM2.5',
      scale: [0, 100],
    });
    const aq5 = CHART_GROUPS.find((g) => g.id === 'aq5')!;
    expect(sensorsOfSeries(WITH_PM25, aq5.series, 'chips')).toEqual([
      'NH3',
      'NO2',
      'CO',
      'RSTC',
      'TVOC',
      'PM25',
    ]);
    expect(sensorsOfSeries(WITH_PM25, aq5.series)).toEqual(['CO', 'NH3', 'NO2', 'PM25', 'RSTC', 'TVOC']);
  });

  it('is an alert type with its bounds and unit, and the alert engine knows its names', () => {
    const info = sensorAlertTypeInfo(WITH_PM25);
    expect(info.HIGH_PM25).toEqual({
      name: 'PM2.5',
      key: 'PM25',
      group: 'AIR_QUALITY',
      system: false,
      min: 0,
      max: 500,
      unit: 'µg/m³',
    });
    expect(Object.keys(info).slice(-2)).toEqual(['HIGH_PM25', 'CAMERA_MODULE_ALERT']);
    const engine = alertEngineTypes(WITH_PM25);
    for (const name of ['HIGH_PM25', 'PM25', 'PM'])
      expect(engine[name]).toEqual({ key: 'PM25', label: 'PM2.5' });
  });

  it('is a graph generator metric with its words', () => {
    expect(graphMetricInfo(WITH_PM25).pm25).toEqual({
      label: 'PM2.5',
      unit: 'µg/m³',
      key: 'PM25',
      system: false,
    });
    const lexicon = graphLexicon(WITH_PM25);
    expect(lexicon.words).toContainEqual(['particulate matter', 'pm25']);
    expect(lexicon.shared).toContainEqual(['dust', ['pm25']]);
    expect(lexicon.shared.find(([word]) => word === 'air quality')?.[1]).toContain('pm25');
  });

  it('is refused where it would be charted or graphed without a stored column', () => {
    const unstored = { ...METRIC_CATALOGUE, PM25: { ...PM25, stored: null } };
    expect(() => seriesMetrics(unstored)).toThrow(/PM25 is charted but not stored/);
    expect(() => graphMetricInfo({ ...unstored, PM25: { ...unstored.PM25, chart: null } })).toThrow(
      /PM25 is in the graph generator but not stored/,
    );
  });
});

describe('the catalogue', () => {
  it('holds the readings of docs/mqtt.md 2.3 with their units; NH3, NO2, CO and TVOC in ppb', () => {
    const units = Object.fromEntries(Object.entries(METRIC_CATALOGUE).map(([key, m]) => [key, m.unit]));
    expect(units).toEqual({
      CO2: 'ppm',
      TEMP: '°C',
      CO: 'ppb',
      NH3: 'ppb',
      NO2: 'ppb',
      RSTC: 'ohms',
      TVOC: 'ppb',
      CO2_CTN: 'ppm',
      CP: '%',
      MM: 'MB',
    });
  });

  it('keeps positions, fields and columns unique', () => {
    const metrics = Object.values(METRIC_CATALOGUE) as MetricDefinition[];
    const unique = (values: unknown[]) => expect(new Set(values).size).toBe(values.length);
    unique(metrics.flatMap((m) => (m.chart ? [m.chart.chip] : [])));
    unique(metrics.flatMap((m) => (m.chart ? [m.chart.field] : [])));
    unique(metrics.flatMap((m) => (m.alert ? [m.alert.order] : [])));
    unique(metrics.flatMap((m) => (m.stored ? [m.stored.column] : [])));
    unique(metrics.flatMap((m) => m.graph?.words ?? []));
  });

  it('gives the contract the lists it had (behaviour unchanged)', () => {
    expect(Object.keys(telemetrySample.shape)).toEqual(['TI', ...Object.keys(METRIC_CATALOGUE)]);
    expect(SENSOR_KINDS).toEqual(['co2Data', 'airQualityData', 'airQuality2Data', 'cpuMm']);
    expect(SENSOR_FIELDS).toEqual({
      co2Data: ['CO2_CTN', 'TEMP'],
      airQualityData: ['CO_CTN', 'NH3_CTN', 'NO2_CTN'],
      airQuality2Data: ['RSTC', 'TVOC'],
      cpuMm: ['CP', 'MM'],
    });
    expect(SENSOR_ALERT_TYPES).toEqual([
      'HIGH_CPU',
      'HIGH_MEMORY_USAGE',
      'HIGH_TEMP',
      'HIGH_CO2',
      'HIGH_NH3',
      'HIGH_NO2',
      'HIGH_CO',
      'HIGH_CO2_CTN',
      'HIGH_RSTC',
      'HIGH_TVOC',
      'CAMERA_MODULE_ALERT',
    ]);
    expect(SENSOR_ALERT_TYPE_INFO.HIGH_CO2_CTN).toEqual({
      name: 'CO2 sensor 2',
      key: 'CO2_CTN',
      group: 'AIR_QUALITY_2',
      system: false,
      min: 450,
      max: 2000,
      unit: 'ppm',
      hidden: true,
    });
    expect(SENSOR_ALERT_TYPE_INFO.HIGH_RSTC.unit).toBe('Ω');
    expect(SENSOR_ALERT_TYPE_INFO.HIGH_NH3).toMatchObject({ min: 1, max: 500, unit: 'ppb' });
    expect(GRAPH_METRICS).toEqual(['co2', 'temp', 'co', 'nh3', 'no2', 'rstc', 'tvoc', 'cp', 'mm']);
    expect(GRAPH_METRIC_INFO.mm).toMatchObject({ label: 'Memory', unit: 'MB' });
  });
});
