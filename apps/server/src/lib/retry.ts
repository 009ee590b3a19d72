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
