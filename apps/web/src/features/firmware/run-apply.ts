import { FIRMWARE_TIMINGS } from '@portal/contract';
import { applyDelayMs } from './firmware-rules.ts';

export interface ApplyResult {
  customer: string;
  scopeId: string;
  ok: boolean;
  /** The server's message of a failure (a downgrade text, say). */
  message?: string;
}

/**
 * Spec 001 section 4: one request per customer, the first after 1 s and then one every 500 ms; polled once a
 * second until every request has answered, then resolved with each customer's result.
 */
export function runApply(
  customers: { id: string; name: string }[],
  applyOne: (scopeId: string) => Promise<unknown>,
  timings = {
    first: FIRMWARE_TIMINGS.applyFirstMs,
    stagger: FIRMWARE_TIMINGS.applyStaggerMs,
    poll: FIRMWARE_TIMINGS.pollMs,
  },
): Promise<ApplyResult[]> {
  const results: ApplyResult[] = [];
  customers.forEach((customer, index) => {
    setTimeout(
      () => {
        applyOne(customer.id).then(
          () => results.push({ customer: customer.name, scopeId: customer.id, ok: true }),
          (error: unknown) =>
            results.push({
              customer: customer.name,
              scopeId: customer.id,
              ok: false,
              message: error instanceof Error ? error.message : undefined,
            }),
        );
      },
      applyDelayMs(index, timings.first, timings.stagger),
    );
  });
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (results.length < customers.length) return;
      clearInterval(poll);
      resolve(results);
    }, timings.poll);
  });
}
