import { readFileSync } from 'node:fs';
import type { CatalogueGateway } from './catalogue.ts';
import { type ParseOutcome, parseSentence } from './parser.ts';

/**
 * The graph generator's corpus (docs/graph-generator.md 'The corpus'): corpus.json holds the fixed catalogue
 * and "now"; corpus/dev.txt the phrasings the parser was developed on, corpus/held-out.txt phrasings written
 * before it was tuned and only scored. One phrasing a line:
 *
 *   sentence => metrics | gateways | range | fn/interval/grouping | threshold
 *   sentence => ? slot
 *
 * metrics: stored columns joined by '+' ("co2+temp"); gateways: n for "Demo Gateway n", KH, BR, RU for the
 * other names, '*' for all, '*-a,b' for all but a and b; range: '-6h', '-3d', '-2w', '-30m' (rolling to now),
 * '-3mo' (calendar months), 'today', 'yesterday', 'this-week', 'this-month', or 'A..B' with A and B days
 * (YYYY-MM-DD: from its midnight, to its last millisecond), instants (YYYY-MM-DDTHH:MM[:SS[.mmm]]) or 'now'.
 * The last two fields default to 'none/auto/gateway' and no threshold.
 */
export interface Corpus {
  now: string;
  utcOffsetMinutes: number;
  catalogue: CatalogueGateway[];
  /** Gateway names of another tenant: the corpus names them, the catalogue never holds them. */
  otherTenant: string[];
  cases: CorpusCase[];
}

export interface ExpectedChart {
  /** The readings joined by '+', e.g. 'co2+temp'. */
  metric: string;
  gateways: string[];
  range: [string, string];
  /** fn/interval/grouping, e.g. 'avg/hour/gateway'. */
  aggregation: string;
  /** e.g. '>1200'; null without one. */
  condition: string | null;
}

export interface CorpusCase {
  text: string;
  expect: ExpectedChart | { question: string };
}

export const CORPUS_PARTS = ['dev', 'held-out'] as const;
export type CorpusPart = (typeof CORPUS_PARTS)[number];

export const SLOTS = ['metric', 'gateways', 'range', 'aggregation', 'question'] as const;
export type Slot = (typeof SLOTS)[number];

const SHORT_NAMES: Record<string, string> = { KH: 'Kitchen Hub', BR: 'Boiler Room', RU: 'Roof Unit 12' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function gatewayName(short: string): string {
  return SHORT_NAMES[short] ?? (/^\d+$/.test(short) ? `Demo Gateway ${short}` : short);
}

function expectedGateways(field: string, catalogue: CatalogueGateway[]): string[] {
  const all = catalogue.map((g) => g.name);
  if (field === '*') return [...all].sort();
  if (field.startsWith('*-')) {
    const out = new Set(field.slice(2).split(',').map(gatewayName));
    return all.filter((n) => !out.has(n)).sort();
  }
  return field
    .split(',')
    .map((s) => gatewayName(s.trim()))
    .sort();
}

function shiftMonths(time: number, months: number): number {
  const d = new Date(time);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

const iso = (t: number) => new Date(t).toISOString();

function expectedRange(field: string, now: number): [string, string] {
  const today = Math.floor(now / DAY) * DAY;
  const rolling = /^-(\d+)(m|h|d|w|mo)$/.exec(field);
  if (rolling) {
    const n = Number(rolling[1]);
    const unit = rolling[2]!;
    if (unit === 'mo') return [iso(shiftMonths(now, -n)), iso(now)];
    const ms = { m: MINUTE, h: HOUR, d: DAY, w: 7 * DAY }[unit]!;
    return [iso(now - n * ms), iso(now)];
  }
  if (field === 'today') return [iso(today), iso(now)];
  if (field === 'yesterday') return [iso(today - DAY), iso(today - 1)];
  if (field === 'this-week') {
    const weekday = (new Date(today).getUTCDay() + 6) % 7;
    return [iso(today - weekday * DAY), iso(now)];
  }
  if (field === 'this-month') {
    const d = new Date(today);
    return [iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)), iso(now)];
  }
  const [a, b] = field.split('..') as [string, string];
  const instant = (s: string, end: boolean) => {
    if (s === 'now') return now;
    if (s.includes('T')) return Date.parse(`${s}Z`);
    return Date.parse(`${s}T00:00:00Z`) + (end ? DAY - 1 : 0);
  };
  if (a === undefined || b === undefined) throw new Error(`corpus: bad range "${field}"`);
  return [iso(instant(a, false)), iso(Math.min(instant(b, true), now))];
}

/** One line of a corpus part as a case. */
function parseLine(line: string, now: number, catalogue: CatalogueGateway[]): CorpusCase {
  const at = line.lastIndexOf('=>');
  if (at < 0) throw new Error(`corpus: no "=>" in "${line}"`);
  const text = line.slice(0, at).trim();
  const expectation = line.slice(at + 2).trim();
  if (expectation.startsWith('?')) return { text, expect: { question: expectation.slice(1).trim() } };
  const [metric, gateways, range, aggregation, condition] = expectation.split('|').map((f) => f.trim());
  if (!metric || !gateways || !range) throw new Error(`corpus: too few fields in "${line}"`);
  return {
    text,
    expect: {
      metric,
      gateways: expectedGateways(gateways, catalogue),
      range: expectedRange(range, now),
      aggregation: aggregation || 'none/auto/gateway',
      condition: condition && condition !== '-' ? condition : null,
    },
  };
}

export function loadCorpus(part: CorpusPart): Corpus {
  const base = JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8')) as Omit<
    Corpus,
    'cases'
  >;
  const now = Date.parse(base.now);
  const lines = readFileSync(new URL(`./corpus/${part}.txt`, import.meta.url), 'utf8').split('\n');
  const cases = lines
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => parseLine(line, now, base.catalogue));
  return { ...base, cases };
}

/** The parse in the corpus's terms. */
export function describe(outcome: ParseOutcome): ExpectedChart | { question: string } {
  if (outcome.kind === 'question') return { question: outcome.question.slot };
  const q = outcome.query;
  return {
    metric: q.metrics.join('+'),
    gateways: q.gateways.map((g) => g.name).sort(),
    range: [new Date(q.range.fromTime).toISOString(), new Date(q.range.toTime).toISOString()],
    aggregation: `${q.aggregation}/${q.interval}/${q.groupBy}`,
    condition: q.condition ? `${q.condition.op}${q.condition.value}` : null,
  };
}

export interface CaseResult {
  text: string;
  expected: CorpusCase['expect'];
  actual: ReturnType<typeof describe>;
  /** Slot by slot: whether it matched (for a question case, only 'question' counts). */
  slots: Partial<Record<Slot, boolean>>;
  exact: boolean;
}

/** Runs the parser over every case; compares slot by slot and whole sentences. */
export function runCorpus(corpus: Corpus): CaseResult[] {
  const context = { now: Date.parse(corpus.now), utcOffsetMinutes: corpus.utcOffsetMinutes };
  return corpus.cases.map((c) => {
    const actual = describe(parseSentence(c.text, corpus.catalogue, context));
    const slots: Partial<Record<Slot, boolean>> = {};
    if ('question' in c.expect) {
      slots.question = 'question' in actual && actual.question === c.expect.question;
    } else {
      const e = c.expect;
      const a = 'question' in actual ? null : actual;
      slots.question = a !== null;
      slots.metric = a?.metric === e.metric;
      slots.gateways =
        a !== null && a.gateways.join('|') === e.gateways.join('|') && a.condition === e.condition;
      slots.range = a !== null && a.range[0] === e.range[0] && a.range[1] === e.range[1];
      slots.aggregation = a?.aggregation === e.aggregation;
    }
    return { text: c.text, expected: c.expect, actual, slots, exact: Object.values(slots).every(Boolean) };
  });
}

/**
 * Accuracy per slot and whole sentence; the questions asked, those expected, the false ones (a question
 * where a chart was expected: the "false-clarify rate") and the silent wrong charts (a chart where a question
 * was expected, or a chart that differs from the one expected: must be 0).
 */
export function summarize(results: CaseResult[]) {
  const per = Object.fromEntries(
    SLOTS.map((slot) => {
      const judged = results.filter((r) => r.slots[slot] !== undefined);
      return [slot, { matched: judged.filter((r) => r.slots[slot]).length, of: judged.length }];
    }),
  ) as Record<Slot, { matched: number; of: number }>;
  const charts = results.filter((r) => !('question' in r.expected));
  return {
    cases: results.length,
    exact: results.filter((r) => r.exact).length,
    perSlot: per,
    questions: results.filter((r) => 'question' in r.actual).length,
    expectedQuestions: results.length - charts.length,
    /** Chart requests answered with a question. */
    falseClarify: charts.filter((r) => 'question' in r.actual).length,
    chartRequests: charts.length,
    silentWrong: results.filter((r) => !('question' in r.actual) && !r.exact).length,
  };
}
