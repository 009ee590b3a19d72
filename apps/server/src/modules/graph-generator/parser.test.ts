import { GRAPH_DEFAULT_RANGE_LABEL, GRAPH_TEXTS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus.ts';
import { type ParsedQuery, parseSentence } from './parser.ts';
import type { Question } from './questions.ts';

// The corpus's catalogue: Demo Gateway 1, 2, 3, 5, 12 (Demo Customer), Kitchen Hub, Boiler Room, Roof Unit 12
// (Bistro Group); now is Wednesday 2026-11-25 14:30 UTC.
const corpus = loadCorpus('dev');
const NOW = Date.parse(corpus.now);
const HOUR = 3_600_000;
const ALL = corpus.catalogue.map((g) => g.name).sort();

function read(text: string, utcOffsetMinutes = 0) {
  return parseSentence(text, corpus.catalogue, { now: NOW, utcOffsetMinutes });
}
function chart(text: string): ParsedQuery {
  const outcome = read(text);
  if (outcome.kind !== 'parsed') throw new Error(`"${text}" asked: ${outcome.question.question}`);
  return outcome.query;
}
function ask(text: string): Question {
  const outcome = read(text);
  if (outcome.kind !== 'question') throw new Error(`"${text}" charted`);
  return outcome.question;
}
const names = (q: ParsedQuery) => q.gateways.map((g) => g.name).sort();
const iso = (q: ParsedQuery) => [
  new Date(q.range.fromTime).toISOString(),
  new Date(q.range.toTime).toISOString(),
];

describe('graph generator parser: what operators type (issue 32)', () => {
  it('charts the whole fleet when no gateway is named', () => {
    for (const text of ['CO2 last 6 hours', 'CO2 of all gws', 'co2 everywhere today']) {
      const q = chart(text);
      expect(names(q)).toEqual(ALL);
      expect(q.gatewaysLabel).toBe('all gateways');
    }
    // A customer's name is its gateways.
    expect(names(chart('temperature for Demo Customer'))).toEqual([
      'Demo Gateway 1',
      'Demo Gateway 12',
      'Demo Gateway 2',
      'Demo Gateway 3',
      'Demo Gateway 5',
    ]);
  });

  it('reads several readings in one request, in their order', () => {
    expect(chart('CO2 and temperature of gateway 3 last 24h').metrics).toEqual(['co2', 'temp']);
    expect(chart('cpu, memory and co2 of Kitchen Hub').metrics).toEqual(['cp', 'mm', 'co2']);
    // Each reading with its own gateways would be two different charts: asked.
    expect(ask('co2 of gateway 1 and temperature of gateway 2').slot).toBe('gateways');
  });

  it('reads ranges, lists and exclusions of gateways', () => {
    expect(names(chart('co2 of gateways 1 to 4'))).toEqual([
      'Demo Gateway 1',
      'Demo Gateway 2',
      'Demo Gateway 3',
    ]);
    expect(names(chart('co2 of gateway 1-3'))).toEqual([
      'Demo Gateway 1',
      'Demo Gateway 2',
      'Demo Gateway 3',
    ]);
    expect(names(chart('co2 of gateways 1, 3 and 5'))).toEqual([
      'Demo Gateway 1',
      'Demo Gateway 3',
      'Demo Gateway 5',
    ]);
    expect(names(chart('co2 of all gateways except 5'))).toEqual(ALL.filter((n) => n !== 'Demo Gateway 5'));
    expect(names(chart('co2 everywhere but the offline ones'))).toEqual([
      'Demo Gateway 1',
      'Demo Gateway 3',
      'Demo Gateway 5',
      'Kitchen Hub',
      'Roof Unit 12',
    ]);
    // A number no gateway ends with is asked about, in a list or excluded.
    expect(ask('co2 of gateways 1 and 7').slot).toBe('gateways');
    expect(ask('co2 of all gateways except 6').slot).toBe('gateways');
  });

  it('reads number words, typos and thousands separators', () => {
    expect(names(chart('co2 of gateway three'))).toEqual(['Demo Gateway 3']);
    expect(names(chart('co2 of gatway 3'))).toEqual(['Demo Gateway 3']);
    expect(chart('temprature of Kitchn Hub').metrics).toEqual(['temp']);
    expect(chart('co2 over 1,500 today').condition).toEqual({ op: '>', value: 1500 });
    expect(chart('co2 above fifteen hundred').condition).toEqual({ op: '>', value: 1500 });
  });

  it('reads "at least" and "at most" as thresholds that include the value', () => {
    expect(chart('co2 at least 1000 last 24 hours').condition).toEqual({ op: '>=', value: 1000 });
    expect(chart('temperature at most 18 degrees').condition).toEqual({ op: '<=', value: 18 });
  });

  it('draws the portal default interval (1 hour) when no time is named', () => {
    const q = chart('co2 of gateway 3');
    expect(q.range.toTime - q.range.fromTime).toBe(HOUR);
    expect(q.range.toTime).toBe(NOW);
    expect(q.range.label).toBe(GRAPH_DEFAULT_RANGE_LABEL);
  });

  it('reads dates and times in the formats operators type', () => {
    expect(iso(chart('co2 on 25.11.2026'))).toEqual(['2026-11-25T00:00:00.000Z', '2026-11-25T14:30:00.000Z']);
    expect(iso(chart('co2 since 23.11.'))).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-25T14:30:00.000Z']);
    expect(iso(chart('co2 last fortnight'))).toEqual([
      '2026-11-11T14:30:00.000Z',
      '2026-11-25T14:30:00.000Z',
    ]);
    expect(iso(chart('co2 at the moment'))).toEqual(['2026-11-25T13:30:00.000Z', '2026-11-25T14:30:00.000Z']);
    expect(iso(chart('co2 between 08:00 and 09:30 today'))).toEqual([
      '2026-11-25T08:00:00.000Z',
      '2026-11-25T09:30:00.000Z',
    ]);
    expect(iso(chart('co2 from last Friday until now'))).toEqual([
      '2026-11-20T00:00:00.000Z',
      '2026-11-25T14:30:00.000Z',
    ]);
    expect(iso(chart('co2 yesterday afternoon'))).toEqual([
      '2026-11-24T12:00:00.000Z',
      '2026-11-24T17:59:59.999Z',
    ]);
    expect(iso(chart('co2 last 3 months'))).toEqual(['2026-08-25T14:30:00.000Z', '2026-11-25T14:30:00.000Z']);
  });

  it('asks, naming the rule, for a range it cannot honour; never changes it silently', () => {
    const rule = (text: string) => {
      const q = ask(text);
      expect(q.slot).toBe('range');
      return q.question;
    };
    expect(rule('co2 last year')).toBe(GRAPH_TEXTS.customRangeTooLong);
    expect(rule('co2 last 4 months')).toBe(GRAPH_TEXTS.customRangeTooLong);
    expect(rule('co2 from 2026-11-20 to 2026-11-10')).toBe(GRAPH_TEXTS.fromAfterTo);
    expect(rule('co2 since 2023-12-01')).toBe(GRAPH_TEXTS.fromTooEarly);
    expect(rule('co2 tomorrow')).toBe(GRAPH_TEXTS.toAfterToday);
    expect(rule('co2 from 2026-11-20 to 2026-11-30')).toBe(GRAPH_TEXTS.toAfterToday);
    // The way out keeps the rest of the sentence.
    expect(ask('co2 of gateway 3 last year').candidates).toEqual([
      { label: 'last 3 months', sentence: 'co2 of gateway 3 last 3 months' },
    ]);
    expect(ask('co2 from 2026-11-20 to 2026-11-10').candidates[0]!.sentence).toBe(
      'co2 from 2026-11-10 to 2026-11-20',
    );
  });

  it('keeps memory in MB: a threshold in % on memory is asked about', () => {
    expect(chart('memory above 500 MB').condition).toEqual({ op: '>', value: 500 });
    const q = ask('memory above 80 % today');
    expect(q.slot).toBe('metric');
    expect(q.question).toBe('Memory is measured in MB, not %. Which reading do you mean?');
    expect(q.candidates).toEqual([
      { label: 'CPU', sentence: 'CPU above 80 % today' },
      { label: 'Memory (MB)', sentence: 'memory above 80 today' },
    ]);
  });

  it('never guesses a word it does not know or a reading it does not have', () => {
    expect(ask('co2 of Beta Plant 9 today').slot).toBe('text');
    expect(ask('humidity of gateway 3').slot).toBe('metric');
    expect(ask('co2 median today').slot).toBe('aggregation');
    expect(ask('gw 12 co2').slot).toBe('gateways');
  });
});
