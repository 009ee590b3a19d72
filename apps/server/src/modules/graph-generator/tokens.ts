import { digitsValue } from './numbers.ts';

/**
 * The tokenizer: a normalized sentence (vocabulary.ts `normalize`) as tokens with their places in it, so
 * what the grammar takes can be blanked out of the text the time rules read, and what is left is known.
 *
 * - `mac`: twelve hex digits with at least one digit ("de0000000003"; `normalize` removed separators);
 * - `number`: digits ("3", "1500", "1.5", "2k"); spelled numbers ("three") stay words, the grammar reads them;
 * - `op`: a comparison sign (>, <, >=, <=, =) or a range/list sign (-, +, /, #);
 * - `word`: everything else ("co2", "2026-11-20", "24h", "08:00").
 *
 * "gw3", "gateway#3" and "#3" are split into the noun and the number, "1-3" into 1, -, 3.
 */
/** What a taken word is replaced with in the text the time rules read. */
export const BLANK = '·';

export type TokenKind = 'word' | 'number' | 'mac' | 'op';

export interface Token {
  kind: TokenKind;
  text: string;
  /** The number a `number` token (or a number word) stands for. */
  value: number | null;
  start: number;
  end: number;
}

const NOUN_NUMBER = /^(gateways?|gws?|devices?|sensors?|nodes?|units?|boxes|box)#?(\d+(?:[-/]\d+)*)$/;
const ISOISH = /^\d{4}-\d{1,2}(-\d{1,2})?(t[\d:]+)?$|^\d{1,2}:\d{2}(:\d{2})?(am|pm)?$/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, word: string, start: number) =>
    tokens.push({
      kind,
      text: word,
      value: kind === 'number' ? digitsValue(word) : null,
      start,
      end: start + word.length,
    });
  const chunks = /\S+/g;
  for (let m = chunks.exec(text); m; m = chunks.exec(text)) {
    const word = m[0];
    const at = m.index;
    const nounNumber = NOUN_NUMBER.exec(word);
    if (/^[0-9a-f]{12}$/.test(word) && /\d/.test(word)) push('mac', word, at);
    else if (ISOISH.test(word)) push('word', word, at);
    else if (digitsValue(word) !== null) push('number', word, at);
    else if (/^(>=|<=|>|<|=|-|\+|\/|#|&)$/.test(word)) push('op', word, at);
    else if (/^\d+([-/]\d+)+$/.test(word)) {
      // "1-3", "1/2", "03/11/2026": numbers and signs (the time rules read dates from the text itself).
      for (const m of word.matchAll(/\d+|[-/]/g)) push(/\d/.test(m[0]) ? 'number' : 'op', m[0], at + m.index);
    } else if (nounNumber) {
      const numbers = nounNumber[2]!;
      const from = at + word.length - numbers.length;
      push('word', word.slice(0, word.length - numbers.length).replace(/#$/, ''), at);
      for (const m of numbers.matchAll(/\d+|[-/]/g))
        push(/\d/.test(m[0]) ? 'number' : 'op', m[0], from + m.index);
    } else if (/^#\d+$/.test(word)) {
      push('op', '#', at);
      push('number', word.slice(1), at + 1);
    } else push('word', word, at);
  }
  return tokens;
}

/** The grammar's cursor over the tokens not yet taken. */
export class TokenStream {
  readonly taken: boolean[];

  constructor(readonly tokens: Token[]) {
    this.taken = tokens.map(() => false);
  }

  /** The token at `i`, or undefined past the end or when already taken. */
  at(i: number): Token | undefined {
    return this.taken[i] ? undefined : this.tokens[i];
  }

  /** The text of the free token at `i` ('' when none). */
  word(i: number): string {
    return this.at(i)?.text ?? '';
  }

  take(from: number, to: number): void {
    for (let i = from; i < to; i++) this.taken[i] = true;
  }

  /** Whether the words starting at `i` are `phrase` (space-separated), all free; returns the index after. */
  phraseAt(i: number, phrase: string): number | null {
    const words = phrase.split(' ');
    for (let k = 0; k < words.length; k++) if (this.word(i + k) !== words[k]) return null;
    return i + words.length;
  }

  /** The longest phrase of `known` (keys: space-joined words) starting at `i`. */
  longestAt<T>(i: number, known: Map<string, T>, maxWords: number): { value: T; end: number } | null {
    const words: string[] = [];
    let best: { value: T; end: number } | null = null;
    for (let k = 0; k < maxWords; k++) {
      const w = this.word(i + k);
      if (!w) break;
      words.push(w);
      const value = known.get(words.join(' '));
      if (value !== undefined) best = { value, end: i + k + 1 };
    }
    return best;
  }

  /** The first of `phrases` found at `i`. */
  oneOf(i: number, phrases: readonly string[]): { phrase: string; end: number } | null {
    for (const phrase of phrases) {
      const end = this.phraseAt(i, phrase);
      if (end !== null) return { phrase, end };
    }
    return null;
  }

  /** The free tokens left, in order. */
  rest(): { token: Token; index: number }[] {
    return this.tokens.flatMap((token, index) => (this.taken[index] ? [] : [{ token, index }]));
  }

  /**
   * The text with the taken tokens blanked out (positions kept): each becomes a run of '·', a word nothing
   * reads, so "for gateway 3 last week" does not become "for last week" to the time rules.
   */
  blanked(text: string): string {
    let out = text;
    this.tokens.forEach((t, i) => {
      if (this.taken[i]) out = out.slice(0, t.start) + BLANK.repeat(t.end - t.start) + out.slice(t.end);
    });
    return out;
  }

  /** Takes every free token inside [start, end) of the text. */
  takeSpan(start: number, end: number): void {
    this.tokens.forEach((t, i) => {
      if (t.start >= start && t.end <= end) this.taken[i] = true;
    });
  }
}
