import type { TimeRange } from './intervals.ts';

const HOUR_MS = 3_600_000;

/** Spec 001 section 9: value axes from the minimum minus 5 to the maximum plus 10. */
export const AXIS_PAD_BELOW = 5;
export const AXIS_PAD_ABOVE = 10;
/** CPU (%) and memory axes reach at least 100. */
export const SYSTEM_AXIS_MIN_TOP = 100;
/** The time axis of device graphs reaches 1 hour beyond each end. */
export const TIME_AXIS_PAD_MS = HOUR_MS;

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

/** The time axis: the range (stretched to live samples past its end), padded by an hour each side. */
export function timeAxisRange(range: TimeRange, times: readonly number[]): [number, number] {
  const first = times.length > 0 ? Math.min(range.fromTime, times[0]!) : range.fromTime;
  const last = times.length > 0 ? Math.max(range.toTime, times[times.length - 1]!) : range.toTime;
  return [first - TIME_AXIS_PAD_MS, last + TIME_AXIS_PAD_MS];
}
