import { CUSTOM_RANGE_EARLIEST_DAY, CUSTOM_RANGE_MAX_MONTHS, GRAPH_TEXTS } from '@portal/contract';
import type { TimeRange } from './intervals.ts';

/**
 * Spec 001 section 5 'Custom graph range', on days as the date pickers give them (YYYY-MM-DD, local time):
 * From not before 2024-01-01 and not after To; To not before From and not after today; at most 3 months.
 */
export interface DayRange {
  from: string;
  to: string;
}

export interface CustomRangeErrors {
  from?: string;
  to?: string;
  /** The range as a whole: longer than 3 months. */
  range?: string;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: string): { year: number; month: number; date: number } | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(year, month - 1, date);
  if (check.getFullYear() !== year || check.getMonth() !== month - 1 || check.getDate() !== date) return null;
  return { year, month, date };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local day of a time, YYYY-MM-DD. */
export function dayOf(time: number): string {
  const d = new Date(time);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The same day `months` calendar months later; the 31st becomes the month's last day when it has fewer. */
export function addMonths(day: string, months: number): string {
  const parsed = parseDay(day);
  if (!parsed) throw new Error(`not a day: ${day}`);
  const monthIndex = parsed.month - 1 + months;
  const lastDay = new Date(parsed.year, monthIndex + 1, 0).getDate();
  return dayOf(new Date(parsed.year, monthIndex, Math.min(parsed.date, lastDay)).getTime());
}

/** The errors of a range; none when it can be applied. */
export function customRangeErrors(range: DayRange, today: string): CustomRangeErrors {
  const errors: CustomRangeErrors = {};
  const from = parseDay(range.from) ? range.from : null;
  const to = parseDay(range.to) ? range.to : null;
  if (!from) errors.from = GRAPH_TEXTS.dateRequired;
  else if (from < CUSTOM_RANGE_EARLIEST_DAY) errors.from = GRAPH_TEXTS.fromTooEarly;
  else if (to && from > to) errors.from = GRAPH_TEXTS.fromAfterTo;
  if (!to) errors.to = GRAPH_TEXTS.dateRequired;
  else if (to > today) errors.to = GRAPH_TEXTS.toAfterToday;
  else if (from && to < from) errors.to = GRAPH_TEXTS.toBeforeFrom;
  if (!errors.from && !errors.to && from && to && to > addMonths(from, CUSTOM_RANGE_MAX_MONTHS)) {
    errors.range = GRAPH_TEXTS.customRangeTooLong;
  }
  return errors;
}

/** Whether 'Apply Interval' may be pressed. */
export function isCustomRangeValid(range: DayRange, today: string): boolean {
  return Object.keys(customRangeErrors(range, today)).length === 0;
}

/** A new From; when it passes To, To is moved along to it. */
export function withFrom(range: DayRange, from: string): DayRange {
  const movesTo = parseDay(from) && parseDay(range.to) && from > range.to;
  return { from, to: movesTo ? from : range.to };
}

export function withTo(range: DayRange, to: string): DayRange {
  return { ...range, to };
}

/** The times a day range covers: From's midnight to To's 23:59 (the end of a custom day). */
export function customRangeTimes(range: DayRange): TimeRange {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  if (!from || !to) throw new Error('incomplete custom range');
  return {
    fromTime: new Date(from.year, from.month - 1, from.date, 0, 0, 0, 0).getTime(),
    toTime: new Date(to.year, to.month - 1, to.date, 23, 59, 59, 999).getTime(),
  };
}
