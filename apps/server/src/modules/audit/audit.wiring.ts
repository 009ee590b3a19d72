import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { AuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { AuditService } from './audit.service.ts';

const HOUR = 3600_000;

/**
 * The audit log's reads, its retention (rows older than AUDIT_RETENTION_DAYS deleted hourly), and the
 * trigger on tables added after its migration (attached before any route serves).
 */
export function createAuditModule(options: { db: Kysely<Database>; logger: Logger; retentionDays: number }) {
  const repo = new AuditRepository(options.db);
  const audit = new AuditService(repo);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const purge = () => {
    running ??= repo
      .purge(options.retentionDays)
      .catch((error) => options.logger.warn({ err: error }, 'audit retention failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    audit,
    purge: () => repo.purge(options.retentionDays),
    routes: async (app) => {
      const added = await repo.ensureTriggers();
      if (added.length) options.logger.info({ tables: added }, 'audit trigger attached');
      await app.register(auditRoutes, { audit });
    },
    start: () => {
      purge();
      timer = setInterval(purge, HOUR);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
