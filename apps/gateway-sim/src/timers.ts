/** Named one-shot and repeating timers that can be cancelled together (on stop, force-idle or restart). */
export class Timers {
  private readonly timeouts = new Map<string, NodeJS.Timeout>();
  private readonly intervals = new Map<string, NodeJS.Timeout>();

  /** Runs `action` once after `delayMs`; replaces a pending timer of the same name. */
  once(name: string, delayMs: number, action: () => void): void {
    this.cancel(name);
    this.timeouts.set(
      name,
      setTimeout(() => {
        this.timeouts.delete(name);
        action();
      }, delayMs),
    );
  }

  every(name: string, periodMs: number, action: () => void): void {
    this.cancel(name);
    this.intervals.set(name, setInterval(action, periodMs));
  }

  cancel(...names: string[]): void {
    for (const name of names) {
      clearTimeout(this.timeouts.get(name));
      clearInterval(this.intervals.get(name));
      this.timeouts.delete(name);
      this.intervals.delete(name);
    }
  }

  cancelAll(): void {
    this.cancel(...this.timeouts.keys(), ...this.intervals.keys());
  }
}
