import { chartSensors, METRIC_CATALOGUE } from '@portal/contract';
import type { SampleKey } from './sensor-groups.ts';

/**
 * Fixed value ranges of the card mini-charts, per reading: wide enough for its normal values (the simulator's
 * and a real room's), so a change of a few units draws as a small change, not as a spike filling the chart
 * (issue 14.6: 19 % CPU looked like wild spikes). A value outside widens the range to include it. The ranges are
 * the metric catalogue's (`chart.scale`).
 */
export const MINI_CHART_SCALES: Partial<Record<SampleKey, readonly [number, number]>> = Object.fromEntries(
  Object.values(chartSensors(METRIC_CATALOGUE)).map((sensor) => [sensor.sampleKey, sensor.scale]),
);

/** The y range a mini-chart of `key` draws `values` on: its fixed range, widened to values outside it. */
export function miniChartScale(key: SampleKey, values: readonly number[]): [number, number] {
  const fixed = MINI_CHART_SCALES[key];
  let low = fixed ? fixed[0] : Number.POSITIVE_INFINITY;
  let high = fixed ? fixed[1] : Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [0, 1];
  if (high === low) return [low - 1, high + 1];
  // Only a bound a value pushed out is rounded; the fixed ones stay as they are.
  return [
    fixed && low === fixed[0] ? low : niceFloor(low),
    fixed && high === fixed[1] ? high : niceCeil(high),
  ];
}

const NICE_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] as const;

/** Rounds outwards to a round multiple (NICE_STEPS) of a power of ten, so the labels read well. */
function niceCeil(value: number): number {
  if (value <= 0) return -niceFloor(-value);
  const power = 10 ** Math.floor(Math.log10(value));
  const step = NICE_STEPS.find((s) => s * power >= value) ?? 10;
  return step * power;
}

function niceFloor(value: number): number {
  if (value >= 0) {
    if (value === 0) return 0;
    const power = 10 ** Math.floor(Math.log10(value));
    const step = [...NICE_STEPS].reverse().find((s) => s * power <= value) ?? 1;
    return step * power;
  }
  return -niceCeil(-value);
}

/** A scale label: '200k' for 200,000, '1.5k' for 1,500, as is below 1,000. */
export function scaleLabel(value: number): string {
  const size = Math.abs(value);
  if (size >= 1000) return `${Number((value / 1000).toFixed(1))}k`;
  return `${Number(value.toFixed(1))}`;
}
