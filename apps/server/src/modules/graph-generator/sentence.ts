/**
 * A normalized sentence being read: each recognized phrase is taken out (blanked, keeping every position),
 * so what is left at the end is what the parser did not understand.
 */
export class Sentence {
  private text: string;

  constructor(normalized: string) {
    this.text = normalized;
  }

  get rest(): string {
    return this.text;
  }

  /** Blanks [start, end). */
  take(start: number, end: number): void {
    this.text = this.text.slice(0, start) + ' '.repeat(end - start) + this.text.slice(end);
  }

  /** Every whole-word occurrence of a phrase (words separated by one or more spaces), taken out. */
  takePhrase(phrase: string): number {
    let found = 0;
    const pattern = phrasePattern(phrase);
    for (let m = pattern.exec(this.text); m; m = pattern.exec(this.text)) {
      this.take(m.index, m.index + m[0].length);
      found += 1;
    }
    return found;
  }

  /** Whether the phrase occurs as whole words (not taken out). */
  has(phrase: string): boolean {
    return phrasePattern(phrase).test(this.text);
  }

  /** The first match of a pattern, taken out. */
  takePattern(pattern: RegExp): RegExpExecArray | null {
    const m = pattern.exec(this.text);
    if (m) this.take(m.index, m.index + m[0].length);
    return m;
  }

  /**
   * Every phrase of `known` (keys: normalized phrases) found as adjacent words, longest first, taken out; in
   * the order found. A map lookup per run of words, so a catalogue of 100,000 names costs no more than ten.
   */
  takeKnown<T>(known: Map<string, T>, maxWords: number): { phrase: string; value: T }[] {
    const found: { phrase: string; value: T }[] = [];
    for (let n = maxWords; n >= 1; n--) {
      const words = this.words();
      for (let i = 0; i + n <= words.length; i++) {
        const run = words.slice(i, i + n);
        const adjacent = run.every(
          (w, k) => k === 0 || w.index === run[k - 1]!.index + run[k - 1]!.word.length + 1,
        );
        if (!adjacent) continue;
        const phrase = run.map((w) => w.word).join(' ');
        const value = known.get(phrase);
        if (value === undefined) continue;
        const last = run[n - 1]!;
        this.take(run[0]!.index, last.index + last.word.length);
        found.push({ phrase, value });
        i += n - 1;
      }
    }
    return found;
  }

  /** The words left, with their positions. */
  words(): { word: string; index: number }[] {
    const out: { word: string; index: number }[] = [];
    const pattern = /\S+/g;
    for (let m = pattern.exec(this.text); m; m = pattern.exec(this.text))
      out.push({ word: m[0], index: m.index });
    return out;
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A phrase as whole words: spaces (or nothing) around it, any run of spaces between its words. */
export function phrasePattern(phrase: string, flags = ''): RegExp {
  const body = phrase.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<=^|\\s)${body}(?=\\s|$)`, flags);
}

/** The original sentence with a phrase (matched loosely, case aside) replaced; appended when not found. */
export function replacePhrase(original: string, phrase: string, replacement: string): string {
  const body = phrase
    .trim()
    .split(/\s+/)
    .map((w) => escapeRegExp(w))
    .join('[\\s\\W]+');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');
  if (phrase.trim() && pattern.test(original))
    return original.replace(pattern, replacement).replace(/\s+/g, ' ');
  return `${original.trim()} ${replacement}`;
}

/** Levenshtein distance, for "did you mean". */
export function distance(a: string, b: string): number {
  if (a === b) return 0;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
