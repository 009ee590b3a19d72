export { createMailModule } from './mail.wiring.ts';
export type { Mailer, MailerOptions, MailMessage } from './mailer.ts';
