import type { Logger } from 'pino';
import type { JobQueue } from '../../../lib/jobs.ts';
import { OutboxDelivery, type OutboxRepository } from '../../mail/index.ts';
import type { SmsProvider } from './sms-provider.ts';

export interface SmsOutboxOptions {
  /** Wait after the first failed attempt; doubled after each further one, up to an hour. */
  retryBaseMs?: number;
}

/** The job queue of SMS deliveries (lib/jobs.ts). */
const SMS_QUEUE = 'sms';

/**
 * SMS through the outbox table (channel 'sms') and the job queue, as the mailer sends e-mail (OutboxDelivery):
 * stored with its job, so a crash or an SMPP server that is down loses nothing, sent at once, retried with
 * back-off, each once across the portal instances. Without a provider (no SMS_URL) the message stays in the
 * outbox and goes to the log.
 */
export class SmsOutbox {
  private readonly delivery: OutboxDelivery;

  constructor(
    repo: OutboxRepository,
    jobs: JobQueue,
    private readonly provider: SmsProvider | null,
    private readonly logger: Logger,
    options: SmsOutboxOptions = {},
  ) {
    this.delivery = new OutboxDelivery(
      repo,
      jobs,
      { channel: 'sms', queue: SMS_QUEUE, noun: 'SMS', retryBaseMs: options.retryBaseMs },
      provider ? (entry) => provider.send(entry.recipient, entry.body) : null,
      logger,
    );
  }

  /** Stores the text with its delivery job; resolves with its outbox id once stored. */
  async send(to: string, text: string): Promise<string> {
    const id = await this.delivery.send({ recipient: to, subject: '', body: text });
    if (!this.provider) this.logger.info({ outboxId: id, to, text }, 'SMS kept in the outbox (no SMS_URL)');
    return id;
  }

  start(): void {
    this.delivery.start();
  }

  async stop(): Promise<void> {
    await this.delivery.stop();
    await this.provider?.close();
  }
}
