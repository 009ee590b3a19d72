import * as chrono from 'chrono-node';

/**
 * The time a sentence names, in the caller's UTC offset: our own rules for the rolling phrases operators
 * type most ("last 24 hours", "past week", "today", "yesterday", "this month"), chrono-node (English) for
 * dates and weekdays ("since Monday", "on 3 November", "from Nov 1 to Nov 10", "between 2025-10-01 and
 * 2025-10-05"). A date without a time of day means the whole day; a past-looking phrase never lands in the
 * future (chrono's "friday" is the coming one: we take the last one). docs/graph-generator.md has the list.
 */
export interface TimeSpan {
  fromTime: number;
  toTime: number;
  label: string;
  /** Where the phrase sits in the normalized text, so its words are not read as names. */
  start: number;
  end: number;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const UNIT_MS: Record<string, number> = {
  minute: MINUTE,
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
};
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  thirty: 30,
};

function unitOf(word: string): string | null {
  if (/^(m|min|mins|minute|minutes)$/.test(word)) return 'minute';
  if (/^(h|hr|hrs|hour|hours)$/.test(word)) return 'hour';
  if (/^(d|day|days)$/.test(word)) return 'day';
  if (/^(w|wk|wks|week|weeks)$/.test(word)) return 'week';
  if (/^(mo|mon|month|months)$/.test(word)) return 'month';
  return null;
}

/** Midnight of the day `time` falls in, in the caller's offset. */
function dayStart(time: number, offsetMs: number): number {
  return Math.floor((time + offsetMs) / DAY) * DAY - offsetMs;
}

const NUM = '(\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|thirty)';
const UNIT = '(minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|wks?|w|months?|mo)';

const ROLLING = new RegExp(
  `\\b(?:in |over |during |for )?(?:the )?(?:last|past|previous|recent) ${NUM}? ?${UNIT}\\b`,
);
const COMPACT = /\b(?:last|past) (\d+)(m|h|d|w)\b/;
const AGO = new RegExp(`\\b(?:since )?${NUM} ${UNIT} ago\\b`);

/** The rolling and day phrases; null when the text has none. */
function ownRules(text: string, now: number, offsetMs: number): TimeSpan | null {
  const span = (match: RegExpExecArray, fromTime: number, toTime: number, label: string): TimeSpan => ({
    fromTime,
    toTime,
    label,
    start: match.index,
    end: match.index + match[0].length,
  });
  let m = COMPACT.exec(text);
  if (m) {
    const unit = unitOf(m[2]!)!;
    const n = Number(m[1]);
    return span(m, now - n * UNIT_MS[unit]!, now, `last ${n} ${unit}${n === 1 ? '' : 's'}`);
  }
  m = ROLLING.exec(text);
  if (m) {
    const unit = unitOf(m[2]!)!;
    const n = m[1] === undefined ? 1 : (NUMBER_WORDS[m[1]] ?? Number(m[1]));
    return span(m, now - n * UNIT_MS[unit]!, now, n === 1 ? `last ${unit}` : `last ${n} ${unit}s`);
  }
  m = AGO.exec(text);
  if (m) {
    const unit = unitOf(m[2]!)!;
    const n = NUMBER_WORDS[m[1]!] ?? Number(m[1]);
    return span(m, now - n * UNIT_MS[unit]!, now, `last ${n} ${unit}${n === 1 ? '' : 's'}`);
  }
  const today = dayStart(now, offsetMs);
  m = /\b(?:for |from |since )?(?:the )?day before yesterday\b/.exec(text);
  if (m) return span(m, today - 2 * DAY, today - DAY - 1, 'day before yesterday');
  m = /\b(?:for |from |on |since )?yesterday\b/.exec(text);
  if (m) {
    const since = /^(?:from|since)/.test(m[0]);
    return span(m, today - DAY, since ? now : today - 1, since ? 'since yesterday' : 'yesterday');
  }
  m = /\b(?:for |from |since |so far )?(?:today|this morning|tonight|so far today)\b/.exec(text);
  if (m) return span(m, today, now, 'today');
  m = /\b(?:for |during |in |over )?this week\b/.exec(text);
  if (m) {
    // Weeks start on Monday.
    const weekday = (new Date(today + offsetMs).getUTCDay() + 6) % 7;
    return span(m, today - weekday * DAY, now, 'this week');
  }
  m = /\b(?:for |during |in |over )?this month\b/.exec(text);
  if (m) {
    const local = new Date(today + offsetMs);
    const first = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offsetMs;
    return span(m, first, now, 'this month');
  }
  m = /\b(?:right )?now\b|\blatest\b|\bcurrent(?:ly)?\b/.exec(text);
  if (m) return span(m, now - HOUR, now, 'last hour');
  return null;
}

const formatDay = (time: number, offsetMs: number) => new Date(time + offsetMs).toISOString().slice(0, 10);
const formatTime = (time: number, offsetMs: number) =>
  new Date(time + offsetMs).toISOString().slice(0, 16).replace('T', ' ');

/** A chrono component's first instant, with the day's or month's start when the time was not given. */
function startOf(component: chrono.ParsedComponents, now: number, offsetMs: number): number {
  let time = component.date().getTime();
  if (!component.isCertain('hour')) time = dayStart(time, offsetMs);
  // "friday", "in march": the last one, not the coming one.
  if (time > now && !component.isCertain('year')) {
    if (component.isCertain('weekday') || !component.isCertain('month')) time -= 7 * DAY;
    else time = shiftYears(time, -1, offsetMs);
  }
  return time;
}

function shiftYears(time: number, years: number, offsetMs: number): number {
  const local = new Date(time + offsetMs);
  local.setUTCFullYear(local.getUTCFullYear() + years);
  return local.getTime() - offsetMs;
}

/** The instant after a component: the end of its day (or month when only the month was named). */
function endOf(component: chrono.ParsedComponents, start: number, offsetMs: number): number {
  if (component.isCertain('hour')) return start;
  if (wholeMonth(component)) {
    const local = new Date(start + offsetMs);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - offsetMs - 1;
  }
  return start + DAY - 1;
}

const wholeMonth = (c: chrono.ParsedComponents) =>
  c.isCertain('month') && !c.isCertain('day') && !c.isCertain('weekday');

/** The dates chrono finds: a range, two dates ("between X and Y"), or one ("since X", "on X", "in March"). */
function chronoRule(text: string, now: number, offsetMs: number): TimeSpan | null {
  const results = chrono.en.parse(text, { instant: new Date(now), timezone: offsetMs / MINUTE }).filter(
    // Bare numbers ("gateway 5") are names, not times; chrono reads some of them as hours or days.
    (r) => /[a-z]/.test(r.text) || /[-/:]/.test(r.text),
  );
  const first = results[0];
  if (!first) return null;
  const before = text.slice(0, first.index);
  let start = first.index;
  let end = first.index + first.text.length;
  const from = startOf(first.start, now, offsetMs);
  let to: number;
  let label: string;
  const second =
    !first.end && results[1] && /\b(and|to|until|till)\s*$/.test(text.slice(end, results[1].index))
      ? results[1]
      : null;
  if (first.end || second) {
    const last = first.end ?? second!.start;
    const lastStart = startOf(last, now, offsetMs);
    to = Math.min(endOf(last, lastStart, offsetMs), now);
    if (second) end = second.index + second.text.length;
    label = `${formatDay(from, offsetMs)} – ${formatDay(to, offsetMs)}`;
  } else if (/\b(since|from|after)\s+(the\s+)?$/.test(before)) {
    to = now;
    label = first.start.isCertain('hour')
      ? `since ${formatTime(from, offsetMs)}`
      : `since ${formatDay(from, offsetMs)}`;
  } else {
    to = Math.min(endOf(first.start, from, offsetMs), now);
    label = wholeMonth(first.start) ? formatDay(from, offsetMs).slice(0, 7) : formatDay(from, offsetMs);
  }
  const lead = /\b(since|from|after|between|on|in|during|for)\s+(the\s+)?$/.exec(before);
  if (lead) start = lead.index;
  return { fromTime: from, toTime: to, label, start, end };
}

/** The time the text names, or null when it names none. */
export function findTimeSpan(text: string, now: number, utcOffsetMinutes: number): TimeSpan | null {
  const offsetMs = utcOffsetMinutes * MINUTE;
  return ownRules(text, now, offsetMs) ?? chronoRule(text, now, offsetMs);
}

/** The range when the sentence names no time: the last 24 hours. */
export function defaultSpan(now: number): Omit<TimeSpan, 'start' | 'end'> {
  return { fromTime: now - DAY, toTime: now, label: 'last 24 hours' };
}
