import type { Logger } from 'pino';
import { backoffDelay } from '../../../lib/retry.ts';
import type { OutboxEntry, OutboxRepository } from '../../mail/index.ts';
import type { SmsProvider } from './sms-provider.ts';

export interface SmsOutboxOptions {
  /** How often due messages are looked for. */
  pollMs?: number;
  /** Wait after the first failed attempt; doubled after each further one, up to an hour. */
  retryBaseMs?: number;
}

const POLL_MS = 5_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3600_000;
/**
 * About 5 hours of tries at the default back-off (11 waits: 30 s doubling, then 1 h); the row then keeps its last
 * error (failed).
 */
export const SMS_MAX_ATTEMPTS = 12;
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;

/**
 * SMS through the outbox table (channel 'sms'), as the mailer sends e-mail: stored first, so a crash or an
 * SMPP server that is down loses nothing, sent at once, retried with back-off; rows are claimed with
 * FOR UPDATE SKIP LOCKED so two portal instances never send one twice. Without a provider (no SMS_URL) the
 * message stays in the outbox and goes to the log.
 */
export class SmsOutbox {
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private readonly deliveries = new Set<Promise<void>>();
  private stopped = false;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;

  constructor(
    private readonly repo: OutboxRepository,
    private readonly provider: SmsProvider | null,
    private readonly logger: Logger,
    options: SmsOutboxOptions = {},
  ) {
    this.pollMs = options.pollMs ?? POLL_MS;
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  }

  /** Stores the text and starts its delivery; resolves with its outbox id once stored. */
  async send(to: string, text: string): Promise<string> {
    const row = { channel: 'sms' as const, recipient: to, subject: '', body: text };
    const provider = this.provider;
    if (!provider) {
      const { id } = await this.repo.insert(row);
      this.logger.info({ outboxId: id, to, text }, 'SMS kept in the outbox (no SMS_URL)');
      return id;
    }
    const entry = await this.repo.insert(row, new Date(Date.now() + CLAIM_MS));
    if (this.stopped) return entry.id;
    const delivery = this.deliver(provider, entry).finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
    return entry.id;
  }

  start(): void {
    const provider = this.provider;
    if (!provider || this.timer) return;
    this.timer = setInterval(() => {
      this.polling ??= this.retryDue(provider).finally(() => {
        this.polling = null;
      });
    }, this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.allSettled(this.deliveries);
    await this.provider?.close();
  }

  private async retryDue(provider: SmsProvider): Promise<void> {
    try {
      for (;;) {
        const now = Date.now();
        const due = await this.repo.claimDue(
          'sms',
          new Date(now),
          new Date(now + CLAIM_MS),
          BATCH,
          SMS_MAX_ATTEMPTS,
        );
        for (const entry of due) {
          if (this.stopped) return;
          await this.deliver(provider, entry);
        }
        if (due.length < BATCH) return;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'SMS outbox poll failed');
    }
  }

  private async deliver(provider: SmsProvider, entry: OutboxEntry): Promise<void> {
    try {
      await provider.send(entry.recipient, entry.body);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = entry.attempts >= SMS_MAX_ATTEMPTS;
      this.logger[final ? 'error' : 'warn'](
        { outboxId: entry.id, to: entry.recipient, attempts: entry.attempts, reason },
        final ? 'SMS not delivered; giving up' : 'SMS not delivered; will retry',
      );
      const waitMs = backoffDelay(entry.attempts, { baseMs: this.retryBaseMs, maxMs: RETRY_MAX_MS });
      await this.repo
        .recordFailure(entry.id, reason.slice(0, 1000), new Date(Date.now() + waitMs))
        .catch((e: Error) => this.logger.warn({ err: e, outboxId: entry.id }, 'outbox update failed'));
      return;
    }
    this.logger.info({ outboxId: entry.id, to: entry.recipient }, 'SMS sent');
    await this.repo
      .markSent(entry.id, new Date())
      .catch((e: Error) => this.logger.warn({ err: e, outboxId: entry.id }, 'SMS sent but not marked sent'));
  }
}
