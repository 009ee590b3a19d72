export type { WebhooksService } from './webhooks.service.ts';
export { createWebhooksModule } from './webhooks.wiring.ts';
