import { GRAPH_METRIC_INFO, type GraphCandidate } from '@portal/contract';
import { distance } from 'fastest-levenshtein';
import type { CatalogueGateway } from './catalogue.ts';
import { replacePhrase } from './sentence.ts';
import { catalogueKey, METRIC_WORDS, normalize } from './vocabulary.ts';

export type QuestionSlot = 'metric' | 'gateways' | 'range' | 'aggregation' | 'text';

export interface Question {
  slot: QuestionSlot;
  word: string;
  question: string;
  candidates: GraphCandidate[];
}

/** How a candidate re-phrases the sentence: a phrase replaced (others dropped), or words put before or after. */
export interface CandidateSpec {
  label: string;
  phrase?: string;
  replacement?: string;
  drop?: string[];
  prefix?: boolean;
  suffix?: string;
}

export function question(
  slot: QuestionSlot,
  word: string,
  text: string,
  specs: CandidateSpec[],
  original: string,
): Question {
  const candidates = specs.map((spec) => {
    let sentence = original.trim();
    if (spec.phrase !== undefined)
      sentence = replacePhrase(sentence, spec.phrase, spec.replacement ?? spec.label);
    for (const phrase of spec.drop ?? []) sentence = replacePhrase(sentence, phrase, '').trim();
    if (spec.prefix) sentence = `${spec.label} ${sentence}`;
    if (spec.suffix) sentence = `${sentence} ${spec.suffix}`;
    return { label: spec.label, sentence: sentence.replace(/\s+/g, ' ').trim() };
  });
  return { slot, word, question: text, candidates };
}

const MAX_CANDIDATES = 5;

/**
 * A word the parser does not know: the caller's gateways, tags, places and metric names that look like it
 * (edit distance, shared words). Only the caller's own catalogue is searched, so a gateway of another tenant
 * is as unknown as a typo and nothing about it is told.
 */
export function unknownWordQuestion(
  word: string,
  original: string,
  catalogue: CatalogueGateway[],
  slot: QuestionSlot = 'text',
): Question {
  const w = normalize(word).trim();
  const scored: { label: string; replacement: string; score: number }[] = [];
  const parts = w.split(' ').filter((part) => part.length > 1 && !/^\d+$/.test(part));
  const limit = w.length <= 3 ? 1 : w.length <= 6 ? 2 : 3;
  // Edit distance only where the lengths allow a match: a fleet of 100,000 names stays quick.
  const near = (t: string) =>
    Math.abs(t.length - w.length) <= limit ? distance(w, t) : Number.POSITIVE_INFINITY;
  const consider = (label: string, replacement: string, target: string) => {
    const t = catalogueKey(target);
    if (!t) return;
    const tokens = t.split(' ');
    const shared = parts.some((part) => tokens.includes(part));
    let d = near(t);
    for (const token of tokens) d = Math.min(d, near(token));
    if (shared || d <= limit) scored.push({ label, replacement, score: shared ? 0 : d });
  };
  for (const g of catalogue) consider(g.name, g.name, g.name);
  for (const tag of new Set(catalogue.flatMap((g) => g.tags))) consider(`tag ${tag}`, tag, tag);
  for (const place of new Set(catalogue.flatMap((g) => g.places))) consider(`in ${place}`, place, place);
  for (const [phrase, metric] of METRIC_WORDS) {
    if (phrase.length > 2) consider(GRAPH_METRIC_INFO[metric].label, GRAPH_METRIC_INFO[metric].label, phrase);
  }
  const best = new Map<string, { label: string; replacement: string; score: number }>();
  for (const s of scored.sort((a, b) => a.score - b.score || a.label.localeCompare(b.label))) {
    if (!best.has(s.label)) best.set(s.label, s);
  }
  const picked = [...best.values()].slice(0, MAX_CANDIDATES);
  const text =
    picked.length > 0
      ? `I don't know "${word}". Did you mean ${picked.map((p) => p.label).join(', ')}?`
      : `I don't know "${word}". Please name a reading, your gateways and a time, e.g. "CO2 of ${catalogue[0]?.name ?? 'gateway 1'} today".`;
  return question(
    slot,
    word,
    text,
    picked.map((p) => ({ label: p.label, phrase: word, replacement: p.replacement })),
    original,
  );
}
