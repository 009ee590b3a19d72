/** PostgreSQL's deadlock and serialization failures: the transaction is safe to run again. */
const TRANSIENT = new Set(['40P01', '40001']);

/** Runs a transaction again (up to `attempts` times in all) when it failed for a transient reason. */
export async function retryTransient<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || !code || !TRANSIENT.has(code)) throw error;
    }
  }
}

/** An exponential back-off: `baseMs` after the first failed attempt, doubled after each further one, up to `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait after `attempts` failed attempts (1 after the first): `baseMs` x 2^(attempts-1), at most `maxMs`; fewer
 * than one attempt counts as one. The one back-off of the server: the job queue's retries (lib/jobs.ts: the mail
 * and SMS outboxes), the lock-access ledger's and the database connect at start (the external broker's reconnect
 * is deliberately not a back-off).
 */
export function backoffDelay(attempts: number, { baseMs, maxMs }: Backoff): number {
  // The exponent is bounded so that 2^n stays finite (0 x Infinity would be NaN); the cap is reached long before.
  const doublings = Math.min(Math.max(0, attempts - 1), 1000);
  return Math.min(maxMs, baseMs * 2 ** doublings);
}
