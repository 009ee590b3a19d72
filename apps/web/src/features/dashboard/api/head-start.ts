/**
 * Answers asked for while a page's code is still arriving, before its queries exist (the Global Dashboard
 * starts its calls when its module is evaluated rather than when the shell around it has drawn): each is taken
 * once by the query that would have made the same call, while fresh.
 */
const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/** How long an early answer may stand for the query's own call. */
const FRESH_MS = 10_000;

export function startEarly<T>(key: string, ask: () => Promise<T>): void {
  const answer = ask();
  // A failure is the query's to show when it takes the answer (or nobody's, if it never does).
  answer.catch(() => undefined);
  started.set(key, { at: Date.now(), answer });
}

/** The early answer for `key`, once; undefined when none was started or it is stale. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const early = started.get(key);
  started.delete(key);
  if (!early || Date.now() - early.at > FRESH_MS) return undefined;
  return early.answer as Promise<T>;
}
