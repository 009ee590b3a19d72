import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type Kysely, type PostgresPoolClient } from 'kysely';
import { AuditContextPool } from '../../apps/server/src/db/audit-pool.ts';

/** One statement as the portal sent it to the database: its text and parameters. */
export interface Statement {
  sql: string;
  parameters: unknown[];
}

// The statements of the work being recorded, found by its async context: background jobs running meanwhile
// (sweeps, the alert engine's timers) borrow connections too, and are not part of it.
const recording = new AsyncLocalStorage<Statement[]>();
const connect = AuditContextPool.prototype.connect;

// Every connection the portal borrows (PGlite's one, or a pg pool client) comes through AuditContextPool, so
// wrapping the client it lends sees every statement a call runs, on either backend.
AuditContextPool.prototype.connect = async function recordingConnect(
  this: AuditContextPool,
): Promise<PostgresPoolClient> {
  const client = await connect.call(this);
  const into = recording.getStore();
  if (!into) return client;
  return {
    query(sql: string, parameters: unknown[]) {
      into.push({ sql, parameters: [...(parameters ?? [])] });
      return client.query(sql, parameters as never);
    },
    release: () => client.release(),
  } as PostgresPoolClient;
};

/** The statements `work` runs against the database. */
export async function recordStatements(work: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  await recording.run(statements, work);
  return statements;
}

/** Runs the statements one after another, as the call did, through the portal's own pool. */
export async function replay<DB>(db: Kysely<DB>, statements: Statement[]): Promise<void> {
  for (const statement of statements) {
    await db.executeQuery(CompiledQuery.raw(statement.sql, statement.parameters));
  }
}

/** A statement shortened to one line for a report. */
export function summary(statement: Statement, width = 110): string {
  const line = statement.sql.replace(/\s+/g, ' ').trim();
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}
