import { NUMBER_PATTERN } from './numbers.ts';

/** Calendar arithmetic in the caller's UTC offset, and the units a time phrase counts in (time-phrases.ts, time-rules.ts). */

export interface TimeSpan {
  fromTime: number;
  toTime: number;
  label: string;
  /** The places in the normalized text the phrase took, so its words are not read as anything else. */
  parts: [number, number][];
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export type Unit = 'minute' | 'hour' | 'day' | 'week' | 'fortnight' | 'month' | 'quarter' | 'year';

export function unitOf(word: string): Unit | null {
  if (/^(m|min|mins|minute|minutes)$/.test(word)) return 'minute';
  if (/^(h|hr|hrs|hour|hours)$/.test(word)) return 'hour';
  if (/^(d|day|days)$/.test(word)) return 'day';
  if (/^(w|wk|wks|week|weeks)$/.test(word)) return 'week';
  if (/^(fortnight|fortnights)$/.test(word)) return 'fortnight';
  if (/^(mo|mos|mon|month|months)$/.test(word)) return 'month';
  if (/^(quarter|quarters)$/.test(word)) return 'quarter';
  if (/^(y|yr|yrs|year|years)$/.test(word)) return 'year';
  return null;
}

export const UNIT =
  '(minutes?|mins?|hours?|hrs?|hr|days?|weeks?|wks?|wk|fortnights?|months?|mos?|quarters?|years?|yrs?)';
export const SHORT_UNIT = '(m|h|d|w|mo|y)';
export const NUM = `(${NUMBER_PATTERN})`;

/** Local calendar parts of an instant. */
export const local = (time: number, offsetMs: number) => new Date(time + offsetMs);

/** Midnight of the day `time` falls in, in the caller's offset. */
export function dayStart(time: number, offsetMs: number): number {
  return Math.floor((time + offsetMs) / DAY) * DAY - offsetMs;
}

/** `time` moved by whole calendar months (the day kept, or the month's last day). */
export function shiftMonths(time: number, months: number, offsetMs: number): number {
  const d = local(time, offsetMs);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target.getTime() - offsetMs;
}

/** The instant `n` units before now: calendar months, quarters and years; fixed lengths for the rest. */
export function unitsBefore(now: number, n: number, unit: Unit, offsetMs: number): number {
  const fixed: Partial<Record<Unit, number>> = {
    minute: MINUTE,
    hour: HOUR,
    day: DAY,
    week: 7 * DAY,
    fortnight: 14 * DAY,
  };
  if (fixed[unit] !== undefined) return now - n * fixed[unit]!;
  const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n;
  return shiftMonths(now, -months, offsetMs);
}

export const plural = (n: number, unit: Unit) => (n === 1 ? `last ${unit}` : `last ${n} ${unit}s`);

export const formatDay = (time: number, offsetMs: number) => local(time, offsetMs).toISOString().slice(0, 10);
export const formatTime = (time: number, offsetMs: number) =>
  local(time, offsetMs).toISOString().slice(0, 16).replace('T', ' ');
