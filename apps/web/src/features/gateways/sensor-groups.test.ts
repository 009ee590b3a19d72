import { describe, expect, it } from 'vitest';
import { mergeSamples, polylinePoints, SENSOR_GROUPS, sensorGroup, seriesValues } from './sensor-groups.ts';

const T0 = 1_750_000_000_000;
const samples = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ TI: T0 + i * 5000, CO2: 400 + i }));

describe('sensor groups', () => {
  it('offers CO2, Air Quality (5) and Air Quality 2, CO2 first', () => {
    expect(SENSOR_GROUPS.map((group) => group.label)).toEqual(['CO2', 'Air Quality (5)', 'Air Quality 2']);
    expect(sensorGroup('co2').series.map((s) => s.label)).toEqual(['CO2', 'Temperature']);
    expect(sensorGroup('aq5').series).toHaveLength(5);
  });

  it('shows 50 points, 40 for air quality 5', () => {
    expect(sensorGroup('co2').points).toBe(50);
    expect(sensorGroup('aq2').points).toBe(50);
    expect(sensorGroup('aq5').points).toBe(40);
  });
});

describe('seriesValues', () => {
  it('keeps the newest values, oldest first, skipping samples without the reading', () => {
    const values = seriesValues([...samples(60), { TI: T0 + 999_999 }], 'CO2', 50);
    expect(values).toHaveLength(50);
    expect(values[0]).toBe(410);
    expect(values[49]).toBe(459);
  });
});

describe('mergeSamples', () => {
  it('merges by time, newest kept, at most 50', () => {
    const merged = mergeSamples(samples(50), [{ TI: T0 + 50 * 5000, CO2: 999 }]);
    expect(merged).toHaveLength(50);
    expect(merged[49]).toEqual({ TI: T0 + 250_000, CO2: 999 });
    expect(merged[0]?.TI).toBe(T0 + 5000);
  });

  it('replaces a sample of the same time and sorts a backlog in', () => {
    const merged = mergeSamples(
      [{ TI: T0 + 10, CO2: 1 }],
      [
        { TI: T0 + 10, CO2: 2 },
        { TI: T0, CO2: 0 },
      ],
    );
    expect(merged).toEqual([
      { TI: T0, CO2: 0 },
      { TI: T0 + 10, CO2: 2 },
    ]);
  });
});

describe('polylinePoints', () => {
  it('spreads points over the width with the axis padded (min - 5, max + 10)', () => {
    // low 395, high 420: 400 sits at 20 % from the bottom, 410 at 60 %.
    expect(polylinePoints([400, 410], 100, 100)).toBe('0,80 100,40');
  });

  it('draws nothing without values and a point for one value', () => {
    expect(polylinePoints([], 100, 100)).toBe('');
    expect(polylinePoints([10], 100, 60)).toBe('0,40');
  });
});
