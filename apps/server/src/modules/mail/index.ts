export { createMailModule } from './mail.wiring.ts';
export type { Mailer } from './mailer.ts';
export { OutboxRepository } from './outbox.repository.ts';
export { OUTBOX_MAX_ATTEMPTS, OutboxDelivery } from './outbox-delivery.ts';
