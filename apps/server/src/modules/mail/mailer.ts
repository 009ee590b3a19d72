import type { Logger } from 'pino';
import type { OutboxRepository } from './outbox.repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

// STUB: the mail work fills this in (outbox row first, then SMTP delivery with retries; no SMTP: log).
export class Mailer {
  constructor(
    readonly repo: OutboxRepository,
    readonly options: { smtpUrl?: string; from: string },
    readonly logger: Logger,
  ) {}

  async send(_message: MailMessage): Promise<void> {}

  start(): void {}

  async stop(): Promise<void> {}
}
