import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { AuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { AuditService } from './audit.service.ts';

/** The scheduled purge (lib/jobs.ts): hourly, at minute 17, once across the portal instances. */
const PURGE_QUEUE = 'audit-retention';
const HOURLY = '17 * * * *';

/**
 * The audit log's reads, its retention (rows older than AUDIT_RETENTION_DAYS deleted hourly, a job scheduled
 * on the job queue), and the trigger on tables added after its migration (attached before any route serves).
 */
export function createAuditModule(options: {
  db: Kysely<Database>;
  jobs: JobQueue;
  logger: Logger;
  retentionDays: number;
}) {
  const repo = new AuditRepository(options.db);
  const audit = new AuditService(repo);
  return {
    audit,
    purge: () => repo.purge(options.retentionDays),
    routes: async (app) => {
      const added = await repo.ensureTriggers();
      if (added.length) options.logger.info({ tables: added }, 'audit trigger attached');
      await app.register(auditRoutes, { audit });
    },
    start: () => {
      options.jobs
        .schedule(PURGE_QUEUE, HOURLY, async () => {
          await repo.purge(options.retentionDays);
        })
        .catch((error: Error) => options.logger.warn({ err: error }, 'audit retention not scheduled'));
    },
    stop: () => options.jobs.stopWorking(PURGE_QUEUE),
  } satisfies ModuleParts & Record<string, unknown>;
}
