import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './schema.ts';

const HOUR = 3_600_000;
/** After the start, once the first requests and the demo fleet's inventory have come in. */
const FIRST_RUN_MS = 60_000;
/** The tables of the lists paged on the server (gateways page, locks, lock users). */
const LISTED_TABLES = ['gateways', 'locks', 'lock_users'];

/**
 * Keeps the planner's statistics fresh on PGlite, which has no autovacuum: without ANALYZE the planner keeps
 * treating tables as empty, and a list over 50,000 locks joins them all before it sorts (a first page of
 * 150-400 ms instead of 20-40 ms, bench/README.md 'locks'). The tables the big lists page through are also
 * vacuumed, which marks their pages all-visible: only then can a list window skip a deep offset in an index
 * alone (an index-only scan; migrations/0024), instead of visiting a table row per skipped entry. Telemetry,
 * written only by appending, is left alone: vacuuming it would hold PGlite's one connection for seconds.
 * PostgreSQL's autovacuum does all of this by itself.
 */
export class AnalyzeJob {
  private timer: NodeJS.Timeout | null = null;
  private first: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
  ) {}

  /** Vacuums the listed tables and analyzes every table, now. */
  async runOnce(): Promise<void> {
    const started = Date.now();
    await sql`VACUUM ${sql.raw(LISTED_TABLES.join(', '))}`.execute(this.db);
    await sql`ANALYZE`.execute(this.db);
    this.logger.debug({ ms: Date.now() - started }, 'planner statistics refreshed');
  }

  start(): void {
    const run = () =>
      void this.runOnce().catch((error: Error) => this.logger.warn({ err: error }, 'analyze failed'));
    this.first = setTimeout(run, FIRST_RUN_MS);
    this.timer = setInterval(run, HOUR);
    this.first.unref();
    this.timer.unref();
  }

  stop(): void {
    if (this.first) clearTimeout(this.first);
    if (this.timer) clearInterval(this.timer);
    this.first = this.timer = null;
  }
}
