import { MAX_SAMPLE_AGE_MS } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { deleteCustomerSamplesBefore } from './customer-retention.ts';
import { DAY, type TelemetryPartitions, wantedDays } from './partitions.repository.ts';
import type { TelemetryRepository } from './telemetry.repository.ts';

/** The scheduled job (lib/jobs.ts): hourly, at minute 7, once across the portal instances. */
const QUEUE = 'telemetry-retention';
const HOURLY = '7 * * * *';
/** Past days given a partition when none covers them: as old as a sample ingest still takes. */
const DAYS_BEHIND = Math.ceil(MAX_SAMPLE_AGE_MS / DAY);

/** Customers whose raw samples are kept for fewer days (a stored-days quota, modules/tenants, docs/quotas.md). */
export interface StoredDaysQuotas {
  storedDays(): Promise<{ tenantIds: string[]; days: number }[]>;
}

/**
 * Keeps the raw samples' daily partitions ready ahead and removes samples and rollups past their retention, and
 * each customer's raw samples past its stored-days quota, hourly, as a job scheduled on the job queue: one
 * instance of the cluster runs it each hour (creating and dropping partitions and deleting are idempotent
 * anyway). The portal also creates the partitions at start.
 */
export class RetentionJob {
  constructor(
    private readonly jobs: JobQueue,
    private readonly repo: TelemetryRepository,
    private readonly partitions: TelemetryPartitions,
    private readonly settings: { rawDays: number; rollupDays: number },
    private readonly logger: Logger,
    private readonly customers?: { db: Kysely<Database>; quotas: StoredDaysQuotas },
  ) {}

  /** The oldest time raw samples are kept for. */
  rawSince(now = Date.now()): number {
    return now - this.settings.rawDays * DAY;
  }

  /**
   * Creates the daily partitions from the oldest day a sample may still arrive for (no further back than the
   * retention) to DAYS_AHEAD days after today, those missing; answers their names.
   */
  async ensurePartitions(now = Date.now()): Promise<string[]> {
    const created = await this.partitions.ensure(
      wantedDays(now, Math.min(DAYS_BEHIND, this.settings.rawDays)),
    );
    if (created.length > 0) this.logger.info({ partitions: created }, 'telemetry partitions created');
    return created;
  }

  async runOnce(now = Date.now()): Promise<{ raw: number; rollups: number; customerRaw: number }> {
    // A run that cannot create the days ahead (a lock held past its wait) still removes what is past retention.
    await this.ensurePartitions(now).catch((error: Error) =>
      this.logger.warn({ err: error }, 'telemetry partitions not created'),
    );
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
