import pino from 'pino';
import type { DatabaseHandle } from '../src/db/database.ts';
import { JobQueue } from '../src/lib/jobs.ts';

/** Creates the job queue's schema in a template database, as a portal's first start would (lib/jobs.ts). */
export async function createJobSchema(handle: DatabaseHandle): Promise<void> {
  const jobs = new JobQueue(handle, pino({ level: 'silent' }));
  await jobs.start();
  await jobs.stop();
}
