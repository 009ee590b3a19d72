import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PGliteConnection } from './pglite-thread.ts';

/** Connections of a pool: open, idle (open and not lent), and borrowers waiting for one (/metrics). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * Presents one PGlite instance as the pool Kysely's PostgresDialect expects. PGlite is a single
 * connection, so a client is lent to one borrower at a time: a transaction never interleaves with
 * another caller's statements. The instance runs in a thread of its own (PGliteThread).
 */
export class PGlitePool implements PostgresPool {
  private tail: Promise<void> = Promise.resolve();
  /** Borrowers holding or waiting for the connection (/metrics: one busy, the rest waiting). */
  private borrowers = 0;

  constructor(private readonly pglite: PGliteConnection) {}

  /** The one connection: in use or idle, and how many borrowers wait for it. */
  stats(): PoolStats {
    return { total: 1, idle: this.borrowers === 0 ? 1 : 0, waiting: Math.max(0, this.borrowers - 1) };
  }

  async connect(): Promise<PostgresPoolClient> {
    this.borrowers++;
    let release!: () => void;
    const turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => turn);
    await previous;
    const pglite = this.pglite;
    const pool = this;
    let released = false;
    return {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        const command = result.command ?? 'SELECT';
        return {
          command: command as PostgresQueryResult<R>['command'],
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release() {
        if (released) return;
        released = true;
        pool.borrowers--;
        release();
      },
    } as PostgresPoolClient;
  }

  /** Runs `work` while no borrower holds the connection (no transaction open), before any later borrower. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      return await work();
    } finally {
      client.release();
    }
  }

  async end(): Promise<void> {
    await this.tail;
    await this.pglite.close();
  }
}
