/**
 * The port through which modules and the infrastructure report figures for `/metrics` (docs/operations.md,
 * Metrics). plugins/metrics.ts implements it with prom-client; nothing else imports prom-client. The hot paths
 * keep plain number fields and hand them over as `readings`, read only when Prometheus scrapes; pushed
 * histograms are for things that happen once per batch or per request.
 */
export type Labels = Record<string, string>;

export interface Reading {
  labels?: Labels;
  value: number;
}

export interface HistogramPort {
  observe(value: number, labels?: Labels): void;
}

export interface Meter {
  /** A histogram observed as things happen (seconds, sizes); `buckets` are its upper bounds. */
  histogram(name: string, help: string, buckets: number[], labelNames?: string[]): HistogramPort;
  /**
   * A counter (only ever grows) or gauge whose values are read at scrape time from `read`: the code that
   * counts keeps plain numbers, and a scrape-time SQL runs only when Prometheus asks.
   */
  readings(
    type: 'counter' | 'gauge',
    name: string,
    help: string,
    read: () => Reading[] | Promise<Reading[]>,
    labelNames?: string[],
  ): void;
}

/** A meter that records nothing (tools and tests that build a module alone). */
export const noMeter: Meter = {
  histogram: () => ({ observe() {} }),
  readings() {},
};
