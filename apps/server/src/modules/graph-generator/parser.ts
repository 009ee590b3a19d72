import {
  EARLIEST_CHART_MS,
  GRAPH_METRIC_INFO,
  GRAPH_METRICS,
  GRAPH_TEXTS,
  type GraphAggregation,
  type GraphCondition,
  type GraphGrouping,
  type GraphInterval,
  type GraphMetric,
  MAX_SENSOR_RANGE_MS,
} from '@portal/contract';
import type { CatalogueGateway } from './catalogue.ts';
import {
  noRefs,
  selectGateways,
  takeGatewayFilters,
  takeNamedGateways,
  takeNumberedGateways,
} from './gateway-refs.ts';
import { type Question, question, unknownWordQuestion } from './questions.ts';
import { Sentence } from './sentence.ts';
import { defaultSpan, findTimeSpan } from './time-phrases.ts';
import {
  AGGREGATION_WORDS,
  AMBIGUOUS_METRIC_WORDS,
  GROUPING_WORDS,
  INTERVAL_WORDS,
  METRIC_WORDS,
  normalize,
  STOPWORDS,
  UNKNOWN_METRIC_WORDS,
} from './vocabulary.ts';

/** What a sentence asks for: a chart over the caller's own gateways. */
export interface ParsedQuery {
  metric: GraphMetric;
  gateways: CatalogueGateway[];
  gatewaysLabel: string;
  range: { fromTime: number; toTime: number; label: string };
  aggregation: GraphAggregation;
  interval: GraphInterval;
  groupBy: GraphGrouping;
  condition: GraphCondition | null;
}

export type ParseOutcome = { kind: 'parsed'; query: ParsedQuery } | { kind: 'question'; question: Question };

export interface ParseContext {
  now: number;
  utcOffsetMinutes: number;
}

const CONDITION =
  /(?<=\s)(above|over|greater than|more than|higher than|exceeding|exceeded|exceeds|exceed|beyond|>|below|under|less than|lower than|beneath|<)\s(-?\d+(?:\.\d+)?)(?:\s(ppm|ppb|%|percent|degc|degrees|c))?(?=\s)/;
const BELOW = new Set(['below', 'under', 'less than', 'lower than', 'beneath', '<']);

const metricLabel = (m: GraphMetric) => GRAPH_METRIC_INFO[m].label;

/**
 * Reads a sentence deterministically over the caller's catalogue: the gateways (names, MACs, numbers, tags,
 * places, online/offline), the condition, the time, the metric, the aggregation and grouping. Whatever it
 * cannot place, or places in more than one way, becomes a question with candidates: never a guess.
 */
export function parseSentence(
  text: string,
  catalogue: CatalogueGateway[],
  context: ParseContext,
): ParseOutcome {
  const sentence = new Sentence(
    normalize(text)
      .replace(/:(?!\d)/g, ' ')
      .replace(/\s*(>=?|<=?)\s*/g, ' $1 '),
  );
  const ask = (q: Question): ParseOutcome => ({ kind: 'question', question: q });

  const refs = noRefs();
  takeNamedGateways(sentence, catalogue, refs);

  let condition: GraphCondition | null = null;
  let unitHint: GraphMetric | null = null;
  const cm = sentence.takePattern(CONDITION);
  if (cm) {
    condition = { op: BELOW.has(cm[1]!) ? '<' : '>', value: Number(cm[2]) };
    if (cm[3] === 'degc' || cm[3] === 'degrees' || cm[3] === 'c') unitHint = 'temp';
  }

  takeNumberedGateways(sentence, catalogue, refs);
  const span = findTimeSpan(sentence.rest, context.now, context.utcOffsetMinutes);
  if (span) sentence.take(span.start, span.end);

  const metrics = new Set<GraphMetric>();
  const metricPhrases: string[] = [];
  for (const [phrase, metric] of METRIC_WORDS) {
    if (sentence.takePhrase(phrase) > 0) {
      metrics.add(metric);
      metricPhrases.push(phrase);
    }
  }
  let ambiguousMetric: { word: string; metrics: GraphMetric[] } | null = null;
  for (const [phrase, options] of AMBIGUOUS_METRIC_WORDS) {
    if (sentence.takePhrase(phrase) > 0) ambiguousMetric ??= { word: phrase, metrics: options };
  }
  const unknownMetric = UNKNOWN_METRIC_WORDS.find((w) => sentence.has(w));

  const functions = new Map<Exclude<GraphAggregation, 'none'>, string>();
  for (const [phrase, fn] of AGGREGATION_WORDS) {
    if (sentence.takePhrase(phrase) > 0 && !functions.has(fn)) functions.set(fn, phrase);
  }
  const intervals = new Map<Exclude<GraphInterval, 'auto'>, string>();
  for (const [phrase, interval] of INTERVAL_WORDS) {
    if (sentence.takePhrase(phrase) > 0 && !intervals.has(interval)) intervals.set(interval, phrase);
  }
  const groupings = new Set<GraphGrouping>();
  for (const [phrase, grouping] of GROUPING_WORDS)
    if (sentence.takePhrase(phrase) > 0) groupings.add(grouping);

  takeGatewayFilters(sentence, catalogue, refs);

  // 1. Words nobody recognized (a gateway of another tenant among them: unknown, never revealed).
  if (unknownMetric) {
    return ask(
      question(
        'metric',
        unknownMetric,
        `There is no ${unknownMetric} reading. Did you mean one of these?`,
        [...GRAPH_METRICS.map((m) => ({ label: metricLabel(m), phrase: unknownMetric }))],
        text,
      ),
    );
  }
  if (refs.unknown) return ask(unknownWordQuestion(refs.unknown, text, catalogue, 'gateways'));
  const leftover = leftoverPhrase(sentence);
  if (leftover) return ask(unknownWordQuestion(leftover, text, catalogue));

  // 2. The metric.
  if (metrics.size > 1) {
    const named = [...metrics];
    return ask(
      question(
        'metric',
        metricPhrases[0]!,
        `One reading per chart: did you mean ${named.map(metricLabel).join(' or ')}?`,
        named.map((m) => ({
          label: metricLabel(m),
          phrase: metricPhrases[0]!,
          drop: metricPhrases.slice(1),
        })),
        text,
      ),
    );
  }
  let metric: GraphMetric | undefined =
    [...metrics][0] ?? (ambiguousMetric ? undefined : (unitHint ?? undefined));
  if (ambiguousMetric && metrics.size === 1 && ambiguousMetric.metrics.includes([...metrics][0]!)) {
    metric = [...metrics][0];
  } else if (ambiguousMetric && metrics.size === 0) {
    return ask(
      question(
        'metric',
        ambiguousMetric.word,
        `"${ambiguousMetric.word}" can mean several readings. Did you mean ${ambiguousMetric.metrics.map(metricLabel).join(', ')}?`,
        ambiguousMetric.metrics.map((m) => ({ label: metricLabel(m), phrase: ambiguousMetric.word })),
        text,
      ),
    );
  }
  if (!metric) {
    return ask(
      question(
        'metric',
        '',
        'Which reading do you want to see?',
        GRAPH_METRICS.map((m) => ({ label: metricLabel(m), prefix: true })),
        text,
      ),
    );
  }

  // 3. The gateways.
  if (refs.ambiguous) {
    const { word, matches } = refs.ambiguous;
    return ask(
      question(
        'gateways',
        word,
        `More than one gateway is called "${word}". Did you mean ${matches.map((g) => `${g.name} (${g.mac})`).join(' or ')}?`,
        matches.map((g) => ({ label: `${g.name} (${g.mac})`, phrase: word, replacement: g.mac })),
        text,
      ),
    );
  }
  // "which gateways had CO2 above 1200", "average CO2 by location": every gateway unless some are named.
  const fleetWide = condition !== null || [...groupings].some((g) => g !== 'gateway');
  if (fleetWide && refs.named.length === 0) refs.all = true;
  const selected = selectGateways(refs, catalogue);
  if (!selected) {
    return ask(
      question(
        'gateways',
        '',
        'Which gateways do you mean?',
        [
          { label: 'all gateways', suffix: 'for all gateways' },
          ...catalogue.slice(0, 5).map((g) => ({ label: g.name, suffix: `of ${g.name}` })),
        ],
        text,
      ),
    );
  }

  // 4. Aggregation and grouping.
  if (functions.size > 1 || intervals.size > 1) {
    const phrases = [...(functions.size > 1 ? functions : intervals).values()];
    return ask(
      question(
        'aggregation',
        phrases[0]!,
        `One aggregation per chart: did you mean ${phrases.join(' or ')}?`,
        phrases.map((p) => ({ label: p, phrase: p, drop: phrases.filter((o) => o !== p) })),
        text,
      ),
    );
  }
  const interval = [...intervals.keys()][0] ?? 'auto';
  const aggregation = [...functions.keys()][0] ?? (interval === 'auto' ? 'none' : 'avg');
  const groupBy = groupings.size === 1 ? [...groupings][0]! : groupings.size === 0 ? 'gateway' : 'all';

  // 5. The range: the custom range rules (not before 2024-01-01, at most 3 months, not in the future).
  const range = span ?? defaultSpan(context.now);
  const earliest = EARLIEST_CHART_MS + 14 * 3_600_000 - context.utcOffsetMinutes * 60_000;
  if (range.fromTime < earliest) return ask(question('range', '', GRAPH_TEXTS.fromTooEarly, [], text));
  if (range.toTime - range.fromTime > MAX_SENSOR_RANGE_MS) {
    return ask(question('range', '', GRAPH_TEXTS.customRangeTooLong, [], text));
  }
  if (range.fromTime >= context.now) return ask(question('range', '', GRAPH_TEXTS.toAfterToday, [], text));

  return {
    kind: 'parsed',
    query: {
      metric,
      gateways: selected.gateways,
      gatewaysLabel: selected.label,
      range: { fromTime: range.fromTime, toTime: range.toTime, label: range.label },
      aggregation,
      interval,
      groupBy,
      condition,
    },
  };
}

/** The first words left that mean nothing to the parser (with the numbers and nouns right after them). */
function leftoverPhrase(sentence: Sentence): string | null {
  const words = sentence.words();
  const first = words.findIndex((w) => !STOPWORDS.has(w.word) && !/^'/.test(w.word));
  if (first < 0) return null;
  const phrase = [words[first]!];
  for (let i = first + 1; i < words.length; i++) {
    const w = words[i]!;
    const previous = phrase[phrase.length - 1]!;
    const adjacent = w.index === previous.index + previous.word.length + 1;
    if (!adjacent || (STOPWORDS.has(w.word) && !/^(gateway|sensor|device|gw)$/.test(w.word))) break;
    phrase.push(w);
  }
  while (phrase.length > 1 && STOPWORDS.has(phrase[phrase.length - 1]!.word)) phrase.pop();
  return phrase.map((w) => w.word).join(' ');
}
