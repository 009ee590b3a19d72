import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/index.ts';
import { extent, timeAxisRange, valueAxisRange } from './chart-scales.ts';
import { isGraphFailure } from './graph-failure.ts';
import { offlineAreas } from './offline-areas.ts';
import {
  mergeByTime,
  mergeSeries,
  readingFromSample,
  round2,
  SENSOR_GROUPS,
  sensorSeries,
  sensorTitle,
} from './sensors.ts';

beforeAll(() => initI18n('en', ['telemetry']));
const english = () => i18n.getFixedT('en', 'telemetry');

const HOUR = 3_600_000;
const T = 1_800_000_000_000;
const range = { fromTime: T, toTime: T + 10 * HOUR };

describe('chart axes', () => {
  it('pads values 5 below the minimum and 10 above the maximum', () => {
    expect(valueAxisRange(400, 1200)).toEqual([395, 1210]);
    expect(valueAxisRange(-3, -1)).toEqual([-8, 9]);
  });

  it('lets CPU and memory axes reach at least 100', () => {
    expect(valueAxisRange(5, 60, { system: true })).toEqual([0, 100]);
    expect(valueAxisRange(5, 90, { system: true })).toEqual([0, 100]);
    expect(valueAxisRange(5, 91, { system: true })).toEqual([0, 101]);
    expect(valueAxisRange(200, 900, { system: true })).toEqual([195, 910]);
    expect(valueAxisRange(null, null, { system: true })).toEqual([0, 100]);
  });

  it('finds the extent of a series, gaps left out', () => {
    expect(extent([3, null, -1, 7])).toEqual({ min: -1, max: 7 });
    expect(extent([null])).toEqual({ min: null, max: null });
  });

  it('draws the time axis over exactly the chosen range: no hour before, no empty hour after', () => {
    expect(timeAxisRange(range, [])).toEqual([T, T + 10 * HOUR]);
    expect(timeAxisRange(range, [T + HOUR, T + 9 * HOUR])).toEqual([T, T + 10 * HOUR]);
    // '1 hour' is one hour wide, whatever the samples.
    const hour = { fromTime: T, toTime: T + HOUR };
    const [from, to] = timeAxisRange(hour, [T + 60_000, T + HOUR]);
    expect(to - from).toBe(HOUR);
  });

  it('slides a live window with samples past its end, keeping its span', () => {
    expect(timeAxisRange(range, [T + HOUR, T + 12 * HOUR])).toEqual([T + 2 * HOUR, T + 12 * HOUR]);
  });
});

describe('offline areas', () => {
  it('shade from CS 0 to the next CS 1', () => {
    const readings = [
      { TI: T + HOUR, CS: 1 },
      { TI: T + 2 * HOUR, CS: 0 },
      { TI: T + 3 * HOUR, CS: 0 },
      { TI: T + 4 * HOUR, CS: 1 },
    ];
    expect(offlineAreas(readings, [], range)).toEqual([{ start: T + 2 * HOUR, end: T + 4 * HOUR }]);
  });

  it('shade from OFF 1 to OFF 0, the state before the range starting at its start, open ones to its end', () => {
    const states = [
      { OFF: 1 as const, time: T - 5 * HOUR },
      { OFF: 0 as const, time: T + HOUR },
      { OFF: 1 as const, time: T + 8 * HOUR },
    ];
    expect(offlineAreas([], states, range)).toEqual([
      { start: T, end: T + HOUR },
      { start: T + 8 * HOUR, end: T + 10 * HOUR },
    ]);
  });

  it('merge overlapping periods of both sources and ignore a lone online', () => {
    const readings = [
      { TI: T + 2 * HOUR, CS: 0 },
      { TI: T + 4 * HOUR, CS: 1 },
    ];
    const states = [
      { OFF: 0 as const, time: T + HOUR },
      { OFF: 1 as const, time: T + 3 * HOUR },
      { OFF: 0 as const, time: T + 5 * HOUR },
    ];
    expect(offlineAreas(readings, states, range)).toEqual([{ start: T + 2 * HOUR, end: T + 5 * HOUR }]);
  });
});

describe('graph data', () => {
  it('treats an answer with a status field as a failure', () => {
    expect(isGraphFailure({ status: 500, message: 'x' })).toBe(true);
    expect(isGraphFailure([{ TI: 1, CS: 1 }])).toBe(false);
    expect(isGraphFailure(null)).toBe(false);
  });

  it('rounds values to 2 decimals and turns live samples into readings of a series', () => {
    expect(round2(20.456)).toBe(20.46);
    expect(readingFromSample('co2Data', { TI: T, CO2: 612.345, TEMP: 21, CP: 3 })).toEqual({
      TI: T,
      CS: 1,
      CO2_CTN: 612.35,
      TEMP: 21,
    });
    expect(readingFromSample('airQualityData', { TI: T, CO2: 600 })).toBeNull();
    expect(
      sensorSeries(
        [
          { TI: T, CS: 1, NH3_CTN: 1.234 },
          { TI: T + 1, CS: 1, NH3_CTN: null },
        ],
        'NH3',
      ),
    ).toEqual({
      times: [T, T + 1],
      values: [1.23, null],
    });
  });

  it('names charts with their units', () => {
    const t = english();
    expect(sensorTitle('CO2', t)).toBe('CO2 (ppm)');
    expect(sensorTitle('TEMP', t)).toBe('Temperature (°C)');
    expect(sensorTitle('CO', t)).toBe('CO (ppb)');
    expect(sensorTitle('TVOC', t)).toBe('Total Volatile Organic Compounds (ppb)');
    expect(sensorTitle('RSTC', t)).toBe('Resistance (ohms)');
    expect(sensorTitle('CP', t)).toBe('CPU usage (%)');
    expect(sensorTitle('MM', t)).toBe('Used memory (MB)');
  });

  it('names charts in German when German is shown', async () => {
    await i18n.loadLanguages('de');
    const t = i18n.getFixedT('de', 'telemetry');
    expect(sensorTitle('TEMP', t)).toBe('Temperatur (°C)');
    expect(sensorTitle('MM', t)).toBe('Belegter Speicher (MB)');
  });
});

describe('merging chunks and live samples', () => {
  it('appends later readings and keeps each time once in order otherwise', () => {
    const a = [{ TI: 1 }, { TI: 2 }];
    expect(mergeByTime(a, [{ TI: 3 }])).toEqual([{ TI: 1 }, { TI: 2 }, { TI: 3 }]);
    expect(mergeByTime(a, [{ TI: 0 }, { TI: 2 }])).toEqual([{ TI: 0 }, { TI: 1 }, { TI: 2 }]);
    expect(mergeByTime(a, [])).toBe(a);
  });
});

describe('sensor groups', () => {
  it('give the side selector CO2, Air Quality (5) and Air Quality 2 with the spec chips', () => {
    expect(SENSOR_GROUPS.map((group) => [english()(`groups.${group.id}`), group.sensors.length])).toEqual([
      ['CO2', 2],
      ['Air Quality (5)', 5],
      ['Air Quality 2', 2],
    ]);
    // Every chip of the spec, each sensor's series fetched by its group.
    expect([...new Set(SENSOR_GROUPS.flatMap((group) => group.sensors))]).toEqual([
      'CO2',
      'TEMP',
      'NH3',
      'NO2',
      'CO',
      'RSTC',
      'TVOC',
    ]);
  });

  it('merge each series of a chunk into its own readings', () => {
    const merged = mergeSeries(
      { co2Data: [{ TI: 1, CS: 1 }] },
      { co2Data: [{ TI: 2, CS: 1 }], airQualityData: [{ TI: 1, CS: 1 }] },
    );
    expect(merged.co2Data?.map((r) => r.TI)).toEqual([1, 2]);
    expect(merged.airQualityData).toHaveLength(1);
  });
});
