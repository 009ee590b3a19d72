/**
 * Re-phrasing the operator's own sentence for a question's candidates: a phrase replaced (matched loosely,
 * case and punctuation aside), or appended when it is not found.
 */
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The original sentence with a phrase (matched loosely, case aside) replaced; appended when not found. */
export function replacePhrase(original: string, phrase: string, replacement: string): string {
  const body = phrase
    .trim()
    .split(/\s+/)
    .map((w) => escapeRegExp(w))
    .join('[\\s\\W]*');
  // Word edges only where the phrase starts or ends with a letter or digit ("%" after "80" is found).
  const before = /^[\p{L}\p{N}]/u.test(phrase.trim()) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = /[\p{L}\p{N}]$/u.test(phrase.trim()) ? '(?![\\p{L}\\p{N}])' : '';
  const pattern = new RegExp(`${before}${body}${after}`, 'iu');
  if (phrase.trim() && pattern.test(original))
    return original.replace(pattern, replacement).replace(/\s+/g, ' ');
  return `${original.trim()} ${replacement}`;
}
