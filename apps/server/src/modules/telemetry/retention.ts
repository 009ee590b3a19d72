import type { Logger } from 'pino';
import type { TelemetryRepository } from './telemetry.repository.ts';

const DAY = 24 * 3600_000;
const EVERY_MS = 3600_000;

/**
 * Deletes raw samples and rollups past their retention, at start and then hourly. Deleting is idempotent,
 * so several portal instances may run it at once.
 */
export class RetentionJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
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
    const run = () =>
      void this.runOnce().catch((error: Error) => this.logger.warn({ err: error }, 'retention run failed'));
    run();
    this.timer = setInterval(run, EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
