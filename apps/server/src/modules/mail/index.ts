export { createMailModule } from './mail.wiring.ts';
export type { Mailer } from './mailer.ts';
export { type OutboxEntry, OutboxRepository } from './outbox.repository.ts';
