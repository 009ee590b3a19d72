import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { copyDirectory } from '../../apps/server/test/copy-directory.ts';
import migratedTemplate from '../../apps/server/test/pglite-template.setup.ts';
import { freePort, spawnServer, waitHealthy } from '../../apps/server/test/process.ts';
import {
  LAUNCHER_ENTRY,
  portalEnvironment,
  stopLeftPortals,
  terminate,
  waitForDemoHistory,
} from './portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A portal data directory after a first start with the e2e demo fleet and its history (below). */
    e2eDemoTemplate: string;
    /** Where shared portals (sharedPortal) note their process and data directory, for the run's end. */
    e2eLeftPortals: string;
  }
}

/**
 * Global set-up of the e2e specs. Besides the migrated PGlite database, it starts the portal once the way a spec
 * does (the launcher, DEMO on), waits until the demo fleet's 90 days of history are written, and stops it. A
 * spec's portal then starts from a copy of that data directory, as a restarted portal would, instead of every
 * spec writing the same history again: 15 to 45 s each on this 2-core machine, the largest part of a spec.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeMigrated = await migratedTemplate(project);
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-demo-template-'));
  await copyDirectory(project.getProvidedContext().pgliteTemplate, join(dataDir, 'pgdata'));
  const port = await freePort();
  let mqttPort = await freePort();
  while (mqttPort === port) mqttPort = await freePort();
  const server = spawnServer(portalEnvironment({ port, mqttPort, dataDir }), LAUNCHER_ENTRY);
  const written = await waitHealthy(`http://127.0.0.1:${port}`, server, 120_000)
    .then(() => waitForDemoHistory(server))
    .then(() => server.output().includes('"msg":"demo history written"'))
    .catch(() => false);
  const code = await terminate(server);
  if (!written || code !== 0)
    throw new Error(`the template portal failed (exit ${code}):\n${server.output().slice(-4000)}`);
  project.provide('e2eDemoTemplate', dataDir);
  const leftPortals = await mkdtemp(join(tmpdir(), 'portal-e2e-shared-'));
  project.provide('e2eLeftPortals', leftPortals);
  return async () => {
    await stopLeftPortals(leftPortals);
    await rm(dataDir, { recursive: true, force: true });
    await removeMigrated();
  };
}
