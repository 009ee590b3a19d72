import type { TimeRange } from './intervals.ts';

/** Spec 001 section 9: value axes from the minimum minus 5 to the maximum plus 10. */
export const AXIS_PAD_BELOW = 5;
export const AXIS_PAD_ABOVE = 10;
/** CPU (%) and memory axes reach at least 100. */
export const SYSTEM_AXIS_MIN_TOP = 100;

/** The value axis for values between `min` and `max` (null when there are none). */
export function valueAxisRange(
  min: number | null,
  max: number | null,
  options: { system?: boolean } = {},
): [number, number] {
  const top = options.system ? SYSTEM_AXIS_MIN_TOP : AXIS_PAD_ABOVE;
  if (min === null || max === null) return [0, top];
  const upper = max + AXIS_PAD_ABOVE;
  return [min - AXIS_PAD_BELOW, options.system ? Math.max(upper, SYSTEM_AXIS_MIN_TOP) : upper];
}

/** The smallest and largest value of a series, gaps left out; nulls when it has no value. */
export function extent(values: readonly (number | null)[]): { min: number | null; max: number | null } {
  let min: number | null = null;
  let max: number | null = null;
  for (const value of values) {
    if (value === null || !Number.isFinite(value)) continue;
    if (min === null || value < min) min = value;
    if (max === null || value > max) max = value;
  }
  return { min, max };
}

/**
 * The time axis: exactly the chosen range, no padding (docs/decisions.md: the spec's hour of padding is not
 * a future hour of empty space). Live samples past its end slide the window: it then ends at the newest
 * sample and keeps the range's span.
 */
export function timeAxisRange(range: TimeRange, times: readonly number[]): [number, number] {
  const last = times.length > 0 ? (times[times.length - 1] ?? range.toTime) : range.toTime;
  if (last <= range.toTime) return [range.fromTime, range.toTime];
  return [last - (range.toTime - range.fromTime), last];
}
