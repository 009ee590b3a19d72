import { MAX_POINTS_PER_SERIES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { planSeries } from './series-plan.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('planSeries', () => {
  it('answers an hour from the raw samples', () => {
    expect(planSeries(0, HOUR)).toEqual({ source: 'telemetry', bucketMs: 7200 });
  });

  it('answers a week from the minute rollup and three months from the hour rollup', () => {
    expect(planSeries(0, 7 * DAY).source).toBe('telemetry_1m');
    expect(planSeries(0, 91.25 * DAY)).toEqual({ source: 'telemetry_1h', bucketMs: 5 * HOUR });
  });

  it('reads the minute rollup for a short range whose raw samples retention has removed', () => {
    expect(planSeries(10 * DAY, 10 * DAY + HOUR, 20 * DAY)).toEqual({
      source: 'telemetry_1m',
      bucketMs: 60_000,
    });
    expect(planSeries(30 * DAY, 30 * DAY + HOUR, 20 * DAY).source).toBe('telemetry');
  });

  it('never plans more buckets than half the point budget (two points per bucket)', () => {
    for (const range of [HOUR, 6 * HOUR, DAY, 7 * DAY, 14 * DAY, 30 * DAY, 92 * DAY]) {
      const { bucketMs } = planSeries(0, range);
      expect(Math.ceil(range / bucketMs) * 2).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES + 2);
    }
  });
});
