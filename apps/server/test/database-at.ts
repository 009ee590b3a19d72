import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, type LogEvent, type Migration, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from '../src/db/migrations/index.ts';
import { PGlitePool } from '../src/db/pglite-pool.ts';
import { PGliteThread } from '../src/db/pglite-thread.ts';
import type { Database } from '../src/db/schema.ts';
import { createPostgresDatabase } from './harness.ts';

/** A database migrated up to a given migration only, to test (or time) the migrations after it on real data. */
export interface DatabaseAt {
  db: Kysely<Database>;
  /** Runs the migrations after the one it was opened at (in one transaction, as the portal's start does). */
  migrateToLatest(): Promise<void>;
  close(): Promise<void>;
}

async function migrate(db: Kysely<Database>, upTo?: string): Promise<void> {
  const all = await migrationProvider.getMigrations();
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(all).filter(([name]) => upTo === undefined || name <= upTo),
  );
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/**
 * A new database, empty, migrated up to `upTo` (a name in migrations/index.ts, the newest that runs): PGlite
 * in a temporary directory, or (real) a new database on the local PostgreSQL (`url`). `log` hears every
 * statement with its duration (Kysely's log).
 */
export async function openDatabaseAt(
  real: boolean,
  upTo: string,
  options: { log?: (event: LogEvent) => void } = {},
): Promise<DatabaseAt & { url?: string }> {
  let db: Kysely<Database>;
  let url: string | undefined;
  let release: () => Promise<void>;
  if (real) {
    const database = await createPostgresDatabase({ empty: true });
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log });
    release = database.drop;
    url = database.url;
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'portal-database-at-'));
    await mkdir(join(dir, 'pgdata'));
    const pglite = await PGliteThread.open(join(dir, 'pgdata'));
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }),
      log: options.log,
    });
    release = () => rm(dir, { recursive: true, force: true });
  }
  await migrate(db, upTo);
  return {
    db,
    url,
    migrateToLatest: () => migrate(db),
    close: async () => {
      await db.destroy();
      await release();
    },
  };
}
