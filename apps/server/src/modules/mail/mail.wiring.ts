import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { Mailer } from './mailer.ts';
import { OutboxRepository } from './outbox.repository.ts';

/** Mail through the outbox table and the job queue; this instance works the mail queue between start and stop. */
export function createMailModule(options: {
  db: Kysely<Database>;
  jobs: JobQueue;
  smtpUrl?: string;
  from: string;
  /** Wait after the first failed attempt (MAIL_RETRY_BASE_SECONDS). */
  retryBaseMs?: number;
  logger: Logger;
}) {
  const mailer = new Mailer(
    new OutboxRepository(options.db),
    options.jobs,
    { smtpUrl: options.smtpUrl, from: options.from, retryBaseMs: options.retryBaseMs },
    options.logger.child({ component: 'mail' }),
  );
  return {
    mailer,
    start: () => mailer.start(),
    stop: () => mailer.stop(),
  } satisfies ModuleParts & Record<string, unknown>;
}
