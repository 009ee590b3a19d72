import { describe, expect, it } from 'vitest';
import { METRIC_COLUMNS, type Metric } from '../../db/metrics.ts';
import { rollUp, type SampleRow } from './rollup.ts';

// Every stored metric empty but the two a case gives: a metric added to the catalogue needs no edit here.
const sample = (ti: number, co2: number | null, temp: number | null = null): SampleRow => ({
  mac: 'AABBCCDDEEFF',
  ti,
  ...(Object.fromEntries(METRIC_COLUMNS.map((metric) => [metric, null])) as Record<Metric, null>),
  co2,
  temp,
});

describe('rollUp', () => {
  it('keeps min, max, sum and count per metric and bucket', () => {
    const rows = rollUp(
      [sample(60_000, 400, 20), sample(65_000, 2500), sample(119_999, 500, 22), sample(120_000, 450)],
      60_000,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      bucket: 60_000,
      co2_min: 400,
      co2_max: 2500,
      co2_sum: 3400,
      co2_n: 3,
      temp_min: 20,
      temp_max: 22,
      temp_n: 2,
    });
    expect(rows[1]).toMatchObject({
      bucket: 120_000,
      co2_min: 450,
      co2_max: 450,
      co2_n: 1,
      temp_min: null,
      temp_n: 0,
    });
  });

  it('separates gateways', () => {
    const other = { ...sample(60_000, 1), mac: '112233445566' };
    expect(rollUp([sample(60_000, 2), other], 60_000)).toHaveLength(2);
  });
});
