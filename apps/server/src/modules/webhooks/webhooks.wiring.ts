import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { EventListening } from '../../lib/events.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { outboundHttp } from '../../lib/outbound-http.ts';
import type { Mailer } from '../mail/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { UsersService } from '../users/index.ts';
import { WebhookDelivery } from './webhook-delivery.ts';
import { WebhooksRepository } from './webhooks.repository.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { WebhooksService } from './webhooks.service.ts';

/**
 * Outbound webhooks (docs/webhooks.md): listens to the bus's `notable` events, stores their deliveries (the outbox)
 * and makes the first attempts at once, the retries through the job queue's `webhook` queue, all through the
 * SSRF-guarded outbound HTTP (OUTBOUND_ALLOW_NETWORKS), and mails the notice of a webhook it disabled through the
 * mail outbox.
 */
export function createWebhooksModule(options: {
  db: Kysely<Database>;
  jobs: JobQueue;
  events: EventListening;
  tenants: Pick<TenantsService, 'findById' | 'scopeWithin'>;
  users: Pick<UsersService, 'emailsHolding'>;
  mailer: Pick<Mailer, 'send'>;
  origin: () => string;
  config: Config;
  logger: Logger;
}) {
  const { config } = options;
  const repo = new WebhooksRepository(options.db);
  const logger = options.logger.child({ component: 'webhooks' });
  const delivery = new WebhookDelivery({
    repo,
    jobs: options.jobs,
    http: outboundHttp(config.OUTBOUND_ALLOW_NETWORKS),
    tenants: options.tenants,
    logger,
    settings: {
      backoff: {
        baseMs: config.WEBHOOK_RETRY_BASE_SECONDS * 1000,
        maxMs: config.WEBHOOK_RETRY_MAX_SECONDS * 1000,
      },
      retryWindowMs: config.WEBHOOK_RETRY_WINDOW_SECONDS * 1000,
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER_SECONDS * 1000,
      timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
    notifyDisabled: async (hook) => {
      const recipients = await options.users.emailsHolding(hook.tenantId, 'WEBHOOK_WRITE');
      for (const to of recipients) {
        await options.mailer.send({
          to,
          subject: `Webhook "${hook.name}" was disabled`,
          text: [
            `The webhook "${hook.name}" (${hook.url}) was disabled: every delivery to it failed for ${describeSeconds(config.WEBHOOK_DISABLE_AFTER_SECONDS)}.`,
            'No events are sent to it until it is enabled again.',
            `Look at its delivery log, fix the receiver, then enable it on the Webhooks screen: ${options.origin()}/#/cli/webhooks`,
          ].join('\n\n'),
        });
      }
    },
  });
  options.events.on('notable', (event) => delivery.fanOut(event));
  const webhooks = new WebhooksService(repo, delivery, { tenants: options.tenants });
  return {
    webhooks,
    delivery,
    routes: (app) => app.register(webhooksRoutes, { webhooks }),
    start: () => delivery.start(),
    stop: () => delivery.stop(),
  } satisfies ModuleParts & Record<string, unknown>;
}

/** 86400 -> '24 hours', 90 -> '90 seconds'. */
function describeSeconds(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}
