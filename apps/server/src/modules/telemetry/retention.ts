import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { deleteCustomerSamplesBefore } from './customer-retention.ts';
import type { TelemetryRepository } from './telemetry.repository.ts';

const DAY = 24 * 3600_000;
/** The scheduled job (lib/jobs.ts): hourly, at minute 7, once across the portal instances. */
const QUEUE = 'telemetry-retention';
const HOURLY = '7 * * * *';

/** Customers whose raw samples are kept for fewer days (a stored-days quota, modules/tenants, docs/quotas.md). */
export interface StoredDaysQuotas {
  storedDays(): Promise<{ tenantIds: string[]; days: number }[]>;
}

/**
 * Deletes raw samples and rollups past their retention, and each customer's raw samples past its stored-days
 * quota, hourly, as a job scheduled on the job queue: one
 * instance of the cluster runs it each hour (deleting is idempotent anyway).
 */
export class RetentionJob {
  constructor(
    private readonly jobs: JobQueue,
    private readonly repo: TelemetryRepository,
    private readonly settings: { rawDays: number; rollupDays: number },
    private readonly logger: Logger,
    private readonly customers?: { db: Kysely<Database>; quotas: StoredDaysQuotas },
  ) {}

  /** The oldest time raw samples are kept for. */
  rawSince(now = Date.now()): number {
    return now - this.settings.rawDays * DAY;
  }

  async runOnce(now = Date.now()): Promise<{ raw: number; rollups: number; customerRaw: number }> {
    const raw = await this.repo.deleteSamplesBefore(this.rawSince(now));
    const rollups = await this.repo.deleteRollupsBefore(now - this.settings.rollupDays * DAY);
    const customerRaw = await this.runCustomerQuotas(now);
    if (raw + rollups + customerRaw > 0)
      this.logger.info({ raw, rollups, customerRaw }, 'telemetry past retention deleted');
    return { raw, rollups, customerRaw };
  }

  /** The per-customer step: each customer's raw samples older than its stored-days quota (within rawDays). */
  private async runCustomerQuotas(now: number): Promise<number> {
    if (!this.customers) return 0;
    let total = 0;
    for (const { tenantIds, days } of await this.customers.quotas.storedDays()) {
      if (days >= this.settings.rawDays) continue;
      total += await deleteCustomerSamplesBefore(this.customers.db, tenantIds, now - days * DAY);
    }
    return total;
  }

  start(): void {
    this.jobs
      .schedule(QUEUE, HOURLY, async () => {
        await this.runOnce();
      })
      .catch((error: Error) => this.logger.warn({ err: error }, 'retention not scheduled'));
  }

  stop(): Promise<void> {
    return this.jobs.stopWorking(QUEUE);
  }
}
