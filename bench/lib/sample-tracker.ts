/**
 * The ingest bench's ledger: which samples each gateway published when, and when each became queryable
 * (found by polling the pipeline's table for the missing TIs).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

interface GatewayLog {
  tis: number[];
  sentAt: number[];
  done: boolean[];
  byTi: Map<number, number>;
  /** Index of the oldest sample not yet stored. */
  head: number;
}

export class Tracker {
  readonly logs: GatewayLog[];
  published = 0;
  stored = 0;
  lastStoredAt = 0;
  latencies: number[] = [];
  /** When each stored sample became queryable (same order as latencies). */
  storedAt: number[] = [];
  private wakers: (() => void)[] = [];

  constructor(count: number) {
    this.logs = Array.from({ length: count }, () => ({
      tis: [],
      sentAt: [],
      done: [],
      byTi: new Map(),
      head: 0,
    }));
  }

  reset(): void {
    for (const log of this.logs) {
      log.tis = [];
      log.sentAt = [];
      log.done = [];
      log.byTi.clear();
      log.head = 0;
    }
    this.published = 0;
    this.stored = 0;
    this.lastStoredAt = 0;
    this.latencies = [];
    this.storedAt = [];
  }

  sent(g: number, tis: number[], at: number): void {
    const log = this.logs[g]!;
    for (const ti of tis) {
      log.byTi.set(ti, log.tis.length);
      log.tis.push(ti);
      log.sentAt.push(at);
      log.done.push(false);
    }
    this.published += tis.length;
  }

  markStored(g: number, ti: number, at: number): void {
    const log = this.logs[g]!;
    const i = log.byTi.get(ti);
    if (i === undefined || log.done[i]) return;
    log.done[i] = true;
    this.stored++;
    this.latencies.push(at - log.sentAt[i]!);
    this.storedAt.push(at);
    if (at > this.lastStoredAt) this.lastStoredAt = at;
    while (log.head < log.tis.length && log.done[log.head]) log.head++;
  }

  oldestPending(g: number): number | undefined {
    const log = this.logs[g]!;
    return log.head < log.tis.length ? log.tis[log.head] : undefined;
  }

  outstanding(): number {
    return this.published - this.stored;
  }

  notify(): void {
    for (const wake of this.wakers.splice(0)) wake();
  }

  /** Resolves at the next progress, or after `ms`. */
  progress(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakers.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Waits until every sample is stored; gives up after `timeoutMs`, or `quietMs` without progress. */
  async drained(timeoutMs: number, quietMs = 3000): Promise<boolean> {
    const until = performance.now() + timeoutMs;
    let stored = this.stored;
    let progressAt = performance.now();
    while (this.stored < this.published) {
      const now = performance.now();
      if (this.stored !== stored) [stored, progressAt] = [this.stored, now];
      if (now > until || now - progressAt > quietMs) return false;
      await this.progress(50);
    }
    return true;
  }
}

/** Finds newly stored samples by querying the pipeline's table for each gateway's missing TIs. */
export class Poller {
  private running = true;
  private loop: Promise<void> = Promise.resolve();
  /** Longest poll query, reset per phase: a figure to check the poll kept its interval. */
  slowestQueryMs = 0;

  private constructor(
    private readonly client: pg.Client,
    readonly pid: number,
    private readonly table: string,
    private readonly macs: string[],
    private readonly tracker: Tracker,
    private readonly pollMs: number,
  ) {}

  static async start(
    url: string,
    table: string,
    macs: string[],
    tracker: Tracker,
    pollMs: number,
  ): Promise<Poller> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const poller = new Poller(client, rows[0]!.pid, table, macs, tracker, pollMs);
    poller.loop = poller.run();
    return poller;
  }

  private async run(): Promise<void> {
    const index = new Map(this.macs.map((mac, g) => [mac, g]));
    const text = `SELECT w.mac, t.ti FROM unnest($1::text[], $2::bigint[]) AS w(mac, since)
      CROSS JOIN LATERAL (SELECT ti FROM ${this.table} WHERE mac = w.mac AND ti >= w.since) t`;
    while (this.running) {
      const started = performance.now();
      const macs: string[] = [];
      const since: number[] = [];
      this.macs.forEach((mac, g) => {
        const oldest = this.tracker.oldestPending(g);
        if (oldest !== undefined) {
          macs.push(mac);
          since.push(oldest);
        }
      });
      if (macs.length > 0) {
        const { rows } = await this.client.query<[string, string | number]>({
          text,
          values: [macs, since],
          rowMode: 'array',
        });
        for (const [mac, ti] of rows) this.tracker.markStored(index.get(mac)!, Number(ti), started);
        this.slowestQueryMs = Math.max(this.slowestQueryMs, performance.now() - started);
        if (rows.length > 0) this.tracker.notify();
      }
      await sleep(Math.max(0, this.pollMs - (performance.now() - started)));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    await this.client.end();
  }
}
