export { createMailModule } from './mail.wiring.ts';
export type { Mailer, MailerOptions, MailMessage } from './mailer.ts';
export { type OutboxEntry, OutboxRepository } from './outbox.repository.ts';
