import { MAX_SAMPLES_PER_MESSAGE, type TelemetrySample } from '@portal/contract';

/**
 * Samples taken but not yet acknowledged by the broker. A gateway keeps measuring while offline and sends the
 * backlog, oldest first and at most MAX_SAMPLES_PER_MESSAGE per message, once it is back. A sample leaves the
 * backlog only when its message was acknowledged; after a connection loss it is sent again (same TI, so the
 * portal ignores the copy if the first one had arrived).
 */
export class TelemetryBacklog {
  private samples: TelemetrySample[] = [];
  private inFlight = 0;
  private generation = 0;

  constructor(private readonly capacity = 20_000) {}

  get size(): number {
    return this.samples.length;
  }

  add(sample: TelemetrySample): void {
    this.samples.push(sample);
    const overflow = this.samples.length - this.capacity;
    if (overflow > 0) {
      this.samples.splice(0, overflow);
      this.inFlight = Math.max(0, this.inFlight - overflow);
    }
  }

  /** The next batch to send, or null while one is in flight or nothing waits. */
  takeBatch(): { samples: TelemetrySample[]; generation: number } | null {
    if (this.inFlight > 0 || this.samples.length === 0) return null;
    const samples = this.samples.slice(0, MAX_SAMPLES_PER_MESSAGE);
    this.inFlight = samples.length;
    return { samples, generation: this.generation };
  }

  /** The broker acknowledged the batch of that generation. */
  acknowledge(generation: number): void {
    if (generation !== this.generation) return;
    this.samples.splice(0, this.inFlight);
    this.inFlight = 0;
  }

  /** The batch failed or the connection dropped: its samples wait for the next batch. */
  release(): void {
    this.inFlight = 0;
    this.generation++;
  }
}
