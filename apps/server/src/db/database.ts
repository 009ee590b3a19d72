import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { type Backoff, backoffDelay } from '../lib/retry.ts';
import { AuditContextPool } from './audit-pool.ts';
import { migrationProvider } from './migrations/index.ts';
import {
  type ChannelListener,
  ListeningPool,
  listenOnPostgres,
  PostgresChannels,
  type StopListening,
} from './notifications.ts';
import { PGlitePool, type PoolStats } from './pglite-pool.ts';
import { PGliteThread } from './pglite-thread.ts';
import type { Database } from './schema.ts';

// int8 columns hold epoch milliseconds and counts: safe as JS numbers, and PGlite returns numbers too.
pg.types.setTypeParser(20, Number);

export type DbBackend = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  backend: DbBackend;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The pool's connections now (/metrics): open, idle, and callers waiting for one. */
  poolStats(): PoolStats;
  /**
   * Hears the notifications sent on `channel` (pg_notify) by any instance's commits. On PGlite a notification
   * reaches the listener before the answer to the statement that committed it; on PostgreSQL shortly after.
   */
  listen(channel: string, listener: ChannelListener): StopListening;
  /**
   * Runs SQL as a library hands it (the job queue, lib/jobs.ts): with values one statement, without them a
   * script of several (simple protocol), outside any transaction of the portal's.
   */
  runSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: a consistent copy of the running database, a gzipped tarball of its data directory. */
  dumpEmbedded?: () => Promise<Uint8Array>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  connectAttempts: number;
  logger: Logger;
}

export class DatabaseUnavailableError extends Error {}

/** The database the configuration names. */
export function openConfiguredDatabase(
  config: { DATABASE_URL?: string; DATA_DIR: string; DATABASE_CONNECT_ATTEMPTS: number },
  logger: Logger,
): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    connectAttempts: config.DATABASE_CONNECT_ATTEMPTS,
    logger,
  });
}

/** Opens PGlite under DATA_DIR, or PostgreSQL when a URL is given (retrying), then runs the migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.connectAttempts, options.logger)
    : await openPglite(options.dataDir);
  try {
    await migrate(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = join(dataDir, 'pgdata');
  await mkdir(dir, { recursive: true });
  // In a worker thread: a long statement must not stop HTTP and MQTT for everyone (PGliteThread).
  const pglite = await PGliteThread.open(dir);
  const pool = new PGlitePool(pglite);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new AuditContextPool(pool, true) }),
  });
  return {
    ...withHelpers(
      db,
      'pglite',
      () => pool.stats(),
      () => pglite.ping(),
    ),
    listen(channel, listener) {
      pool
        .exclusive(() => pglite.listen(channel, listener))
        .then(
          () => listener.ready(),
          () => listener.lapsed(),
        );
      return async () => pglite.unlisten(channel, listener);
    },
    // PGlite is one connection: a script waits until no transaction is open, then runs whole.
    runSql: (text, values) =>
      pool.exclusive(() => (values?.length ? pglite.query(text, values) : pglite.exec(text))),
    dumpEmbedded: () => pool.exclusive(() => pglite.dump()),
  };
}

/**
 * A pg pool whose lost connections never crash the process. The pool reports an idle client's error as its
 * own 'error' event; a client lent out (between a transaction's statements, say) emits it on itself, and an
 * 'error' event without a listener ends a Node process: seen when PostgreSQL restarted under load. The
 * statement in flight still fails, and the pool drops the broken client.
 */
function resilientPool(config: pg.PoolConfig, logger: Logger, what: string): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', (error) => logger.warn({ err: error }, `${what} lost`));
  pool.on('connect', (client) =>
    client.on('error', (error) => logger.warn({ err: error }, `${what} lost while in use`)),
  );
  return pool;
}

/** The wait between attempts to reach DATABASE_URL at start: 500 ms doubling to 5 s (DATABASE_CONNECT_ATTEMPTS). */
const CONNECT_BACKOFF: Backoff = { baseMs: 500, maxMs: 5000 };

async function openPostgres(url: string, attempts: number, logger: Logger): Promise<DatabaseHandle> {
  const pool = resilientPool({ connectionString: url, max: 10 }, logger, 'database connection');
  for (let attempt = 1; ; attempt++) {
    try {
      const client = await pool.connect();
      client.release();
      break;
    } catch (error) {
      if (attempt >= attempts) {
        await pool.end().catch(() => {});
        throw new DatabaseUnavailableError(
          `Cannot reach the database at DATABASE_URL after ${attempts} attempts: ${(error as Error).message}`,
        );
      }
      const delay = backoffDelay(attempt, CONNECT_BACKOFF);
      logger.warn({ attempt, delay }, `database not reachable (${(error as Error).message}); retrying`);
      await sleep(delay);
    }
  }
  // The health check has a connection of its own: with every pooled connection lent to requests, /api/health
  // would otherwise wait in the pool's queue behind them.
  const probe = resilientPool(
    { connectionString: url, max: 1, idleTimeoutMillis: 0 },
    logger,
    'database connection (health check)',
  );
  const channels = new PostgresChannels();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new AuditContextPool(new ListeningPool(pool, channels)) }),
  });
  const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  const base = withHelpers(db, 'postgres', stats, async () => {
    try {
      await probe.query('select 1');
      return true;
    } catch {
      return false;
    }
  });
  return {
    ...base,
    runSql: (text, values) => pool.query(text, values),
    listen(channel, listener) {
      const remove = channels.add(channel, listener);
      const stop = listenOnPostgres(url, channel, listener, logger);
      return async () => {
        remove();
        await stop();
      };
    },
    async close() {
      await probe.end().catch(() => {});
      await base.close();
    },
  };
}

function withHelpers(
  db: Kysely<Database>,
  backend: DbBackend,
  poolStats: () => PoolStats,
  ping?: () => Promise<boolean>,
): Omit<DatabaseHandle, 'listen' | 'runSql'> {
  return {
    db,
    backend,
    poolStats,
    ping:
      ping ??
      (async () => {
        try {
          await sql`select 1`.execute(db);
          return true;
        } catch {
          return false;
        }
      }),
    close: () => db.destroy(),
  };
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? 'unknown'}`,
    );
  }
}
