interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items added in the same tick, or while earlier writes are under way, are written
 * together. An idle writer writes at once, so a lone message waits for one insert, not for a timer.
 * `add` resolves once the batch holding the item is written, so a caller acknowledges only what is
 * stored; a failed write rejects its whole batch.
 */
export class BatchWriter<T> {
  private queue: Pending<T>[] = [];
  private scheduled = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly options: { maxBatch: number; maxConcurrentWrites: number },
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  /** Waits until everything added so far is written. */
  async flush(): Promise<void> {
    this.pump();
    while (this.inFlight.size > 0 || this.queue.length > 0) {
      await Promise.allSettled([...this.inFlight]);
      this.pump();
    }
  }

  private pump(): void {
    while (this.queue.length > 0 && this.inFlight.size < this.options.maxConcurrentWrites) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      const run = this.write(batch.map((p) => p.item)).then(
        () => {
          for (const p of batch) p.resolve();
        },
        (error: unknown) => {
          for (const p of batch) p.reject(error);
        },
      );
      this.inFlight.add(run);
      void run.finally(() => {
        this.inFlight.delete(run);
        this.pump();
      });
    }
  }
}
