import type { Logger } from 'pino';
import type { JobQueue } from '../../lib/jobs.ts';
import type { TelemetryRepository } from './telemetry.repository.ts';

const DAY = 24 * 3600_000;
/** The scheduled job (lib/jobs.ts): hourly, at minute 7, once across the portal instances. */
const QUEUE = 'telemetry-retention';
const HOURLY = '7 * * * *';

/**
 * Deletes raw samples and rollups past their retention, hourly, as a job scheduled on the job queue: one
 * instance of the cluster runs it each hour (deleting is idempotent anyway).
 */
export class RetentionJob {
  constructor(
    private readonly jobs: JobQueue,
    private readonly repo: TelemetryRepository,
    private readonly settings: { rawDays: number; rollupDays: number },
    private readonly logger: Logger,
  ) {}

  /** The oldest time raw samples are kept for. */
  rawSince(now = Date.now()): number {
    return now - this.settings.rawDays * DAY;
  }

  async runOnce(now = Date.now()): Promise<{ raw: number; rollups: number }> {
    const raw = await this.repo.deleteSamplesBefore(this.rawSince(now));
    const rollups = await this.repo.deleteRollupsBefore(now - this.settings.rollupDays * DAY);
    if (raw + rollups > 0) this.logger.info({ raw, rollups }, 'telemetry past retention deleted');
    return { raw, rollups };
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
