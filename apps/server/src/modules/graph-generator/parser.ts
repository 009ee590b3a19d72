import {
  EARLIEST_CHART_MS,
  GRAPH_DEFAULT_RANGE_LABEL,
  GRAPH_DEFAULT_RANGE_MS,
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
import { Grammar, metricLabel, unitOf } from './grammar.ts';
import { correctTypos, lexiconFor } from './lexicon.ts';
import { type Question, question, unknownWordQuestion } from './questions.ts';
import type { GatewayRefs, Slots } from './slots.ts';
import { findTime, type TimeSpan } from './time-phrases.ts';
import { normalize } from './vocabulary.ts';

/** What a sentence asks for: charts over the caller's own gateways, one per reading. */
export interface ParsedQuery {
  /** The readings, in the sentence's order (at least one). */
  metrics: GraphMetric[];
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

/**
 * Reads a sentence over the caller's catalogue: the readings, the gateways (names, MACs, numbers, ranges,
 * lists, exclusions, tags, places, online/offline; the whole fleet when none is named), the time (1 hour
 * when none is named), the threshold, the aggregation and grouping. Whatever it cannot place, or places in
 * more than one way, and any range the custom range rules refuse, becomes a question: never a guess.
 */
export function parseSentence(
  text: string,
  catalogue: CatalogueGateway[],
  context: ParseContext,
): ParseOutcome {
  const ask = (q: Question): ParseOutcome => ({ kind: 'question', question: q });
  const lexicon = lexiconFor(catalogue);
  const { text: normalized } = correctTypos(normalize(text.replace(/\bc0(2)\b/gi, 'co$1')), lexicon);
  const grammar = new Grammar(normalized, catalogue, lexicon);
  grammar.readGateways();
  const time = findTime(grammar.stream.blanked(normalized), context.now, context.utcOffsetMinutes);
  const parts = time ? (time.kind === 'span' ? time.span.parts : time.problem.parts) : [];
  for (const [start, end] of parts) grammar.stream.takeSpan(start, end);
  grammar.readRest();
  const s = grammar.slots;
  const refs = s.refs;

  // 1. Words nobody recognized (a gateway of another tenant among them: unknown, never revealed).
  if (s.unknownMetric) {
    const word = s.unknownMetric;
    return ask(
      question(
        'metric',
        word,
        `There is no ${word} reading. Did you mean one of these?`,
        GRAPH_METRICS.map((m) => ({ label: metricLabel(m), phrase: word })),
        text,
      ),
    );
  }
  if (s.unknownAggregation) {
    const word = s.unknownAggregation;
    return ask(
      question(
        'aggregation',
        word,
        `There is no ${word} here. Did you mean the average, minimum, maximum, total or number of readings?`,
        ['average', 'minimum', 'maximum', 'total', 'number of readings'].map((label) => ({
          label,
          phrase: word,
        })),
        text,
      ),
    );
  }
  if (refs.unknown) return ask(unknownWordQuestion(refs.unknown, text, catalogue, 'gateways'));
  if (s.unknownWord) return ask(unknownWordQuestion(s.unknownWord, text, catalogue));

  // 2. The readings.
  const metricsOutcome = readings(s, text);
  if ('slot' in metricsOutcome) return ask(metricsOutcome);
  const metrics = metricsOutcome;
  if (s.conditions.length > 1) {
    const phrases = s.conditions.map((c) => c.phrase);
    return ask(
      question(
        'metric',
        phrases[0]!,
        `One threshold per chart: did you mean ${phrases.join(' or ')}?`,
        phrases.map((p) => ({ label: p, phrase: p, drop: phrases.filter((o) => o !== p) })),
        text,
      ),
    );
  }
  const condition = s.conditions[0]?.condition ?? null;
  if (condition && metrics.length > 1) {
    return ask(
      question(
        'metric',
        s.metrics[0]?.phrase ?? '',
        `A threshold applies to one reading: ${metrics.map(metricLabel).join(' or ')}?`,
        metrics.map((m) => ({
          label: metricLabel(m),
          phrase: s.metrics.find((x) => x.metric === m)?.phrase ?? '',
          drop: s.metrics.filter((x) => x.metric !== m).map((x) => x.phrase),
        })),
        text,
      ),
    );
  }

  // 3. The gateways: one set for every reading ("CO2 of gateway 3 and temperature of Kitchen Hub" pairs them).
  if (interleaved(s)) {
    const phrases = s.metrics.map((m) => m.phrase);
    return ask(
      question(
        'gateways',
        '',
        `Each chart shows the same gateways: do you mean ${phrases.join(' and ')} of all the gateways named?`,
        [
          {
            label: `${phrases.join(' and ')} of all of them`,
            phrase: phrases[0]!,
            replacement: phrases.join(' and '),
            drop: phrases.slice(1),
          },
        ],
        text,
      ),
    );
  }
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
  const selected = selectGateways(refs, catalogue);
  if (selected.gateways.length === 0) {
    return ask(
      question(
        'gateways',
        '',
        `None of your gateways is ${selected.label}. Which gateways do you mean?`,
        [{ label: 'all gateways', suffix: 'for all gateways' }],
        text,
      ),
    );
  }

  // 4. Aggregation and grouping.
  if (s.functions.size > 1 || s.intervals.size > 1) {
    const phrases = [...(s.functions.size > 1 ? s.functions : s.intervals).values()];
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
  const interval = [...s.intervals.keys()][0] ?? 'auto';
  const aggregation = [...s.functions.keys()][0] ?? (interval === 'auto' ? 'none' : 'avg');
  const groupBy = s.groupings.size === 1 ? [...s.groupings][0]! : s.groupings.size === 0 ? 'gateway' : 'all';

  // 5. The range: what the sentence said, or the portal's default interval; the custom range rules.
  if (time?.kind === 'problem') {
    const p = time.problem;
    return ask(
      question(
        'range',
        p.phrase,
        p.question,
        p.candidates.map((c) => ({
          label: c.label,
          phrase: p.phrase,
          replacement: c.replacement,
          drop: c.drop,
        })),
        text,
      ),
    );
  }
  const range: Omit<TimeSpan, 'parts'> = time?.span ?? {
    fromTime: context.now - GRAPH_DEFAULT_RANGE_MS,
    toTime: context.now,
    label: GRAPH_DEFAULT_RANGE_LABEL,
  };
  const rangeProblem = rangeRule(range, context);
  if (rangeProblem) {
    const phrase =
      time?.kind === 'span' ? time.span.parts.map(([a, b]) => normalized.slice(a, b)).join(' ') : '';
    const candidates =
      rangeProblem === GRAPH_TEXTS.customRangeTooLong
        ? [{ label: 'last 3 months', phrase: phrase.trim(), replacement: 'last 3 months' }]
        : [];
    return ask(question('range', phrase.trim(), rangeProblem, candidates, text));
  }

  return {
    kind: 'parsed',
    query: {
      metrics,
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

/** Readings and gateways named in turns (reading, gateways, reading, gateways, or the other way round). */
function interleaved(s: Slots): boolean {
  const marks = [
    ...s.metrics.map((m) => ({ at: m.at, kind: 'm' })),
    ...s.refs.namedAt.map((at) => ({ at, kind: 'g' })),
  ].sort((a, b) => a.at - b.at);
  let turns = 0;
  marks.forEach((mark, k) => {
    if (k === 0 || mark.kind !== marks[k - 1]!.kind) turns += 1;
  });
  return s.metrics.length > 1 && turns >= 4;
}

/**
 * The custom range rules (spec 001 section 5, the telemetry charts' Custom Range): not before 2024-01-01 (the
 * caller's midnight), not longer than 3 months, not reversed, not in the future. The text of the rule broken,
 * or null.
 */
export function rangeRule(range: { fromTime: number; toTime: number }, context: ParseContext): string | null {
  const earliest = EARLIEST_CHART_MS + 14 * 3_600_000 - context.utcOffsetMinutes * 60_000;
  if (range.fromTime < earliest) return GRAPH_TEXTS.fromTooEarly;
  if (range.fromTime >= context.now || range.toTime > context.now) return GRAPH_TEXTS.toAfterToday;
  if (range.fromTime > range.toTime) return GRAPH_TEXTS.fromAfterTo;
  if (range.toTime - range.fromTime > MAX_SENSOR_RANGE_MS) return GRAPH_TEXTS.customRangeTooLong;
  return null;
}

/** The readings the sentence names (metric words, units, thresholds' units), or the question to ask. */
function readings(s: Slots, text: string): GraphMetric[] | Question {
  const named = s.metrics.map((m) => m.metric);
  const ambiguous = s.ambiguousMetric;
  if (ambiguous && !named.some((m) => ambiguous.metrics.includes(m))) {
    return question(
      'metric',
      ambiguous.word,
      `"${ambiguous.word}" can mean several readings. Did you mean ${ambiguous.metrics.map(metricLabel).join(', ')}?`,
      ambiguous.metrics.map((m) => ({ label: metricLabel(m), phrase: ambiguous.word })),
      text,
    );
  }
  const units = [
    ...s.units.map((u) => ({ ...u, word: u.phrase })),
    ...s.conditions
      .filter((c) => c.unit !== null)
      .map((c) => ({ unit: c.unit!, phrase: c.phrase, word: c.unitWord ?? '' })),
  ];
  for (const { unit, phrase, word } of units) {
    const measured = GRAPH_METRICS.filter((m) => unitOf(m) === unit);
    const wrong = named.find((m) => unitOf(m) !== unit);
    if (wrong) {
      // "memory above 80 %": memory is in MB. The ways out: the reading measured in that unit, or the
      // reading named without the unit.
      const wrongPhrase = s.metrics.find((m) => m.metric === wrong)!.phrase;
      return question(
        'metric',
        phrase,
        `${metricLabel(wrong)} is measured in ${unitOf(wrong)}, not ${unit}. Which reading do you mean?`,
        [
          ...measured.map((m) => ({ label: metricLabel(m), phrase: wrongPhrase })),
          { label: `${metricLabel(wrong)} (${unitOf(wrong)})`, phrase: word, replacement: '' },
        ],
        text,
      );
    }
    if (named.length === 0 && measured.length === 1) named.push(measured[0]!);
    else if (named.length === 0 && measured.length > 1) {
      return question(
        'metric',
        phrase,
        `Several readings are in ${unit}. Did you mean ${measured.map(metricLabel).join(', ')}?`,
        measured.map((m) => ({ label: metricLabel(m), prefix: true })),
        text,
      );
    }
  }
  if (named.length === 0) {
    return question(
      'metric',
      '',
      'Which reading do you want to see?',
      GRAPH_METRICS.map((m) => ({ label: metricLabel(m), prefix: true })),
      text,
    );
  }
  return named;
}

/** The gateways the references select (the whole fleet when none is named), and how to name them on the chip. */
function selectGateways(
  refs: GatewayRefs,
  catalogue: CatalogueGateway[],
): { gateways: CatalogueGateway[]; label: string } {
  const statuses = refs.statuses.size === 1 ? [...refs.statuses] : [];
  const matches = (g: CatalogueGateway, tags: string[], places: string[], status: string[]) =>
    (status.length === 0 || status.includes(g.online ? 'online' : 'offline')) &&
    (tags.length === 0 || tags.some((t) => g.tags.includes(t))) &&
    (places.length === 0 || places.some((p) => g.places.includes(p)));
  const filters = [...statuses, ...refs.tags.map((t) => `tag ${t}`), ...refs.places.map((p) => `in ${p}`)];
  const ex = refs.excludedFilters;
  const excludedMacs = new Set(refs.excluded.map((g) => g.mac));
  // Left out: each gateway excluded, and each one with an excluded status, tag or place.
  const keep = (g: CatalogueGateway) =>
    !excludedMacs.has(g.mac) &&
    !ex.statuses.has(g.online ? 'online' : 'offline') &&
    !ex.tags.some((t) => g.tags.includes(t)) &&
    !ex.places.some((p) => g.places.includes(p));
  const exclusions = [
    ...refs.excluded.map((g) => g.name),
    ...[...ex.statuses],
    ...ex.tags.map((t) => `tag ${t}`),
    ...ex.places.map((p) => `in ${p}`),
  ];
  const except = exclusions.length > 0 ? ` except ${exclusions.join(', ')}` : '';
  // A customer named with some of its own gateways narrows to them; any other customer adds all of its own.
  const named = [...refs.named];
  for (const own of refs.customers) {
    const macs = new Set(own.map((g) => g.mac));
    if (!refs.named.some((g) => macs.has(g.mac))) named.push(...own);
  }
  if (named.length > 0) {
    const unique = [...new Map(named.map((g) => [g.mac, g])).values()];
    const gateways = unique.filter((g) => matches(g, refs.tags, refs.places, statuses) && keep(g));
    const label =
      gateways.length > 0
        ? gateways.map((g) => g.name).join(', ')
        : `${[...filters, ...(except ? [except.trim()] : [])].join(', ')} of ${unique.map((g) => g.name).join(', ')}`;
    return { gateways, label };
  }
  if (filters.length > 0) {
    const gateways = catalogue.filter((g) => matches(g, refs.tags, refs.places, statuses) && keep(g));
    return { gateways, label: `${filters.join(', ')} gateways${except}` };
  }
  const gateways = catalogue.filter(keep);
  return { gateways, label: `all gateways${except}` };
}
