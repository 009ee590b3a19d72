interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Collects items and writes them in batches. `add` resolves once the batch holding the item is
 * written, so a caller can acknowledge only what is stored. A failed write rejects its whole batch.
 */
export class BatchWriter<T> {
  private queue: Pending<T>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly options: { maxBatch: number; maxDelayMs: number },
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= this.options.maxBatch) this.flushQueued();
      else this.timer ??= setTimeout(() => this.flushQueued(), this.options.maxDelayMs);
    });
  }

  /** Writes what is queued and waits for every write under way. */
  async flush(): Promise<void> {
    this.flushQueued();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private flushQueued(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    const run = this.write(batch.map((p) => p.item)).then(
      () => {
        for (const p of batch) p.resolve();
      },
      (error: unknown) => {
        for (const p of batch) p.reject(error);
      },
    );
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }
}
