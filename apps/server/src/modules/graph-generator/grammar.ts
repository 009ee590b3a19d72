import { GRAPH_METRIC_INFO, type GraphMetric, normalizeMac } from '@portal/contract';
import type { CatalogueGateway } from './catalogue.ts';
import type { Lexicon } from './lexicon.ts';
import { digitsValue, wordsValue } from './numbers.ts';
import type { GatewayRefs, Slots } from './slots.ts';
import { TokenStream, tokenize } from './tokens.ts';
import {
  AGGREGATION_WORDS,
  ALL_GATEWAYS_WORDS,
  AMBIGUOUS_METRIC_WORDS,
  COMPARISON_WORDS,
  EXCLUDE_WORDS,
  GATEWAY_NOUNS,
  GROUPING_WORDS,
  INTERVAL_WORDS,
  METRIC_WORDS,
  STATUS_WORDS,
  STOPWORDS,
  UNIT_WORDS,
  UNKNOWN_AGGREGATION_WORDS,
  UNKNOWN_METRIC_WORDS,
  UNREAD_PHRASES,
} from './vocabulary.ts';

export const metricLabel = (m: GraphMetric) => GRAPH_METRIC_INFO[m].label;
export const unitOf = (m: GraphMetric) => GRAPH_METRIC_INFO[m].unit;

const byLength = <T>(list: [string, T][]) => [...list].sort((a, b) => b[0].length - a[0].length);
const toMap = <T>(list: [string, T][]) => new Map(byLength(list));
const METRICS = toMap(METRIC_WORDS);
const AMBIGUOUS = toMap(AMBIGUOUS_METRIC_WORDS);
const AGGREGATIONS = toMap(AGGREGATION_WORDS);
const INTERVALS = toMap(INTERVAL_WORDS);
const GROUPINGS = toMap(GROUPING_WORDS);
const STATUSES = toMap(STATUS_WORDS);
const UNITS = toMap(UNIT_WORDS);
const COMPARISONS = byLength(COMPARISON_WORDS);
const ALL_WORDS = [...ALL_GATEWAYS_WORDS].sort((a, b) => b.length - a.length);
const EXCLUDES = [...EXCLUDE_WORDS].sort((a, b) => b.length - a.length);
const UNKNOWN_METRICS = new Map(UNKNOWN_METRIC_WORDS.map((w) => [w, w]));
const UNKNOWN_AGGREGATIONS = new Map(UNKNOWN_AGGREGATION_WORDS.map((w) => [w, w]));
const maxWords = (map: Map<string, unknown>) => Math.max(...[...map.keys()].map((k) => k.split(' ').length));
const MONTH =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)$/;
const TIME_UNIT =
  /^(m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?|months?|mos?|years?|yrs?|fortnights?|ago)$/;

/** The trailing number of a name ("Demo Gateway 3" -> 3, "GW-07" -> 7), or null. */
function trailingNumber(name: string): number | null {
  const m = /(\d+)\s*$/.exec(name);
  return m ? Number(m[1]) : null;
}

/**
 * The grammar (recursive descent over the tokens; docs/graph-generator.md 'Grammar'):
 *
 *   sentence   := item*
 *   item       := gateways | exclusion | threshold | time | reading | unit | aggregation | interval
 *               | grouping | filler
 *   gateways   := NAME | MAC | NOUN '#'? numbers | ALL | STATUS | TAG | PLACE
 *   exclusion  := EXCEPT (NOUN? numbers | NAME | MAC | STATUS | TAG | PLACE) (('and' | 'or') exclusion-target)*
 *   numbers    := number (('-' | 'to' | 'through') number)? ((',' | 'and' | 'or' | '/' | '&')? '#'? numbers)?
 *   number     := DIGITS | NUMBER-WORD{1,3}
 *   threshold  := COMPARISON number UNIT?
 *   time       := (own rules and chrono-node over the text not yet taken: time-phrases.ts)
 *
 * Names, MACs, numbered gateways, exclusions and thresholds are read first (their numbers are not times),
 * then the time, then the rest. Whatever is left that is not a filler word is asked about.
 */
export class Grammar {
  readonly stream: TokenStream;
  readonly slots: Slots = {
    refs: {
      named: [],
      namedAt: [],
      customers: [],
      excluded: [],
      all: false,
      statuses: new Set(),
      tags: [],
      places: [],
      excludedFilters: { statuses: new Set(), tags: [], places: [] },
      ambiguous: null,
      unknown: null,
    },
    metrics: [],
    ambiguousMetric: null,
    units: [],
    unknownMetric: null,
    unknownAggregation: null,
    conditions: [],
    functions: new Map(),
    intervals: new Map(),
    groupings: new Set(),
    unknownWord: null,
  };

  constructor(
    readonly text: string,
    readonly catalogue: CatalogueGateway[],
    readonly lexicon: Lexicon,
  ) {
    this.stream = new TokenStream(tokenize(text));
  }

  /** How many gateways were named by a word of their name alone. */
  private partials = 0;

  private get n() {
    return this.stream.tokens.length;
  }

  private phrase(from: number, to: number): string {
    return this.stream.tokens
      .slice(from, to)
      .map((t) => t.text)
      .join(' ');
  }

  /** Pass 1: gateways by name, MAC and number, exclusions and thresholds. */
  readGateways(): void {
    for (let i = 0; i < this.n; ) {
      if (!this.stream.at(i)) {
        i += 1;
        continue;
      }
      const end =
        this.threshold(i) ??
        this.exclusion(i) ??
        this.name(i, this.slots.refs.named) ??
        this.customer(i, this.slots.refs.named) ??
        this.mac(i, this.slots.refs.named) ??
        this.numbered(i, this.slots.refs.named);
      i = end ?? i + 1;
    }
  }

  /** Pass 2: everything but the time and what pass 1 took. */
  readRest(): void {
    const s = this.slots;
    for (let i = 0; i < this.n; ) {
      const token = this.stream.at(i);
      if (!token) {
        i += 1;
        continue;
      }
      const take = (end: number) => {
        this.stream.take(i, end);
        i = end;
      };
      // The longest phrase of any kind at this word; on equal lengths, the first kind listed.
      const readers: [number | null, () => void][] = [];
      const all = this.stream.oneOf(i, ALL_WORDS);
      readers.push([all?.end ?? null, () => (s.refs.all = true)]);
      const metric = this.stream.longestAt(i, METRICS, maxWords(METRICS));
      readers.push([
        metric?.end ?? null,
        () => {
          if (metric && !s.metrics.some((m) => m.metric === metric.value))
            s.metrics.push({ metric: metric.value, phrase: this.phrase(i, metric.end), at: i });
        },
      ]);
      const ambiguous = this.stream.longestAt(i, AMBIGUOUS, maxWords(AMBIGUOUS));
      readers.push([
        ambiguous?.end ?? null,
        () =>
          (s.ambiguousMetric ??= ambiguous && {
            word: this.phrase(i, ambiguous.end),
            metrics: ambiguous.value,
          }),
      ]);
      const status = this.stream.longestAt(i, STATUSES, 1);
      readers.push([status?.end ?? null, () => status && s.refs.statuses.add(status.value)]);
      const tag = this.stream.longestAt(i, this.lexicon.tags, this.lexicon.maxTagWords);
      readers.push([tag?.end ?? null, () => tag && s.refs.tags.push(tag.value)]);
      const place = this.stream.longestAt(i, this.lexicon.places, this.lexicon.maxPlaceWords);
      readers.push([place?.end ?? null, () => place && s.refs.places.push(place.value)]);
      const unit = token.text === 'c' ? null : this.stream.longestAt(i, UNITS, 1);
      readers.push([unit?.end ?? null, () => unit && s.units.push({ unit: unit.value, phrase: token.text })]);
      const unknownMetric = this.stream.longestAt(i, UNKNOWN_METRICS, 1);
      readers.push([unknownMetric?.end ?? null, () => (s.unknownMetric ??= unknownMetric?.value ?? null)]);
      const unknownFn = this.stream.longestAt(i, UNKNOWN_AGGREGATIONS, 1);
      readers.push([unknownFn?.end ?? null, () => (s.unknownAggregation ??= unknownFn?.value ?? null)]);
      const grouping = this.stream.longestAt(i, GROUPINGS, maxWords(GROUPINGS));
      readers.push([grouping?.end ?? null, () => grouping && s.groupings.add(grouping.value)]);
      const interval = this.stream.longestAt(i, INTERVALS, maxWords(INTERVALS));
      readers.push([
        interval?.end ?? null,
        () => {
          if (interval && !s.intervals.has(interval.value))
            s.intervals.set(interval.value, this.phrase(i, interval.end));
        },
      ]);
      const fn = this.stream.longestAt(i, AGGREGATIONS, maxWords(AGGREGATIONS));
      readers.push([
        fn?.end ?? null,
        () => {
          if (fn && !s.functions.has(fn.value)) s.functions.set(fn.value, this.phrase(i, fn.end));
        },
      ]);
      // "this time yesterday": fillers that together mean a time not read; asked about.
      const unread = this.stream.oneOf(i, UNREAD_PHRASES);
      if (unread) {
        s.unknownWord ??= unread.phrase;
        take(unread.end);
        continue;
      }
      // "how many co2 readings": the number of readings.
      const howMany = this.stream.phraseAt(i, 'how many');
      const counted =
        howMany !== null &&
        [0, 1, 2].some((k) => /^(readings|samples|measurements|values)$/.test(this.stream.word(howMany + k)));
      readers.push([
        counted ? howMany : null,
        () => s.functions.has('count') || s.functions.set('count', 'how many'),
      ]);
      let best: [number, () => void] | null = null;
      for (const [end, read] of readers) if (end !== null && (!best || end > best[0])) best = [end, read];
      if (best) {
        best[1]();
        take(best[0]);
        continue;
      }
      const filler =
        (token.kind === 'word' && (STOPWORDS.has(token.text) || /^'/.test(token.text))) ||
        (token.kind === 'op' && /^[-/#&+]$/.test(token.text));
      if (filler) {
        take(i + 1);
        continue;
      }
      // A word of one gateway's name and of no other ("the kitchen" of "Kitchen Hub"): that gateway, named
      // in full on the chip. A word several names share ("demo") is asked about.
      // Only when no gateway was named otherwise: "gateway 3 in the kitchen" is asked about.
      const partial = token.kind === 'word' ? this.lexicon.nameWords.get(token.text) : undefined;
      if (partial?.length === 1 && s.refs.named.length === this.partials && s.refs.customers.length === 0) {
        s.refs.named.push(partial[0]!);
        s.refs.namedAt.push(i);
        this.partials += 1;
        take(i + 1);
        continue;
      }
      s.unknownWord ??= this.unknownPhrase(i);
      i += 1;
    }
  }

  /** A word nobody knows, with the words and numbers right after it ("beta plant 9"). */
  private unknownPhrase(i: number): string {
    const words = [this.stream.tokens[i]!.text];
    for (let k = i + 1; k < this.n; k++) {
      const t = this.stream.at(k);
      if (!t || (STOPWORDS.has(t.text) && !GATEWAY_NOUNS.includes(t.text))) break;
      words.push(t.text);
    }
    while (words.length > 1 && STOPWORDS.has(words[words.length - 1]!)) words.pop();
    return words.join(' ');
  }

  // ---- gateways

  private name(i: number, into: CatalogueGateway[]): number | null {
    const found = this.stream.longestAt(i, this.lexicon.names, this.lexicon.maxNameWords);
    if (!found) return null;
    if (into === this.slots.refs.named) this.slots.refs.namedAt.push(i);
    if (found.value.length > 1)
      this.slots.refs.ambiguous ??= { word: this.phrase(i, found.end), matches: found.value };
    else into.push(found.value[0]!);
    this.stream.take(i, found.end);
    return found.end;
  }

  /** A customer's name: its gateways ("temperature for Demo Customer"). */
  private customer(i: number, into: CatalogueGateway[]): number | null {
    const found = this.stream.longestAt(i, this.lexicon.customers, this.lexicon.maxCustomerWords);
    if (!found) return null;
    if (into === this.slots.refs.named) {
      // Named with gateways of its own ("gateway 1 of Demo Customer"), a customer narrows them; else it
      // adds its gateways ("Bistro Group and Demo Gateway 1"): selectGateways decides.
      this.slots.refs.namedAt.push(i);
      this.slots.refs.customers.push(found.value);
    } else into.push(...found.value);
    this.stream.take(i, found.end);
    return found.end;
  }

  private mac(i: number, into: CatalogueGateway[]): number | null {
    const token = this.stream.at(i);
    if (token?.kind !== 'mac') return null;
    const mac = normalizeMac(token.text);
    if (into === this.slots.refs.named) this.slots.refs.namedAt.push(i);
    const gateway = this.catalogue.find((g) => g.mac === mac);
    if (gateway) into.push(gateway);
    else this.slots.refs.unknown ??= token.text;
    this.stream.take(i, i + 1);
    return i + 1;
  }

  /**
   * A number at `i` (digits or up to three number words) that is not a time amount ("3 days"), unless it
   * follows a gateway noun (`afterNoun`: "device 5 day" is gateway 5, and "day" is asked about).
   */
  private number(i: number, afterNoun = false): { value: number; end: number } | null {
    const token = this.stream.at(i);
    if (!token) return null;
    let found: { value: number; end: number } | null = null;
    if (token.kind === 'number') found = { value: digitsValue(token.text)!, end: i + 1 };
    else if (token.kind === 'word') {
      for (let k = 3; k >= 1 && !found; k--) {
        const words = this.stream.tokens.slice(i, i + k).map((t) => t.text);
        if (words.length < k || words.some((_, j) => !this.stream.at(i + j))) continue;
        if (k === 1 && (words[0] === 'a' || words[0] === 'an')) continue;
        const value = wordsValue(words);
        if (value !== null) found = { value, end: i + k };
      }
    }
    if (!found) return null;
    const next = this.stream.word(found.end);
    if (!afterNoun && (TIME_UNIT.test(next) || MONTH.test(next))) return null;
    return found;
  }

  /** `numbers` of the grammar: the values and ranges it names, and where it ends. */
  private numbers(i: number, afterNoun = false): { items: [number, number][]; end: number } | null {
    const items: [number, number][] = [];
    let at = i;
    for (;;) {
      const first = this.number(at, afterNoun && at === i);
      if (!first) break;
      let item: [number, number] = [first.value, first.value];
      let end = first.end;
      const sep = this.stream.oneOf(end, ['-', 'to', 'through', 'thru', 'till', 'until']);
      // "gateway 1 to gateway 3"
      const again = sep ? this.stream.oneOf(sep.end, GATEWAY_NOUNS) : null;
      const last = sep ? this.number(again?.end ?? sep.end) : null;
      if (sep && last && last.value >= first.value) {
        item = [first.value, last.value];
        end = last.end;
      }
      items.push(item);
      at = end;
      const joiner = this.stream.oneOf(at, ['and', 'or', '/', '&', 'plus', 'vs', 'versus', 'with']);
      const next = joiner ? joiner.end : at;
      const hash = this.stream.word(next) === '#' ? next + 1 : next;
      if (!this.number(hash)) break;
      at = hash;
    }
    return items.length > 0 ? { items, end: at } : null;
  }

  /** The gateways whose name ends with a number of `items`; a single number matching several is asked about. */
  private byNumbers(items: [number, number][], noun: string | null, into: CatalogueGateway[]): void {
    for (const [from, to] of items) {
      let matches = this.catalogue.filter((g) => {
        const n = trailingNumber(g.name);
        return n !== null && n >= from && n <= to;
      });
      if (from === to && matches.length > 1 && noun) {
        // "gateway 12" of "Demo Gateway 12" and "Roof Unit 12": the one whose name says "gateway".
        const word = noun.replace(/(es|s)$/, '');
        const named = matches.filter((g) => g.name.toLowerCase().split(/\W+/).includes(word));
        if (named.length === 1) matches = named;
      }
      const word = from === to ? `gateway ${from}` : `gateways ${from} to ${to}`;
      if (matches.length === 0) this.slots.refs.unknown ??= word;
      else if (from === to && matches.length > 1) this.slots.refs.ambiguous ??= { word, matches };
      else into.push(...matches);
    }
  }

  private numbered(i: number, into: CatalogueGateway[]): number | null {
    const noun = this.stream.oneOf(i, [...GATEWAY_NOUNS, '#']);
    if (!noun) return null;
    const start = this.stream.word(noun.end) === '#' ? noun.end + 1 : noun.end;
    const numbers = this.numbers(start, true);
    if (!numbers) return null;
    if (into === this.slots.refs.named) this.slots.refs.namedAt.push(i);
    this.byNumbers(numbers.items, noun.phrase === '#' ? null : noun.phrase, into);
    this.stream.take(i, numbers.end);
    return numbers.end;
  }

  private exclusion(i: number): number | null {
    const word = this.stream.oneOf(i, EXCLUDES);
    if (!word) return null;
    const refs = this.slots.refs;
    let at = this.stream.word(word.end) === 'the' ? word.end + 1 : word.end;
    let took = false;
    for (;;) {
      const end =
        this.name(at, refs.excluded) ??
        this.customer(at, refs.excluded) ??
        this.mac(at, refs.excluded) ??
        this.numbered(at, refs.excluded) ??
        this.bareNumbers(at, refs.excluded) ??
        this.filter(at, refs.excludedFilters);
      if (end === null) break;
      took = true;
      at = end;
      const joiner = this.stream.oneOf(at, ['and', 'or', 'nor']);
      if (!joiner) break;
      const probe = this.stream.oneOf(joiner.end, GATEWAY_NOUNS) ?? null;
      if (!probe && !this.number(joiner.end) && !this.startsTarget(joiner.end)) break;
      at = joiner.end;
    }
    if (!took) return null;
    this.stream.take(i, at);
    return at;
  }

  private startsTarget(i: number): boolean {
    return (
      this.stream.longestAt(i, this.lexicon.names, this.lexicon.maxNameWords) !== null ||
      this.stream.at(i)?.kind === 'mac' ||
      this.stream.longestAt(i, STATUSES, 1) !== null ||
      this.stream.longestAt(i, this.lexicon.tags, this.lexicon.maxTagWords) !== null ||
      this.stream.longestAt(i, this.lexicon.places, this.lexicon.maxPlaceWords) !== null
    );
  }

  private bareNumbers(i: number, into: CatalogueGateway[]): number | null {
    const numbers = this.numbers(i);
    if (!numbers) return null;
    this.byNumbers(numbers.items, null, into);
    this.stream.take(i, numbers.end);
    return numbers.end;
  }

  /** A status, tag or place (an exclusion's target: "all gateways except offline ones"). */
  private filter(i: number, into: GatewayRefs['excludedFilters']): number | null {
    const status = this.stream.longestAt(i, STATUSES, 1);
    const tag = this.stream.longestAt(i, this.lexicon.tags, this.lexicon.maxTagWords);
    const place = this.stream.longestAt(i, this.lexicon.places, this.lexicon.maxPlaceWords);
    let end: number | null = null;
    if (status) {
      into.statuses.add(status.value);
      end = status.end;
    } else if (tag) {
      into.tags.push(tag.value);
      end = tag.end;
    } else if (place) {
      into.places.push(place.value);
      end = place.end;
    }
    if (end === null) return null;
    // "except the offline ones", "except offline gateways"
    const tail = this.stream.oneOf(end, ['ones', 'one', ...GATEWAY_NOUNS]);
    if (tail) end = tail.end;
    this.stream.take(i, end);
    return end;
  }

  // ---- thresholds

  private threshold(i: number): number | null {
    const comparison = COMPARISONS.find(([phrase]) => this.stream.phraseAt(i, phrase) !== null);
    if (!comparison) return null;
    let at = this.stream.phraseAt(i, comparison[0])!;
    if (this.stream.word(at) === 'of') at += 1;
    const value = this.number(at);
    if (!value) return null;
    at = value.end;
    let unit: string | null = null;
    const unitWord = this.stream.longestAt(at, UNITS, 1);
    if (unitWord) {
      unit = unitWord.value;
      at = unitWord.end;
    }
    this.slots.conditions.push({
      condition: { op: comparison[1], value: value.value },
      unit,
      unitWord: unitWord ? this.stream.word(at - 1) : null,
      phrase: this.phrase(i, at),
    });
    this.stream.take(i, at);
    return at;
  }
}
