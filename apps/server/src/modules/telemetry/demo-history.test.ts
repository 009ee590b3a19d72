import { describe, expect, it } from 'vitest';
import { demoHistorySpans } from './demo-history.ts';
import { planSeries } from './series-plan.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 25, 10, 0, 0);

describe('demo history spans', () => {
  const { raw, older } = demoHistorySpans(NOW);

  it('covers 90 days without gaps or overlaps, newest densest', () => {
    const spans = [...older, raw];
    expect(spans[0]?.from).toBe(NOW - 90 * DAY);
    expect(raw.to).toBe(NOW);
    for (let i = 1; i < spans.length; i++) expect(spans[i]?.from).toBe(spans[i - 1]?.to);
    const steps = spans.map((s) => s.stepMs);
    expect([...steps].sort((a, b) => b - a)).toEqual(steps);
  });

  it('writes raw samples for every range the charts read raw samples for', () => {
    // The longest range still answered from raw samples must lie within the raw span.
    let longest = HOUR;
    while (planSeries(NOW - (longest + HOUR), NOW).source === 'telemetry') longest += HOUR;
    expect(raw.from).toBeLessThanOrEqual(NOW - longest);
  });

  it('samples the minute rollup densely enough for the ranges that read it', () => {
    // 24 hours: buckets of about 3 minutes; the newest two days are written every minute.
    expect(older.at(-1)?.stepMs).toBe(60_000);
    expect(older.at(-1)?.from).toBe(NOW - 2 * DAY);
    // Two weeks: 40-minute buckets, written every 5 minutes.
    expect(planSeries(NOW - 14 * DAY, NOW).bucketMs).toBeGreaterThan(older.at(-2)?.stepMs ?? 0);
  });

  it('shortens to the days asked for', () => {
    const short = demoHistorySpans(NOW, 1);
    expect(short.older[0]?.from).toBe(NOW - DAY);
    expect(short.raw.to).toBe(NOW);
  });
});
