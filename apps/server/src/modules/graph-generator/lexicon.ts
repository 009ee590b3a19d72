import { distance } from 'fastest-levenshtein';
import type { CatalogueGateway } from './catalogue.ts';
import { NUMBER_WORDS } from './numbers.ts';
import { tokenize } from './tokens.ts';
import {
  AGGREGATION_WORDS,
  ALL_GATEWAYS_WORDS,
  AMBIGUOUS_METRIC_WORDS,
  COMPARISON_WORDS,
  catalogueKey,
  EXCLUDE_WORDS,
  GATEWAY_NOUNS,
  GROUPING_WORDS,
  INTERVAL_WORDS,
  METRIC_WORDS,
  STATUS_WORDS,
  STOPWORDS,
  TIME_WORDS,
  UNIT_WORDS,
  UNKNOWN_AGGREGATION_WORDS,
  UNKNOWN_METRIC_WORDS,
} from './vocabulary.ts';

/**
 * The words the parser knows for one catalogue: its own vocabulary and the words of the tenant's gateway
 * names, tags and places. A word it does not know is corrected to the one known word nearest to it (edit
 * distance, fastest-levenshtein) when that one is close enough and no other is as close: "gatway" is
 * "gateway", "temprature" "temperature", "Kitchn Hub" "kitchen hub". A word with two equally near known words,
 * or none near, stays unknown and is asked about.
 */
export interface Lexicon {
  known: Set<string>;
  /** Known words of 3 letters or more, by length, for corrections. */
  byLength: Map<number, string[]>;
  /** The catalogue's names, tags and places as the tokenizer reads them. */
  names: Map<string, CatalogueGateway[]>;
  tags: Map<string, string>;
  places: Map<string, string>;
  /** Each letter word of the gateways' names (3 letters or more) to the gateways whose name has it. */
  nameWords: Map<string, CatalogueGateway[]>;
  /** Customer names to their gateways. */
  customers: Map<string, CatalogueGateway[]>;
  maxNameWords: number;
  maxCustomerWords: number;
  maxTagWords: number;
  maxPlaceWords: number;
}

const FIXED = new Set<string>([
  ...STOPWORDS,
  ...TIME_WORDS,
  ...NUMBER_WORDS,
  ...UNKNOWN_METRIC_WORDS,
  ...UNKNOWN_AGGREGATION_WORDS,
  ...GATEWAY_NOUNS,
  ...[
    ...METRIC_WORDS.map(([w]) => w),
    ...AMBIGUOUS_METRIC_WORDS.map(([w]) => w),
    ...AGGREGATION_WORDS.map(([w]) => w),
    ...INTERVAL_WORDS.map(([w]) => w),
    ...GROUPING_WORDS.map(([w]) => w),
    ...ALL_GATEWAYS_WORDS,
    ...STATUS_WORDS.map(([w]) => w),
    ...EXCLUDE_WORDS,
    ...COMPARISON_WORDS.map(([w]) => w),
    ...UNIT_WORDS.map(([w]) => w),
  ].flatMap((phrase) => phrase.split(' ')),
  ...'jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun am pm ago'.split(' '),
]);

/** Plain words the tokenizer leaves as they are (no "gw3", "#2", "1-3"): most names, read without it. */
const PLAIN_KEY = /^(?:(?!(?:gateways?|gws?|devices?|sensors?|nodes?|units?|boxes|box)\d)[a-z0-9]+(?: |$))+$/;

/** The key a catalogue entry is found by: its words as the tokenizer splits them. */
function entryKey(text: string): string {
  const key = catalogueKey(text);
  if (PLAIN_KEY.test(key)) return key;
  return tokenize(` ${key} `)
    .map((t) => t.text)
    .join(' ');
}

/** Filler words that are also read as something (gateway nouns, "all", time words): corrected to. */
const CONTENT = new Set([...GATEWAY_NOUNS, ...TIME_WORDS, 'all', 'every', 'each', 'per']);

const cache = new WeakMap<CatalogueGateway[], Lexicon>();

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function lexiconFor(catalogue: CatalogueGateway[]): Lexicon {
  const cached = cache.get(catalogue);
  if (cached) return cached;
  const known = new Set(FIXED);
  const names = new Map<string, CatalogueGateway[]>();
  const tags = new Map<string, string>();
  const places = new Map<string, string>();
  const customers = new Map<string, CatalogueGateway[]>();
  const entryKeys = new Map<string, string>();
  const keyOf = (text: string) => {
    let k = entryKeys.get(text);
    if (k === undefined) {
      k = entryKey(text);
      entryKeys.set(text, k);
    }
    return k;
  };
  for (const g of catalogue) {
    // Names are mostly unique: not remembered like tags and places; one list per name, shared when alone.
    const k = entryKey(g.name);
    if (k) {
      const list = names.get(k);
      if (list) names.set(k, [...list, g]);
      else names.set(k, [g]);
    }
    for (const tag of g.tags) if (keyOf(tag)) tags.set(keyOf(tag), tag);
    for (const place of g.places) if (keyOf(place)) places.set(keyOf(place), place);
    const customer = g.customer ? keyOf(g.customer) : '';
    if (customer) append(customers, customer, g);
  }
  const nameWords = new Map<string, CatalogueGateway[]>();
  for (const [k, gateways] of names) {
    for (const w of new Set(k.split(' '))) {
      if (w.length < 3 || !/^[a-z]+$/.test(w) || FIXED.has(w)) continue;
      for (const g of gateways) append(nameWords, w, g);
    }
  }
  // Only words of letters are ever corrected (numbers never are), so only they need to be known.
  for (const map of [names, tags, places, customers])
    for (const k of map.keys()) for (const w of k.split(' ')) if (/^[a-z]+$/.test(w)) known.add(w);
  const byLength = new Map<number, string[]>();
  // Filler words are not corrected to: a word that is not one would vanish from the sentence unasked.
  for (const w of known) {
    if (w.length < 3 || !/^[a-z]+$/.test(w) || (STOPWORDS.has(w) && !CONTENT.has(w))) continue;
    append(byLength, w.length, w);
  }
  const most = (map: Map<string, unknown>) => {
    let words = 0;
    for (const k of map.keys()) words = Math.max(words, k.split(' ').length);
    return words;
  };
  const lexicon: Lexicon = {
    known,
    byLength,
    names,
    tags,
    places,
    customers,
    nameWords,
    maxNameWords: most(names),
    maxCustomerWords: most(customers),
    maxTagWords: most(tags),
    maxPlaceWords: most(places),
  };
  cache.set(catalogue, lexicon);
  return lexicon;
}

/** Edit distance, an adjacent swap ("dmeo", "huors") counting as one edit. */
function typoDistance(a: string, b: string): number {
  const d = distance(a, b);
  if (d !== 2 || a.length !== b.length) return d;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  return swapped ? 1 : d;
}

/** The length of the longest common subsequence: among equally near words, the one sharing most letters. */
function shared(a: string, b: string): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** Letters two words have in common, in any order ("lats" and "last": 4; "lats" and "lets": 3). */
function letters(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const c of a) counts.set(c, (counts.get(c) ?? 0) + 1);
  let common = 0;
  for (const c of b) {
    const n = counts.get(c) ?? 0;
    if (n > 0) {
      common += 1;
      counts.set(c, n - 1);
    }
  }
  return common;
}

/**
 * The known word a typo stands for, or null (known already, too short, too far, or two equally near that
 * share as many letters with it, in order and in all). Words of 3 to 6 letters may be one edit off, longer ones two.
 */
function correction(word: string, lexicon: Lexicon): string | null {
  if (lexicon.known.has(word) || word.length < 3 || !/^[a-z]+$/.test(word)) return null;
  const limit = word.length <= 6 ? 1 : 2;
  let best: { word: string; d: number; shared: number; letters: number } | null = null;
  let tie = false;
  for (let length = word.length - limit; length <= word.length + limit; length++) {
    for (const candidate of lexicon.byLength.get(length) ?? []) {
      const d = typoDistance(word, candidate);
      if (d > limit || (best && d > best.d)) continue;
      const score = {
        word: candidate,
        d,
        shared: shared(word, candidate),
        letters: letters(word, candidate),
      };
      const better =
        !best ||
        d < best.d ||
        score.shared > best.shared ||
        (score.shared === best.shared && score.letters > best.letters);
      if (better) {
        best = score;
        tie = false;
      } else if (score.shared === best!.shared && score.letters === best!.letters) tie = true;
    }
  }
  return best !== null && !tie ? best.word : null;
}

/** The normalized sentence with each typo replaced by the word it stands for, and the corrections made. */
export function correctTypos(
  normalized: string,
  lexicon: Lexicon,
): { text: string; corrections: [string, string][] } {
  const corrections: [string, string][] = [];
  const text = normalized.replace(/(?<=\s)[a-z]+(?=\s)/g, (word) => {
    const fixed = correction(word, lexicon);
    if (fixed === null) return word;
    corrections.push([word, fixed]);
    return fixed;
  });
  return { text, corrections };
}
