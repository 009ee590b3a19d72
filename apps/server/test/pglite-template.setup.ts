import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { randomTag, removeSharedPortals } from './harness.ts';
import { createJobSchema } from './job-schema.ts';
import './pglite-template.ts';

/**
 * Vitest global set-up of the embedded integration tests and the e2e specs: migrates one PGlite database once
 * per run and offers its data directory as `pgliteTemplate`. Each embedded portal of a test then starts from
 * a copy (copyPgliteTemplate) instead of running every migration in WebAssembly again (several seconds each
 * on a loaded 2-core machine). The copy is still a real PGlite database: the portal opens it, finds the
 * migrations applied, and seeds it as on a first start. It also gives the run's tag to the names of what shared
 * portals leave (`sharedPortalTag`, harness.ts sharedPortal), and removes those at the end of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-pglite-template-'));
  const handle = await openDatabase({ dataDir: dir, connectAttempts: 1, logger: pino({ level: 'silent' }) });
  // The job queue's schema too (pg-boss creates it at its first start): 0.2 s less per portal.
  await createJobSchema(handle);
  await handle.close();
  project.provide('pgliteTemplate', join(dir, 'pgdata'));
  const tag = randomTag(4);
  project.provide('sharedPortalTag', tag);
  return async () => {
    await removeSharedPortals(tag, false);
    await rm(dir, { recursive: true, force: true });
  };
}
