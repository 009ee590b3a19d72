import { readFileSync } from 'node:fs';
import type { CatalogueGateway } from './catalogue.ts';
import { type ParseOutcome, parseSentence } from './parser.ts';

/** corpus.json: phrasings with the parse expected (or the slot a question is expected about). */
export interface Corpus {
  now: string;
  utcOffsetMinutes: number;
  catalogue: CatalogueGateway[];
  /** Gateway names of another tenant: the corpus names them, the catalogue never holds them. */
  otherTenant: string[];
  cases: CorpusCase[];
}

export interface ExpectedChart {
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

export const SLOTS = ['metric', 'gateways', 'range', 'aggregation', 'question'] as const;
export type Slot = (typeof SLOTS)[number];

export function loadCorpus(): Corpus {
  return JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8')) as Corpus;
}

/** The parse in the corpus's terms. */
export function describe(outcome: ParseOutcome): ExpectedChart | { question: string } {
  if (outcome.kind === 'question') return { question: outcome.question.slot };
  const q = outcome.query;
  return {
    metric: q.metric,
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

/** Accuracy per slot and whole sentence, and the share answered with a question. */
export function summarize(results: CaseResult[]) {
  const per = Object.fromEntries(
    SLOTS.map((slot) => {
      const judged = results.filter((r) => r.slots[slot] !== undefined);
      return [slot, { matched: judged.filter((r) => r.slots[slot]).length, of: judged.length }];
    }),
  ) as Record<Slot, { matched: number; of: number }>;
  const questions = results.filter((r) => 'question' in r.actual).length;
  // A chart where a question was expected, or a chart that differs from the one expected: a silent wrong chart.
  const silentWrong = results.filter((r) => !('question' in r.actual) && !r.exact).length;
  return {
    cases: results.length,
    exact: results.filter((r) => r.exact).length,
    perSlot: per,
    questions,
    expectedQuestions: results.filter((r) => 'question' in r.expected).length,
    silentWrong,
  };
}
