import { GRAPH_TEXTS } from '@portal/contract';
import type { ParsedComponents } from 'chrono-node';
// English alone: the package's index loads all its twelve languages (about 180 ms of every portal start).
import * as chronoEnglish from 'chrono-node/en';
import {
  DAY,
  dayStart,
  formatDay,
  formatTime,
  HOUR,
  local,
  MINUTE,
  NUM,
  type TimeSpan,
  UNIT,
  WEEKDAYS,
} from './calendar.ts';
import { RULES } from './time-rules.ts';
import { BLANK } from './tokens.ts';
import { MONTH_NAMES } from './vocabulary.ts';

/**
 * The time a sentence names, in the caller's UTC offset (docs/graph-generator.md 'Time'): our own rules for
 * what operators type most (rolling spans in calendar units, days and parts of days, weeks, weekends,
 * months, "now"), chrono-node (English) for dates, weekdays and times of day ("since Monday", "on 3 November",
 * "from Nov 1 to Nov 10", "between 08:00 and 09:30 today"). `normalize` has already turned "25.11.2026",
 * "23.11." and unambiguous slash dates into words.
 *
 * Nothing is silently changed: a range in the future, a reversed one, a numeric date that reads both ways
 * ("03/11/2026") or two times in one sentence come back as problems the parser asks about. The span rules
 * (not before 2024-01-01, at most 3 months) are the parser's.
 */
export type { TimeSpan } from './calendar.ts';

export interface TimeProblem {
  /** The rule the question names. */
  question: string;
  /** The phrase asked about, as in the normalized text. */
  phrase: string;
  parts: [number, number][];
  /** Ways out: the phrase replaced by another one. */
  candidates: { label: string; replacement: string; drop?: string[] }[];
}

export type TimeFinding = { kind: 'span'; span: TimeSpan } | { kind: 'problem'; problem: TimeProblem };

/** Text shown for a question whose phrase names two readings of one date. */
export const AMBIGUOUS_DATE = (phrase: string) =>
  `Is ${phrase} a European (day/month) or a US (month/day) date?`;
export const TWO_TIMES = 'One time range per chart: which one do you mean?';

/** A chrono component's first instant, with the day's start when the time was not given. */
function startOf(component: ParsedComponents, now: number, offsetMs: number): number {
  let time = component.date().getTime();
  if (!component.isCertain('hour')) time = dayStart(time, offsetMs);
  // "friday": the last one, not the coming one (today when it is Friday); "march": the last March.
  if (time > now && component.isCertain('weekday') && !component.isCertain('day')) time -= 7 * DAY;
  const monthOnly =
    component.isCertain('month') && !component.isCertain('day') && !component.isCertain('year');
  if (time > now && monthOnly) {
    const d = local(time, offsetMs);
    time = Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), 1) - offsetMs;
  }
  return time;
}

/**
 * The last instant a component covers: its month when only a month was named, its day, or when a time of day
 * was given, the hour from it (a single time: "at 10:00 yesterday") or the time itself (a range's end: "to 09:30").
 */
function endOf(component: ParsedComponents, start: number, offsetMs: number, single: boolean): number {
  if (component.isCertain('hour')) return single ? start + HOUR - 1 : start;
  if (component.isCertain('month') && !component.isCertain('day') && !component.isCertain('weekday')) {
    const d = local(start, offsetMs);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - offsetMs - 1;
  }
  return start + DAY - 1;
}

const CONNECTIVE = /\s(?:to|until|till|til|through|thru|and|-)\s/;

interface Part {
  component: ParsedComponents;
  text: string;
}

/** chrono's results, bare numbers left out ("gateway 5" was taken before; a lone "5" is not a time). */
function chronoResults(text: string, now: number, offsetMs: number) {
  return chronoEnglish
    .parse(text, { instant: new Date(now), timezone: offsetMs / MINUTE }, { forwardDate: false })
    .filter((r) => (/[a-z]/.test(r.text) || /[-/:]/.test(r.text)) && !/^(sat|sun|mar|may|now)$/.test(r.text));
}

/** The dates chrono finds: a range, two dates ("between X and Y"), or one ("since X", "on X"). */
function chronoRule(text: string, now: number, offsetMs: number): TimeFinding | null {
  const results = chronoResults(text, now, offsetMs);
  const first = results[0];
  if (!first) return null;
  const before = text.slice(0, first.index);
  let start = first.index;
  let end = first.index + first.text.trimEnd().length;
  const lead = /(?:^|\s)(since|from|after|between|on|in|during|for|starting|at) (?:the )?$/.exec(before);
  if (lead) start = lead.index + (lead[0].startsWith(' ') ? 1 : 0);
  // Two ends: one result with an end (split back into its two written halves: chrono orders them itself),
  // or two results joined by "and", "to", "until".
  let pair: [Part, Part] | null = null;
  const between = lead?.[1] === 'between';
  // "the weekend and today" is two times, not a range: "and" joins the ends only after "between".
  if (first.end && / and /.test(first.text) && !between) return null;
  if (first.end) {
    const split = CONNECTIVE.exec(first.text);
    const left = split ? chronoResults(first.text.slice(0, split.index), now, offsetMs)[0] : undefined;
    const right = split
      ? chronoResults(first.text.slice(split.index + split[0].length), now, offsetMs)[0]
      : undefined;
    pair =
      left && right && (right.start.isCertain('day') || right.start.isCertain('hour'))
        ? [
            { component: left.start, text: left.text },
            { component: right.start, text: right.text },
          ]
        : [
            { component: first.start, text: first.text },
            { component: first.end, text: first.text },
          ];
  } else if (
    results[1] &&
    /^\s*(?:and|to|until|till|til|through|thru|-)\s*$/.test(text.slice(end, results[1].index)) &&
    (between || !/and/.test(text.slice(end, results[1].index)))
  ) {
    const second = results[1];
    end = second.index + second.text.trimEnd().length;
    pair = [
      { component: first.start, text: first.text },
      { component: second.start, text: second.text },
    ];
  }
  const parts: [number, number][] = [[start, end]];
  const phrase = text.slice(start, end).trim();
  const problem = (question: string, candidates: TimeProblem['candidates'] = []): TimeFinding => ({
    kind: 'problem',
    problem: { question, phrase, parts, candidates },
  });
  if (pair) {
    const [a, b] = pair;
    // "between 08:00 and 09:30 today": the first end takes the day of the second; "on 24 Nov from 8am to
    // noon": the second takes the first's.
    const hasDay = (c: ParsedComponents) => c.isCertain('day') || c.isCertain('weekday');
    const onDayOf = (time: number, other: number) =>
      dayStart(other, offsetMs) + (time - dayStart(time, offsetMs));
    let from = startOf(a.component, now, offsetMs);
    let lastStart = startOf(b.component, now, offsetMs);
    if (!hasDay(a.component) && hasDay(b.component)) from = onDayOf(from, lastStart);
    else if (hasDay(a.component) && !hasDay(b.component) && b.component.isCertain('hour'))
      lastStart = onDayOf(lastStart, from);
    if (lastStart < from) {
      return problem(GRAPH_TEXTS.fromAfterTo, [
        {
          label: `from ${b.text} to ${a.text}`,
          replacement: `from ${b.text} to ${a.text}`,
        },
      ]);
    }
    if (lastStart > now || from > now) return problem(GRAPH_TEXTS.toAfterToday);
    const to = Math.min(endOf(b.component, lastStart, offsetMs, false), now);
    const label = b.component.isCertain('hour')
      ? `${formatTime(from, offsetMs)} – ${formatTime(to, offsetMs)}`
      : `${formatDay(from, offsetMs)} – ${formatDay(to, offsetMs)}`;
    return { kind: 'span', span: { fromTime: from, toTime: to, label, parts } };
  }
  const component = first.start;
  const from = startOf(component, now, offsetMs);
  if (from > now) {
    // A day in the future: "tomorrow", "next friday", "on 30 November" (no year: perhaps last year's).
    const candidates: TimeProblem['candidates'] = [];
    if (!component.isCertain('year') && component.isCertain('month') && component.isCertain('day')) {
      const lastYear = new Date(from + offsetMs);
      lastYear.setUTCFullYear(lastYear.getUTCFullYear() - 1);
      const label = `${lastYear.getUTCDate()} ${MONTH_NAMES[lastYear.getUTCMonth()]} ${lastYear.getUTCFullYear()}`;
      candidates.push({ label, replacement: label });
    }
    return problem(GRAPH_TEXTS.toAfterToday, candidates);
  }
  if (lead && /^(since|from|after|starting)$/.test(lead[1]!)) {
    const label = component.isCertain('hour')
      ? `since ${formatTime(from, offsetMs)}`
      : `since ${formatDay(from, offsetMs)}`;
    return { kind: 'span', span: { fromTime: from, toTime: now, label, parts } };
  }
  const to = Math.min(endOf(component, from, offsetMs, true), now);
  const label = component.isCertain('hour')
    ? `${formatTime(from, offsetMs)} – ${formatTime(to, offsetMs)}`
    : formatDay(from, offsetMs);
  return { kind: 'span', span: { fromTime: from, toTime: to, label, parts } };
}

const FUTURE = new RegExp(
  `(?<=\\s)(?:tomorrow(?: (?:morning|afternoon|evening|night))?|next (?:${UNIT}|weekend|${WEEKDAYS.join('|')}|${NUM} ${UNIT})|(?:the )?(?:coming|upcoming|following) ${UNIT}|later today|in the future|in ${NUM} ${UNIT})(?=\\s)`,
);
const UNTIL_NOW =
  /(?<=\s)(?:until|till|til|to|up to|up until|through|thru) (?:now|today|the present|present|date)(?=\s)/;
const AMBIGUOUS_SLASH = /(?<=\s)(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?=\s)/;

/** [start, end) of the text blanked as the tokenizer does (its words kept apart by their spaces). */
const blank = (text: string, [start, end]: [number, number]) =>
  text.slice(0, start) + text.slice(start, end).replace(/\S/g, BLANK) + text.slice(end);

/** Where a phrase starts with the preposition before it ("since 03/11/2026"). */
function leadStart(text: string, index: number): number {
  const lead = /(?:^|\s)(?:since|from|after|on|until|till|to|between|and|starting) $/.exec(
    text.slice(0, index),
  );
  return lead ? lead.index + (lead[0].startsWith(' ') ? 1 : 0) : index;
}

/** One time phrase: a problem, a span, or null. */
function findOne(text: string, now: number, offsetMs: number): TimeFinding | null {
  const slash = AMBIGUOUS_SLASH.exec(text);
  if (slash) {
    const [a, b] = [Number(slash[1]), Number(slash[2])];
    const year = slash[3] ? ` ${slash[3].length === 2 ? `20${slash[3]}` : slash[3]}` : '';
    const european = `${a} ${MONTH_NAMES[b - 1]}${year}`;
    const us = `${MONTH_NAMES[a - 1]} ${b}${year}`;
    return {
      kind: 'problem',
      problem: {
        question: AMBIGUOUS_DATE(slash[0]),
        phrase: slash[0],
        parts: [[leadStart(text, slash.index), slash.index + slash[0].length]],
        candidates: [
          { label: european, replacement: european },
          { label: us, replacement: us },
        ],
      },
    };
  }
  const future = FUTURE.exec(text);
  if (future) {
    return {
      kind: 'problem',
      problem: {
        question: GRAPH_TEXTS.toAfterToday,
        phrase: future[0],
        parts: [[future.index, future.index + future[0].length]],
        candidates: [],
      },
    };
  }
  const own = ownRule(text, now, offsetMs);
  const viaChrono = chronoRule(text, now, offsetMs);
  if (own && viaChrono) {
    // "yesterday at 10:00", "between 10:00 and 11:00 today": chrono's reading covers ours and more.
    const [os, oe] = extent(own);
    const [cs, ce] = extent(viaChrono);
    return cs < oe && os < ce && ce - cs > oe - os ? viaChrono : own;
  }
  return own ?? viaChrono;
}

const partsOf = (f: TimeFinding) => (f.kind === 'span' ? f.span.parts : f.problem.parts);

/** The first and last place a finding covers. */
function extent(f: TimeFinding): [number, number] {
  const parts = partsOf(f);
  return [Math.min(...parts.map((p) => p[0])), Math.max(...parts.map((p) => p[1]))];
}

/** The first of our own rules that matches; "since"/"from" before it makes it run to now. */
function ownRule(text: string, now: number, offsetMs: number): TimeFinding | null {
  for (const rule of RULES) {
    const m = rule.pattern.exec(text);
    if (!m) continue;
    let span = rule.span(m, now, offsetMs, text);
    if (!span) continue;
    const lead = /^\s*/.exec(m[0])![0].length;
    let start = m.index + lead;
    const since = /(?:^|\s)(since|from|after|starting)\s+$/.exec(text.slice(0, start));
    if (since && span.toTime < now) {
      start = since.index + (since[0].startsWith(' ') ? 1 : 0);
      span = { ...span, toTime: now, label: `since ${span.label}` };
    }
    const parts: [number, number][] = [[start, m.index + m[0].length]];
    if (span.fromTime > now) {
      return {
        kind: 'problem',
        problem: { question: GRAPH_TEXTS.toAfterToday, phrase: m[0].trim(), parts, candidates: [] },
      };
    }
    return { kind: 'span', span: { ...span, toTime: Math.min(span.toTime, now), parts } };
  }
  return null;
}

/**
 * The time the text names: a span, a problem to ask about, or null when it names none. "until now" makes
 * any start run to now; a second time phrase is asked about.
 */
export function findTime(text: string, now: number, utcOffsetMinutes: number): TimeFinding | null {
  const offsetMs = utcOffsetMinutes * MINUTE;
  let rest = text;
  const untilNow = UNTIL_NOW.exec(rest);
  const untilParts: [number, number][] = [];
  if (untilNow) {
    untilParts.push([untilNow.index, untilNow.index + untilNow[0].length]);
    rest = blank(rest, untilParts[0]!);
  }
  const found = findOne(rest, now, offsetMs);
  if (!found) {
    return untilNow
      ? { kind: 'span', span: { fromTime: now - HOUR, toTime: now, label: 'last hour', parts: untilParts } }
      : null;
  }
  if (found.kind === 'problem') {
    // The other end of a range asked about is time too, not an unknown word.
    let blanked = rest;
    for (const part of found.problem.parts) blanked = blank(blanked, part);
    const more = findOne(blanked, now, offsetMs);
    const parts = more ? [...found.problem.parts, ...partsOf(more)] : found.problem.parts;
    return { kind: 'problem', problem: { ...found.problem, parts: [...parts, ...untilParts] } };
  }
  let span = found.span;
  if (untilNow) {
    span = {
      ...span,
      toTime: now,
      label: span.label.startsWith('since') ? span.label : `since ${formatTime(span.fromTime, offsetMs)}`,
      parts: [...span.parts, ...untilParts],
    };
  }
  for (const part of span.parts) rest = blank(rest, part);
  const second = findOne(rest, now, offsetMs);
  if (second) {
    const phrases = [
      span.parts
        .map(([s, e]) => text.slice(s, e))
        .join(' ')
        .trim(),
      second.kind === 'span'
        ? second.span.parts
            .map(([s, e]) => text.slice(s, e))
            .join(' ')
            .trim()
        : second.problem.phrase,
    ];
    return {
      kind: 'problem',
      problem: {
        question: TWO_TIMES,
        phrase: phrases[0]!,
        parts: [...span.parts, ...partsOf(second)],
        candidates: [
          { label: phrases[0]!, replacement: phrases[0]!, drop: [phrases[1]!] },
          { label: phrases[1]!, replacement: phrases[1]!, drop: [phrases[0]!] },
        ],
      },
    };
  }
  return { kind: 'span', span };
}
