import { parseFlowControl } from '@portal/contract';

export interface FlowGateOptions {
  /** Publishes held at most while slowed; beyond, the oldest held one is dropped (counted). */
  bufferLimit?: number;
  now?: () => number;
}

interface Held {
  resolve: (sent: boolean) => void;
}

/**
 * The gateway's side of flow control (docs/mqtt.md 3.9). While a `slow` instruction holds (its
 * `validForSeconds` from receipt, renewed by each new one), upstream publishes leave at most
 * `maxMessagesPerSecond` a second (a token bucket, burst of one second); the others wait here in arrival order,
 * at most `bufferLimit` of them: beyond it the oldest is dropped and counted in `dropped`. `normal`, or an
 * instruction that ran out, releases everything held.
 */
export class FlowGate {
  private readonly bufferLimit: number;
  private readonly now: () => number;
  private rate: number | null = null;
  private until = 0;
  private tokens = 0;
  private refilledAt = 0;
  private readonly held: Held[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** Publishes that had to wait, and those dropped because the buffer was full. */
  delayed = 0;
  dropped = 0;

  constructor(options: FlowGateOptions = {}) {
    this.bufferLimit = Math.max(1, options.bufferLimit ?? 1000);
    this.now = options.now ?? Date.now;
  }

  /** A flow-control payload as received; an unreadable one is ignored (false). */
  apply(text: string): boolean {
    const message = parseFlowControl(text);
    if (!message) return false;
    if (message.state === 'slow' && message.maxMessagesPerSecond) {
      const wasLimited = this.limited();
      this.rate = message.maxMessagesPerSecond;
      this.until = this.now() + message.validForSeconds * 1000;
      if (!wasLimited) {
        this.tokens = 1;
        this.refilledAt = this.now();
      }
    } else {
      this.rate = null;
    }
    this.release();
    return true;
  }

  /** Whether a slow-down holds now. */
  limited(): boolean {
    return this.rate !== null && this.now() < this.until;
  }

  /** The publishes waiting now. */
  get waiting(): number {
    return this.held.length;
  }

  /** Resolves true when the publish may leave, false when it was dropped from a full buffer. */
  acquire(): Promise<boolean> {
    if (this.held.length === 0 && this.take()) return Promise.resolve(true);
    this.delayed++;
    return new Promise<boolean>((resolve) => {
      this.held.push({ resolve });
      while (this.held.length > this.bufferLimit) {
        this.dropped++;
        this.held.shift()!.resolve(false);
      }
      this.schedule();
    });
  }

  /**
   * For a sender that holds its own backlog (bench/overload.ts): true when one publish may leave now, false when
   * it must wait (nothing is queued here).
   */
  tryTake(): boolean {
    return this.take();
  }

  /** Lets every held publish go (the gateway is closing). */
  close(): void {
    this.rate = null;
    this.release();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private take(): boolean {
    if (!this.limited()) return true;
    const now = this.now();
    const rate = this.rate!;
    this.tokens = Math.min(Math.max(1, rate), this.tokens + ((now - this.refilledAt) / 1000) * rate);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private release(): void {
    while (this.held.length > 0 && this.take()) this.held.shift()!.resolve(true);
    if (this.held.length > 0) this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    const rate = this.rate ?? 1;
    const untilToken = Math.ceil(((1 - this.tokens) / rate) * 1000);
    const wait = Math.max(1, Math.min(untilToken, Math.max(1, this.until - this.now())));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.release();
    }, wait);
    this.timer.unref?.();
  }
}
