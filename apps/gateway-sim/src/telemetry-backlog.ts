import { MAX_SAMPLES_PER_MESSAGE, type StoredConfirmation, type TelemetrySample } from '@portal/contract';

/** Messages sent and not yet confirmed stored, at most; then sending waits for confirmations. */
const CONFIRM_WINDOW = 8;
/** A message unconfirmed this long is sent again; the wait doubles while none comes back, up to the cap. */
const CONFIRM_AFTER_MS = 20_000;
const MAX_CONFIRM_AFTER_MS = 300_000;

interface Unconfirmed {
  samples: TelemetrySample[];
  sentAt: number;
}

/**
 * Samples taken and not yet confirmed stored by the portal (docs/mqtt.md 2.3 and 5). A gateway keeps measuring
 * while offline and sends the backlog oldest first, at most MAX_SAMPLES_PER_MESSAGE per message, each message
 * numbered (`seq`). The broker's PUBACK only says the broker took it: the samples stay here until the portal's
 * confirmation on `gateways/{mac}/receive/stored` names the message (stored, or refused for good). A message
 * whose confirmation does not come (a broker restarted before the portal subscribed again acknowledged and
 * dropped it) is sent again, under a new seq, after a reconnect or once it waited too long; a copy of a stored
 * sample is ignored by the portal (same TI). Oldest samples are dropped beyond `capacity`.
 */
export class TelemetryBacklog {
  /** Not sent yet, or to be sent again; oldest first. */
  private waiting: TelemetrySample[] = [];
  /** The message being published (between publish and PUBACK). */
  private sending: { seq: number; samples: TelemetrySample[] } | null = null;
  private readonly unconfirmed = new Map<number, Unconfirmed>();
  /** Milliseconds since the epoch at start, so a restarted gateway never reuses a seq the portal may confirm. */
  private nextSeq: number;
  private confirmAfterMs = CONFIRM_AFTER_MS;
  /** Samples the portal confirmed stored (and refused), over the backlog's life. */
  confirmedSamples = 0;
  refusedSamples = 0;
  droppedSamples = 0;

  constructor(
    private readonly capacity = 20_000,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSeq = this.now();
  }

  /** Samples not yet confirmed stored: waiting, being sent, or sent and unconfirmed. */
  get size(): number {
    let size = this.waiting.length + (this.sending?.samples.length ?? 0);
    for (const message of this.unconfirmed.values()) size += message.samples.length;
    return size;
  }

  add(sample: TelemetrySample): void {
    this.waiting.push(sample);
    const overflow = this.size - this.capacity;
    if (overflow > 0) {
      const dropped = Math.min(overflow, this.waiting.length);
      this.waiting.splice(0, dropped);
      this.droppedSamples += dropped;
    }
  }

  /** The next message to publish, or null while one is being published, the window is full or nothing waits. */
  takeBatch(): { seq: number; samples: TelemetrySample[] } | null {
    if (this.sending || this.unconfirmed.size >= CONFIRM_WINDOW || this.waiting.length === 0) return null;
    this.sending = { seq: this.nextSeq++, samples: this.waiting.splice(0, MAX_SAMPLES_PER_MESSAGE) };
    return this.sending;
  }

  /** The broker acknowledged message `seq`: it now waits for the portal's confirmation. */
  published(seq: number): void {
    if (this.sending?.seq !== seq) return;
    this.unconfirmed.set(seq, { samples: this.sending.samples, sentAt: this.now() });
    this.sending = null;
  }

  /** The publish failed or the connection dropped: the message being published is sent again. */
  release(): void {
    if (!this.sending) return;
    this.putBack(this.sending.samples);
    this.sending = null;
  }

  /** The portal's confirmation: the messages it names leave the backlog. */
  confirm(confirmation: StoredConfirmation): void {
    let heard = false;
    for (const [seqs, outcome] of [
      [confirmation.stored, 'stored'],
      [confirmation.refused ?? [], 'refused'],
    ] as const) {
      for (const seq of seqs) {
        const message = this.unconfirmed.get(seq) ?? (this.sending?.seq === seq ? this.sending : null);
        if (!message) continue;
        heard = true;
        if (outcome === 'stored') this.confirmedSamples += message.samples.length;
        else this.refusedSamples += message.samples.length;
        if (this.sending?.seq === seq) this.sending = null;
        else this.unconfirmed.delete(seq);
      }
    }
    if (heard) this.confirmAfterMs = CONFIRM_AFTER_MS;
  }

  /**
   * Sends again what waits for a confirmation: everything after a reconnect (`all`: the broker may have lost it
   * with its restart), else what waited longer than the current wait, which then doubles (a portal behind its
   * queue is not sent twice as much).
   */
  resendUnconfirmed(all: boolean): number {
    const now = this.now();
    const due = [...this.unconfirmed].filter(
      ([, message]) => all || now - message.sentAt >= this.confirmAfterMs,
    );
    for (const [seq, message] of due) {
      this.unconfirmed.delete(seq);
      this.putBack(message.samples);
    }
    if (due.length > 0 && !all) this.confirmAfterMs = Math.min(this.confirmAfterMs * 2, MAX_CONFIRM_AFTER_MS);
    return due.length;
  }

  private putBack(samples: TelemetrySample[]): void {
    this.waiting = [...samples, ...this.waiting].sort((a, b) => a.TI - b.TI);
  }
}
