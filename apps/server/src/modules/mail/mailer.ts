import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { backoffDelay } from '../../lib/retry.ts';
import type { OutboxEntry, OutboxRepository } from './outbox.repository.ts';

export interface MailMessage {
  to: string;
  /** One line. */
  subject: string;
  /** Plain text. */
  text: string;
  /** The HTML part (mail made from a template, modules/email-templates). */
  html?: string;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://...; without it mail stays in the outbox and goes to the log. */
  smtpUrl?: string;
  from: string;
  /** How often pending mail is looked for. */
  pollMs?: number;
  /** Wait after the first failed attempt; doubled after each further one, up to an hour. */
  retryBaseMs?: number;
}

const POLL_MS = 5_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3600_000;
/**
 * About 5 hours of tries at the default back-off (11 waits: 30 s doubling, then 1 h); the row then keeps its last
 * error.
 */
const MAX_ATTEMPTS = 12;
/** A claimed row is left to other instances for this long; well above the SMTP time-outs below. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;

/**
 * Sends e-mail through the outbox table: a message is stored first, so a crash loses nothing, then delivered
 * over SMTP at once; a background loop retries failures with back-off. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so several portal instances never send one message twice.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private readonly deliveries = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    readonly repo: OutboxRepository,
    readonly options: MailerOptions,
    readonly logger: Logger,
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
    this.pollMs = options.pollMs ?? POLL_MS;
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  }

  /**
   * Stores the message and starts its delivery; resolves with its outbox id once it is stored, not when it is
   * delivered.
   */
  async send(message: MailMessage): Promise<string> {
    const row = {
      channel: 'email' as const,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      html: message.html ?? null,
    };
    const transport = this.transport;
    if (!transport) {
      const { id } = await this.repo.insert(row);
      this.logger.info(
        { outboxId: id, to: message.to, subject: message.subject, text: message.text },
        'mail kept in the outbox (no SMTP_URL)',
      );
      return id;
    }
    const entry = await this.repo.insert(row, new Date(Date.now() + CLAIM_MS));
    if (this.stopped) return entry.id;
    const delivery = this.deliver(transport, entry).finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
    return entry.id;
  }

  /** Starts the retry loop (only with SMTP). */
  start(): void {
    const transport = this.transport;
    if (!transport || this.timer) return;
    this.timer = setInterval(() => {
      this.polling ??= this.retryDue(transport).finally(() => {
        this.polling = null;
      });
    }, this.pollMs);
    this.timer.unref();
  }

  /** Stops the loop and waits for sends in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.allSettled(this.deliveries);
    this.transport?.close();
  }

  private async retryDue(transport: Transporter): Promise<void> {
    try {
      for (;;) {
        const now = Date.now();
        const due = await this.repo.claimDue(
          'email',
          new Date(now),
          new Date(now + CLAIM_MS),
          BATCH,
          MAX_ATTEMPTS,
        );
        for (const entry of due) {
          // Rows claimed but not tried are tried again once their claim runs out.
          if (this.stopped) return;
          await this.deliver(transport, entry);
        }
        if (due.length < BATCH) return;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox poll failed');
    }
  }

  /** One attempt for a row this instance has claimed. */
  private async deliver(transport: Transporter, entry: OutboxEntry): Promise<void> {
    try {
      await transport.sendMail({
        from: this.options.from,
        to: entry.recipient,
        subject: entry.subject,
        text: entry.body,
        ...(entry.html ? { html: entry.html } : {}),
      });
    } catch (error) {
      await this.recordFailure(entry, error instanceof Error ? error.message : String(error));
      return;
    }
    this.logger.info({ outboxId: entry.id, to: entry.recipient, subject: entry.subject }, 'mail sent');
    await this.repo
      .markSent(entry.id, new Date())
      .catch((error: Error) =>
        this.logger.warn({ err: error, outboxId: entry.id }, 'mail sent but not marked sent'),
      );
  }

  private async recordFailure(entry: OutboxEntry, reason: string): Promise<void> {
    const final = entry.attempts >= MAX_ATTEMPTS;
    this.logger[final ? 'error' : 'warn'](
      { outboxId: entry.id, to: entry.recipient, attempts: entry.attempts, reason },
      final ? 'mail not delivered; giving up' : 'mail not delivered; will retry',
    );
    const waitMs = backoffDelay(entry.attempts, { baseMs: this.retryBaseMs, maxMs: RETRY_MAX_MS });
    await this.repo
      .recordFailure(entry.id, reason.slice(0, 1000), new Date(Date.now() + waitMs))
      .catch((error: Error) => this.logger.warn({ err: error, outboxId: entry.id }, 'outbox update failed'));
  }
}
