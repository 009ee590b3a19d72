import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';

/** CPU and memory of a process, as a worker reports them to the harness. */
export interface ProcessStats {
  /** User + system CPU time since the process started, in ms. */
  cpuMs: number;
  rss: number;
  /** Peak resident set size so far. */
  maxRss: number;
}

export function ownStats(): ProcessStats {
  const cpu = process.cpuUsage();
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    rss: process.memoryUsage().rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
  };
}

type Handlers = Record<string, (argument: unknown) => Promise<unknown> | unknown>;
interface Request {
  id: number;
  method: string;
  argument: unknown;
}
interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

/**
 * In a worker process: answers the harness's calls. `stats` is built in; after `stop` answers, the
 * process exits.
 */
export function serveHarness(handlers: Handlers): void {
  const send = (reply: Reply) => new Promise<void>((resolve) => process.send!(reply, () => resolve()));
  process.on('message', async (request: Request) => {
    const handler = request.method === 'stats' ? ownStats : handlers[request.method];
    try {
      if (!handler) throw new Error(`unknown method ${request.method}`);
      await send({ id: request.id, result: await handler(request.argument) });
    } catch (error) {
      await send({ id: request.id, error: (error as Error).stack ?? String(error) });
    }
    if (request.method === 'stop') process.exit(0);
  });
  // The harness went away without a stop: do not linger.
  process.on('disconnect', () => process.exit(1));
  process.send!({ ready: true });
}

export interface Worker {
  pid: number;
  call<T>(method: string, argument?: unknown): Promise<T>;
  stats(): Promise<ProcessStats>;
  /** Calls `stop` (the worker cleans up and exits) and waits for the exit. */
  stop(): Promise<void>;
}

/** Forks a worker module (run with the harness's own `--import tsx`) and waits until it serves. */
export async function startWorker(module: URL): Promise<Worker> {
  // BENCH_CPU_PROF=<dir>: the worker writes a V8 CPU profile there when it exits (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF;
  const execArgv = [...process.execArgv, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])];
  const child: ChildProcess = fork(module, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = once(child, 'exit');
  let started = false;
  await Promise.race([
    new Promise<void>((resolve) =>
      child.on('message', (message: { ready?: boolean }) => {
        if (message.ready) resolve();
      }),
    ),
    exited.then(([code]) => {
      if (!started) throw new Error(`worker ${module.pathname} exited at start (code ${code})`);
    }),
  ]);
  started = true;
  let next = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error !== undefined) entry?.reject(new Error(`worker: ${reply.error}`));
    else entry?.resolve(reply.result);
  });
  void exited.then(([code]) => {
    for (const entry of waiting.values()) entry.reject(new Error(`worker exited (code ${code})`));
    waiting.clear();
  });
  const call = <T>(method: string, argument?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, method, argument } satisfies Request);
    });
  return {
    pid: child.pid!,
    call,
    stats: () => call<ProcessStats>('stats'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await call('stop').catch(() => {});
      await exited;
    },
  };
}
