import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, testEnvironment, waitFor } from '../../test/harness.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { JobQueue, type QueuePolicy, type SqlRunner } from './jobs.ts';

/** A promise and the function that settles it (Promise.withResolvers is Node 22). */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const quiet = pino({ level: 'silent' });
const POLICY: QueuePolicy = {
  retry: { attempts: 4, backoff: { baseMs: 300, maxMs: 1000 } },
  expireAfterMs: 1000,
};

/**
 * Two portal instances' queues on one database: on the real backend each has its own connection pool to the one
 * PostgreSQL database; embedded, both share the one PGlite (one process can hold it).
 */
describe(`job queue (${backend} backend)`, () => {
  const handles: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;

  /** A database handle of one instance: its own pool on PostgreSQL. */
  async function openHandle(): Promise<DatabaseHandle> {
    const handle = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR ?? '',
      connectAttempts: 1,
      logger: quiet,
    });
    handles.push(handle);
    return handle;
  }
  const database = () => handles[0]!;

  async function instance(db?: SqlRunner): Promise<JobQueue> {
    const queue = new JobQueue(db ?? database(), quiet, {
      pollMs: 500,
      maintenanceMs: 1000,
      cronCheckMs: 1000,
    });
    await queue.start();
    queues.push(queue);
    return queue;
  }

  beforeAll(async () => {
    ({ env, cleanup } = await testEnvironment());
    await openHandle();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop().catch(() => {});
    for (const handle of handles) await handle.close();
    await cleanup?.();
  });

  it('runs each job once with two instances working one queue', async () => {
    const first = await instance();
    const second = await instance(backend === 'real' ? await openHandle() : database());
    const runs: [string, number][] = [];
    for (const [name, queue] of [
      ['first', first],
      ['second', second],
    ] as const) {
      await queue.declare('once', POLICY);
      await queue.work<{ n: number }>('once', async ({ n }) => {
        runs.push([name, n]);
      });
    }
    const count = 60;
    for (let n = 0; n < count; n++) await (n % 2 ? first : second).send('once', { n });
    await waitFor(async () => (runs.length >= count ? runs : null), 20_000);
    // A little longer: a job run twice would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toHaveLength(count);
    expect(new Set(runs.map(([, n]) => n)).size).toBe(count);
  });

  it('tries a failing job again with back-off until the failure clears', async () => {
    const queue = await instance();
    await queue.declare('flaky', POLICY);
    const tries: { attempt: number; at: number }[] = [];
    await queue.work<{ id: string }>('flaky', async (_, job) => {
      tries.push({ attempt: job.attempt, at: Date.now() });
      if (tries.length < 3) throw Object.assign(new Error('database error'), { code: '57P01' });
    });
    await queue.send('flaky', { id: 'x' });
    await waitFor(async () => (tries.length >= 3 ? tries : null), 20_000);
    expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
    // 300 ms after the first failure, 600 ms after the second (lib/retry.ts).
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(300);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(600);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(tries).toHaveLength(3);
  });

  it('gives up after the last attempt', async () => {
    const queue = await instance();
    await queue.declare('hopeless', {
      ...POLICY,
      retry: { attempts: 2, backoff: { baseMs: 100, maxMs: 100 } },
    });
    let tries = 0;
    await queue.work('hopeless', async () => {
      tries++;
      throw new Error('always');
    });
    await queue.send('hopeless', {});
    await waitFor(async () => (tries >= 2 ? tries : null), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(tries).toBe(2);
  });

  it('runs again a job whose instance died mid-way', async () => {
    const db = database();
    // An instance killed while its handler runs: from then on it reaches the database no more.
    let dead = false;
    const doomed = await instance({
      runSql: (text, values) => (dead ? new Promise(() => {}) : db.runSql(text, values)),
    });
    await doomed.declare('survives', POLICY);
    const started = signal();
    await doomed.work('survives', async () => {
      dead = true;
      started.resolve();
      await new Promise(() => {});
    });
    await doomed.send('survives', { id: 'y' });
    await started.promise;
    queues.splice(queues.indexOf(doomed), 1);

    const other = await instance();
    await other.declare('survives', POLICY);
    const done: string[] = [];
    await other.work<{ id: string }>('survives', async ({ id }) => {
      done.push(id);
    });
    await waitFor(async () => (done.length > 0 ? done : null), 30_000);
    expect(done).toEqual(['y']);
  });

  it('a stop lets the job in hand finish and leaves the rest to another instance', async () => {
    const first = await instance();
    await first.declare('drain', POLICY);
    const handled: number[] = [];
    const release = signal();
    const began = signal();
    await first.work<{ n: number }>('drain', async ({ n }) => {
      began.resolve();
      await release.promise;
      handled.push(n);
    });
    for (let n = 0; n < 5; n++) await first.send('drain', { n });
    await began.promise;
    const stopping = first.stop();
    release.resolve();
    await stopping;
    expect(handled.length).toBeGreaterThanOrEqual(1);

    const second = await instance();
    await second.declare('drain', POLICY);
    await second.work<{ n: number }>('drain', async ({ n }) => {
      handled.push(n);
    });
    await waitFor(async () => (handled.length >= 5 ? handled : null), 20_000);
    expect(handled.toSorted()).toEqual([0, 1, 2, 3, 4]);
  });

  it('runs a scheduled job once per slot across two instances', { timeout: 120_000 }, async () => {
    const first = await instance();
    const second = await instance(backend === 'real' ? await openHandle() : database());
    /** The minute of each run, by either instance. */
    const slots: number[] = [];
    for (const queue of [first, second]) {
      await queue.schedule('every-minute', '* * * * *', async () => {
        slots.push(Math.floor(Date.now() / 60_000));
      });
    }
    // The next minute's slot (at most a minute away), then time for a second run of it to show up.
    await waitFor(async () => (slots.length > 0 ? slots : null), 90_000);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(slots.length).toBeGreaterThanOrEqual(1);
    expect(new Set(slots).size).toBe(slots.length);
  });
});
