import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { JobQueue } from '../../lib/jobs.ts';
import type { OutboxEntry, OutboxRepository } from './outbox.repository.ts';
import { OutboxDelivery } from './outbox-delivery.ts';

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
  /** Wait after the first failed attempt; doubled after each further one, up to an hour. */
  retryBaseMs?: number;
}

/** The job queue of e-mail deliveries (lib/jobs.ts). */
const MAIL_QUEUE = 'mail';

/**
 * Sends e-mail through the outbox table and the job queue (OutboxDelivery): a message is stored with its job,
 * so a crash loses nothing, delivered over SMTP at once by a worker of any instance, and retried with back-off.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly delivery: OutboxDelivery;

  constructor(
    repo: OutboxRepository,
    jobs: JobQueue,
    readonly options: MailerOptions,
    readonly logger: Logger,
  ) {
    const transport = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
    this.transport = transport;
    const deliver = transport
      ? async (entry: OutboxEntry) => {
          await transport.sendMail({
            from: options.from,
            to: entry.recipient,
            subject: entry.subject,
            text: entry.body,
            ...(entry.html ? { html: entry.html } : {}),
          });
        }
      : null;
    this.delivery = new OutboxDelivery(
      repo,
      jobs,
      { channel: 'email', queue: MAIL_QUEUE, noun: 'mail', retryBaseMs: options.retryBaseMs },
      deliver,
      logger,
    );
  }

  /**
   * Stores the message with its delivery job; resolves with its outbox id once it is stored, not when it is
   * delivered.
   */
  async send(message: MailMessage): Promise<string> {
    const id = await this.delivery.send({
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      html: message.html ?? null,
    });
    if (!this.transport) {
      this.logger.info(
        { outboxId: id, to: message.to, subject: message.subject, text: message.text },
        'mail kept in the outbox (no SMTP_URL)',
      );
    }
    return id;
  }

  /** Works the mail queue here (only with SMTP). */
  start(): void {
    this.delivery.start();
  }

  /** Takes no more mail and waits for the sends in hand. */
  async stop(): Promise<void> {
    await this.delivery.stop();
    this.transport?.close();
  }
}
