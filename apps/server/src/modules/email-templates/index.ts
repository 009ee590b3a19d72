export { describeDuration } from './email-render.ts';
export type { EmailTemplatesService, TemplatedMail } from './email-templates.service.ts';
export { createEmailTemplatesModule } from './email-templates.wiring.ts';
