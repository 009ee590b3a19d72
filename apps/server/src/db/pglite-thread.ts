import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What PGlitePool needs of the embedded database: statements in, rows out, and closing it. */
export interface PGliteConnection {
  query<R>(
    sql: string,
    parameters: unknown[],
  ): Promise<{ rows: R[]; affectedRows?: number; command?: string }>;
  close(): Promise<void>;
}

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };
/** A notification the thread heard on a channel it listens to (LISTEN). */
type Notification = { channel: string; payload: string };
type Listener = { message(payload: string): void; lapsed(): void };

// The server's type library has no WebAssembly (no DOM lib); this is the one call used.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> };

/** PGlite's WebAssembly and file-system bundle, compiled once per process and handed to every thread. */
let assets: Promise<Record<string, unknown>> | undefined;
function pgliteAssets() {
  assets ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const read = (name: string) => readFile(join(dist, name));
    const [pglite, initdb, bundle] = await Promise.all([
      read('pglite.wasm'),
      read('initdb.wasm'),
      read('pglite.data'),
    ]);
    return {
      pgliteWasmModule: await WebAssembly.compile(pglite),
      initdbWasmModule: await WebAssembly.compile(initdb),
      fsBundle: new Blob([bundle]),
    };
  })();
  return assets;
}

/** Id of the thread's first message, sent unasked: the database opened, or why not. */
const OPEN_ID = 0;

/**
 * PGlite in a worker thread of its own (pglite-thread-worker.mjs). PGlite executes a statement
 * synchronously inside WebAssembly, so on the main thread one long statement froze HTTP, MQTT and timers
 * for everyone (issue 12, point 5); here only this thread waits. Rows cross by structured clone, so they
 * arrive exactly as PGlite parsed them (Date, numbers, parsed jsonb, Uint8Array). The thread keeps the
 * process alive only while a call is outstanding, as a socket with a query in flight would.
 */
export class PGliteThread implements PGliteConnection {
  private readonly pending = new Map<number, Pending>();
  private nextId = OPEN_ID + 1;
  private stopped: Error | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply | Notification) => {
      if ('channel' in reply) {
        for (const listener of this.listeners.get(reply.channel) ?? []) listener.message(reply.payload);
        return;
      }
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.settle(reply.id);
      if (reply.error) call.reject(asError(reply.error));
      else call.resolve(reply.result as never);
    });
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) =>
      this.stop(new Error(`the embedded database thread stopped (exit code ${code})`)),
    );
  }

  /**
   * Starts the thread and opens the database in `dataDir`; rejects when PGlite cannot open it. With
   * `loadDataDir` (a tarball from `dump`), a new database is made from it in the empty `dataDir` (a restore).
   */
  static async open(dataDir: string, options: { loadDataDir?: Uint8Array } = {}): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), {
      workerData: { dataDir, assets: await pgliteAssets(), loadDataDir: options.loadDataDir },
      // No TypeScript loader or test-runner flags: the worker is plain JavaScript.
      execArgv: [],
    });
    const thread = new PGliteThread(worker);
    try {
      await thread.expect(OPEN_ID);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  query<R>(sql: string, parameters: unknown[]) {
    return this.send<{ rows: R[]; affectedRows?: number; command?: string }>({
      op: 'query',
      sql,
      params: parameters,
    });
  }

  /** Runs a text of one or more statements without parameters (simple protocol); the last one's rows answer. */
  exec<R>(sql: string) {
    return this.send<{ rows: R[]; affectedRows?: number }>({ op: 'exec', sql });
  }

  /**
   * Whether the thread answers with the database open. Sent straight to the thread, not through the pool's
   * queue of borrowers, so it waits at most for the statement running now.
   */
  async ping(): Promise<boolean> {
    try {
      return await this.send<boolean>({ op: 'ping' });
    } catch {
      return false;
    }
  }

  /**
   * LISTEN on `channel`. Send it while no transaction is open (PGlitePool.exclusive): the one connection would
   * otherwise LISTEN inside another borrower's transaction. A stopped thread tells its listeners they lapsed.
   */
  async listen(channel: string, listener: Listener): Promise<void> {
    const listeners = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, listeners.add(listener));
    await this.send({ op: 'listen', channel });
  }

  /** Stops handing `channel`'s notifications to `listener`. */
  unlisten(channel: string, listener: Listener): void {
    this.listeners.get(channel)?.delete(listener);
  }

  /** The data directory as a gzipped tarball (PGlite's dumpDataDir), after a checkpoint. */
  dump(): Promise<Uint8Array> {
    return this.send<Uint8Array>({ op: 'dump' });
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.send({ op: 'close' });
    this.stop(new Error('the embedded database is closed'));
    await this.worker.terminate();
  }

  private send<T>(message: { op: string; sql?: string; params?: unknown[]; channel?: string }): Promise<T> {
    const id = this.nextId++;
    const reply = this.expect<T>(id);
    if (!this.stopped) this.worker.postMessage({ id, ...message });
    return reply;
  }

  /** The answer to message `id`; the thread is kept referenced while any answer is awaited. */
  private expect<T>(id: number): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: never) => void, reject });
    });
  }

  private settle(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private stop(error: Error): void {
    if (this.stopped) return;
    this.stopped = error;
    for (const listeners of this.listeners.values()) for (const listener of listeners) listener.lapsed();
    this.listeners.clear();
    for (const [id, call] of this.pending) {
      this.settle(id);
      call.reject(error);
    }
  }
}

/** The worker's plain error fields back on an Error (`code` is the SQLSTATE the repositories look at). */
function asError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'database error'));
  Object.assign(error, fields);
  return error;
}
