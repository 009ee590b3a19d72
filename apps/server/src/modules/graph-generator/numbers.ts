/**
 * Numbers as operators type them: digits ("3", "1500", "1.5", "2k"; thousands separators are removed by
 * `normalize`) and words ("three", "twenty one", "fifteen hundred", "two thousand"). Used for gateway numbers,
 * thresholds and rolling time spans.
 */
const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000 };

/** Every word that can be part of a spelled number. */
export const NUMBER_WORDS = new Set([...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)]);

/** The regular-expression alternative for a number in digits or one to three words ("twenty one"). */
export const NUMBER_PATTERN = `(?:\\d+(?:\\.\\d+)?|(?:${[...NUMBER_WORDS].join('|')})(?:[ -](?:${[...NUMBER_WORDS].join('|')})){0,2}|an?)`;

/** A number written in digits ("1500", "1.5", "2k"), or null. */
export function digitsValue(word: string): number | null {
  const m = /^(-?\d+(?:\.\d+)?)(k)?$/.exec(word);
  if (!m) return null;
  return Number(m[1]) * (m[2] ? 1000 : 1);
}

/**
 * The value of spelled-out words ("twenty one", "fifteen hundred"), or null when they are not a number.
 * "a"/"an" count as 1 ("an hour").
 */
export function wordsValue(words: string[]): number | null {
  if (words.length === 1 && (words[0] === 'a' || words[0] === 'an')) return 1;
  if (words.length === 0 || !words.every((w) => NUMBER_WORDS.has(w))) return null;
  let total = 0;
  let current = 0;
  let previous: 'unit' | 'ten' | 'scale' | null = null;
  for (const w of words) {
    if (w in SCALES) {
      if (previous === null) current = 1;
      current *= SCALES[w]!;
      if (SCALES[w]! >= 1000) {
        total += current;
        current = 0;
      }
      previous = 'scale';
    } else if (w in TENS) {
      if (previous === 'ten' || previous === 'unit') return null;
      current += TENS[w]!;
      previous = 'ten';
    } else {
      if (previous === 'unit') return null;
      current += UNITS[w]!;
      previous = 'unit';
    }
  }
  return total + current;
}

/** A number in digits or words ("3", "three", "twenty-one"), or null. */
export function numberValue(text: string): number | null {
  const t = text.trim();
  return digitsValue(t) ?? wordsValue(t.split(/[\s-]+/));
}
