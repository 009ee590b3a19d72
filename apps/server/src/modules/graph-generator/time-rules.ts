import {
  DAY,
  dayStart,
  formatDay,
  HOUR,
  local,
  MINUTE,
  NUM,
  plural,
  SHORT_UNIT,
  type TimeSpan,
  UNIT,
  unitOf,
  unitsBefore,
  WEEKDAYS,
} from './calendar.ts';
import { numberValue } from './numbers.ts';
import { MONTH_NAMES } from './vocabulary.ts';

/** Our own rules for what operators type most: rolling spans in calendar units, days and parts of days, weeks, weekends, months, "now" (time-phrases.ts applies them). */

interface Rule {
  pattern: RegExp;
  /** The span for a match (null: the match is not a time after all). */
  span: (m: RegExpExecArray, now: number, offsetMs: number, text: string) => Omit<TimeSpan, 'parts'> | null;
}

const PARTS: Record<string, [number, number]> = {
  morning: [6, 12],
  afternoon: [12, 18],
  evening: [18, 24],
  night: [22, 30],
};

function dayPart(day: number, part: string, label: string): Omit<TimeSpan, 'parts'> {
  const [from, to] = PARTS[part]!;
  return { fromTime: day + from * HOUR, toTime: day + to * HOUR - 1, label };
}

/** The most recent `weekday` (0 Sunday) on or before today's date. */
function lastWeekday(now: number, weekday: number, offsetMs: number, includeToday = true): number {
  const today = dayStart(now, offsetMs);
  let back = (local(today, offsetMs).getUTCDay() - weekday + 7) % 7;
  if (back === 0 && !includeToday) back = 7;
  return today - back * DAY;
}

const SINCE = '(?:(since|from|starting|after) )?';

/** Our own rules, in order: the first that matches wins. */
export const RULES: Rule[] = [
  {
    // "since the beginning of the month", "from the start of November": the period's first day, to now.
    pattern: new RegExp(
      `(?<=\\s)(?:since|from) (?:the )?(?:beginning|start) of (?:the |this )?(week|month|year|${MONTH_NAMES.join('|')})(?=\\s)`,
    ),
    span: (m, now, offsetMs) => {
      const d = local(now, offsetMs);
      const which = m[1]!;
      let fromTime: number;
      if (which === 'week') fromTime = lastWeekday(now, 1, offsetMs);
      else if (which === 'month') fromTime = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - offsetMs;
      else if (which === 'year') fromTime = Date.UTC(d.getUTCFullYear(), 0, 1) - offsetMs;
      else {
        const month = MONTH_NAMES.indexOf(which);
        const year = month > d.getUTCMonth() ? d.getUTCFullYear() - 1 : d.getUTCFullYear();
        fromTime = Date.UTC(year, month, 1) - offsetMs;
      }
      return { fromTime, toTime: now, label: `since ${formatDay(fromTime, offsetMs)}` };
    },
  },
  {
    // "the last half hour", "past half an hour", "last half day"
    pattern:
      /(?<=\s)(?:(?:in|over|during|for|within) )?(?:the )?(?:last|past|previous) half(?: an?)? (hour|day)(?=\s)/,
    span: (m, now) => {
      const ms = m[1] === 'hour' ? 30 * MINUTE : 12 * HOUR;
      return {
        fromTime: now - ms,
        toTime: now,
        label: m[1] === 'hour' ? 'last 30 minutes' : 'last 12 hours',
      };
    },
  },
  {
    // "last 24 hours", "past week", "previous 3 months", "last 24h", "over the last fortnight"
    pattern: new RegExp(
      `(?<=\\s)(?:(?:in|over|during|for|within|from|of|since) )?(?:the )?(?:last|past|previous|recent|trailing|preceding|prior) (?:${NUM} ?)?(?:${UNIT}|${SHORT_UNIT})(?=\\s)`,
    ),
    span: (m, now, offsetMs) => {
      const unit = unitOf(m[2] ?? m[3]!)!;
      const n = m[1] === undefined ? 1 : numberValue(m[1]);
      if (n === null || n <= 0) return null;
      return { fromTime: unitsBefore(now, n, unit, offsetMs), toTime: now, label: plural(n, unit) };
    },
  },
  {
    // "3 days ago", "since 2 hours ago"
    pattern: new RegExp(`(?<=\\s)${SINCE}${NUM} ?${UNIT} ago(?=\\s)`),
    span: (m, now, offsetMs) => {
      const n = numberValue(m[2]!);
      const unit = unitOf(m[3]!)!;
      if (n === null) return null;
      return {
        fromTime: unitsBefore(now, n, unit, offsetMs),
        toTime: now,
        label: `last ${n} ${unit}${n === 1 ? '' : 's'}`,
      };
    },
  },
  {
    // "24h", "48 hours", "for 3 days", "over 2 weeks" (not "every 5 minutes": a bucket, not a range)
    pattern: new RegExp(
      `(?<=\\s)(?:(?:for|over|within|in|since) )?(?:the )?(?:(\\d+)${SHORT_UNIT}|${NUM} ${UNIT})(?=\\s)`,
    ),
    span: (m, now, offsetMs, text) => {
      if (/(?:every|each|per)\s*$/.test(text.slice(0, m.index))) return null;
      const n = numberValue(m[1] ?? m[3]!);
      const unit = unitOf(m[2] ?? m[4]!)!;
      if (n === null || n <= 0) return null;
      return { fromTime: unitsBefore(now, n, unit, offsetMs), toTime: now, label: plural(n, unit) };
    },
  },
  {
    // "yesterday afternoon", "this morning", "last night", "tonight", "afternoon of yesterday", "friday morning"
    pattern: new RegExp(
      `(?<=\\s)(?:(?:on|during|in|at|over) )?(?:(yesterday|today|this|last|the|${WEEKDAYS.join('|')}) (?:in the )?(morning|afternoon|evening|night)|(morning|afternoon|evening|night) (?:of )?(yesterday|today)|(tonight))(?=\\s)`,
    ),
    span: (m, now, offsetMs) => {
      const today = dayStart(now, offsetMs);
      if (m[5]) return dayPart(today, 'night', 'tonight');
      const which = m[1] ?? m[4]!;
      const part = m[2] ?? m[3]!;
      if (which === 'yesterday') return dayPart(today - DAY, part, `yesterday ${part}`);
      if (which === 'today' || which === 'this') return dayPart(today, part, `this ${part}`);
      if (which === 'the') {
        // "during the night": the last one that has begun; "in the morning": this morning, or yesterday's.
        const start = today + PARTS[part]![0] * HOUR;
        const day = start <= now ? today : today - DAY;
        return dayPart(day, part, `${part} (${formatDay(day, offsetMs)})`);
      }
      if (which === 'last') {
        // "last night": the night before this morning; "last evening": yesterday's.
        return dayPart(today - DAY, part, `last ${part}`);
      }
      const weekday = WEEKDAYS.indexOf(which);
      let day = lastWeekday(now, weekday, offsetMs);
      if (day + PARTS[part]![0] * HOUR > now) day -= 7 * DAY;
      return dayPart(day, part, `${which} ${part} (${formatDay(day, offsetMs)})`);
    },
  },
  {
    pattern: /(?<=\s)(?:(?:for|from|since|on) )?(?:the )?day before yesterday(?=\s)/,
    span: (m, now, offsetMs) => {
      const today = dayStart(now, offsetMs);
      return /^(from|since)/.test(m[0])
        ? { fromTime: today - 2 * DAY, toTime: now, label: 'since the day before yesterday' }
        : { fromTime: today - 2 * DAY, toTime: today - DAY - 1, label: 'day before yesterday' };
    },
  },
  {
    pattern: /(?<=\s)(?:(for|from|on|since|during) )?yesterday(?=\s)/,
    span: (m, now, offsetMs) => {
      const today = dayStart(now, offsetMs);
      const since = m[1] === 'from' || m[1] === 'since';
      return since
        ? { fromTime: today - DAY, toTime: now, label: 'since yesterday' }
        : { fromTime: today - DAY, toTime: today - 1, label: 'yesterday' };
    },
  },
  {
    pattern:
      /(?<=\s)(?:(?:for|from|since|during|of) )?(?:so far today|today so far|today|so far this day)(?=\s)/,
    span: (_m, now, offsetMs) => ({ fromTime: dayStart(now, offsetMs), toTime: now, label: 'today' }),
  },
  {
    pattern:
      /(?<=\s)(?:(?:for|during|in|over|of|from|since) )?(?:the )?(this|last|past|previous) weekend(?=\s)|(?<=\s)(?:over |during |on )?the weekend(?=\s)/,
    span: (_m, now, offsetMs) => {
      // The last Saturday and Sunday that have begun (this weekend's if it is the weekend now).
      const saturday = lastWeekday(now, 6, offsetMs);
      return {
        fromTime: saturday,
        toTime: Math.min(saturday + 2 * DAY - 1, now),
        label: `weekend (${formatDay(saturday, offsetMs)})`,
      };
    },
  },
  {
    pattern:
      /(?<=\s)(?:(?:for|during|in|over|of|from|since) )?(?:the )?(?:this|current) week(?=\s)|(?<=\s)so far this week(?=\s)/,
    span: (_m, now, offsetMs) => ({
      fromTime: lastWeekday(now, 1, offsetMs),
      toTime: now,
      label: 'this week',
    }),
  },
  {
    pattern:
      /(?<=\s)(?:(?:for|during|in|over|of|from|since) )?(?:the )?(?:this|current) month(?=\s)|(?<=\s)so far this month(?=\s)/,
    span: (_m, now, offsetMs) => {
      const d = local(now, offsetMs);
      const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - offsetMs;
      return { fromTime: first, toTime: now, label: 'this month' };
    },
  },
  {
    pattern:
      /(?<=\s)(?:(?:for|during|in|over|of|from|since) )?(?:the )?(?:this|current) (year|quarter)(?=\s)/,
    span: (m, now, offsetMs) => {
      const d = local(now, offsetMs);
      const month = m[1] === 'year' ? 0 : Math.floor(d.getUTCMonth() / 3) * 3;
      const first = Date.UTC(d.getUTCFullYear(), month, 1) - offsetMs;
      return { fromTime: first, toTime: now, label: `this ${m[1]}` };
    },
  },
  {
    // "on the 20th": that day of this month (of the last one when it is still to come).
    pattern: /(?<=\s)(?:(?:on|for) )?the (\d{1,2})(?:st|nd|rd|th)(?=\s)/,
    span: (m, now, offsetMs) => {
      const d = local(now, offsetMs);
      const day = Number(m[1]);
      let start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), day) - offsetMs;
      if (start > now) start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, day) - offsetMs;
      if (day < 1 || day > 31 || local(start, offsetMs).getUTCDate() !== day) return null;
      return { fromTime: start, toTime: start + DAY - 1, label: formatDay(start, offsetMs) };
    },
  },
  {
    // "in 2025", "for 2025": the whole year.
    pattern: /(?<=\s)(?:in|during|for|of|throughout|over) (?:the year )?(20\d\d)(?=\s)/,
    span: (m, _now, offsetMs) => {
      const year = Number(m[1]);
      return {
        fromTime: Date.UTC(year, 0, 1) - offsetMs,
        toTime: Date.UTC(year + 1, 0, 1) - offsetMs - 1,
        label: String(year),
      };
    },
  },
  {
    // "october", "in october 2025", "during last october", "for the month of may 2026" (not "3 october": a day)
    pattern: new RegExp(
      `(?<=\\s)(?<!(?:^|\\s)\\d{1,2}(?:st|nd|rd|th)? (?:of )?)(?:(?:in|during|for|of|throughout|over|since|from) )?(?:the month of )?(?:(last|this|past) )?(${MONTH_NAMES.join('|')}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)(?: (20\\d\\d))?(?! \\d{1,2}(?:st|nd|rd|th)?\\b)(?: so far)?(?=\\s)`,
    ),
    span: (m, now, offsetMs, text) => {
      const name = m[2]!;
      // "from september to october": a range, chrono's.
      if (/^\s*(?:to|until|till|through|thru|and|-)\s/.test(text.slice(m.index + m[0].length))) return null;
      if (/(?:to|until|till|through|thru|and|-)\s*$/.test(text.slice(0, m.index))) return null;
      // "may" alone is a verb more often than a month: only with a preposition or a year.
      if (name === 'may' && !m[3] && !/^(in|during|for|of|throughout|over|since|from|the)/.test(m[0].trim()))
        return null;
      const month = MONTH_NAMES.findIndex((full) => full.startsWith(name));
      const d = local(now, offsetMs);
      let year = m[3] ? Number(m[3]) : d.getUTCFullYear();
      if (!m[3] && month > d.getUTCMonth()) year -= 1;
      const first = Date.UTC(year, month, 1) - offsetMs;
      const since = /^(since|from) /.test(m[0].trim());
      const end = since ? now : Date.UTC(year, month + 1, 1) - offsetMs - 1;
      const label = `${since ? 'since ' : ''}${formatDay(first, offsetMs).slice(0, 7)}`;
      return { fromTime: first, toTime: end, label };
    },
  },
  {
    pattern: /(?<=\s)(?:(?:in|during|for|over) )?this hour(?=\s)/,
    span: (_m, now) => ({ fromTime: Math.floor(now / HOUR) * HOUR, toTime: now, label: 'this hour' }),
  },
  {
    // "wtd", "mtd", "ytd": week, month, year to date.
    pattern: /(?<=\s)(wtd|mtd|ytd|week to date|month to date|year to date)(?=\s)/,
    span: (m, now, offsetMs) => {
      const d = local(now, offsetMs);
      const which = m[1]![0]!;
      const fromTime =
        which === 'w'
          ? lastWeekday(now, 1, offsetMs)
          : Date.UTC(d.getUTCFullYear(), which === 'm' ? d.getUTCMonth() : 0, 1) - offsetMs;
      return { fromTime, toTime: now, label: { w: 'this week', m: 'this month', y: 'this year' }[which]! };
    },
  },
  {
    pattern:
      /(?<=\s)(?:right now|now|at the moment|at present|presently|currently|current|latest|live|real time|realtime|most recent)(?=\s)/,
    span: (_m, now) => ({ fromTime: now - HOUR, toTime: now, label: 'last hour' }),
  },
];
