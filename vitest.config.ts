import { defineConfig } from 'vitest/config';

const PGLITE_TEMPLATE = 'apps/server/test/pglite-template.setup.ts';
const POSTGRES_TEMPLATE = 'apps/server/test/postgres-template.setup.ts';

/**
 * Files that measure the portal's own latency under a load they make (health p99 under a flood): they run after
 * the others, one at a time, where no other file's portal takes the CPU they measure.
 */
const RUN_ALONE = ['apps/server/src/modules/ingest/qos0-flood.int.test.ts'];

const integration = (backend: 'embedded' | 'real', alone = false) => ({
  test: {
    name: `integration:${backend}${alone ? ':alone' : ''}`,
    ...(alone ? aloneGroup(backend) : serverGroup),
    include: alone ? RUN_ALONE : ['apps/**/*.int.test.ts'],
    // *.real.int.test.ts drive servers of their own (e.g. a Mosquitto they restart): real backend only.
    exclude: [
      '**/node_modules/**',
      ...(backend === 'embedded' ? ['**/*.real.int.test.ts'] : []),
      ...(alone ? [] : RUN_ALONE),
    ],
    env: { TEST_BACKEND: backend },
    // Portals start from a copy of one migrated database: PGlite's data directory (pglite-template.ts), or a
    // PostgreSQL template database (postgres-template.ts).
    globalSetup: [backend === 'embedded' ? PGLITE_TEMPLATE : POSTGRES_TEMPLATE],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A worker keeps the modules it loaded from one file to the next: every file imports the whole server, and
    // evaluating it again per file cost a third of the CPU of a run (measured on 9 files: 61 s against 41 s).
    // Nothing of the server keeps state at module level (each portal has its own registry, pools, timers).
    isolate: false,
    // Files run side by side on both backends. Real: each file has its own database and share group on the
    // one Mosquitto, and its gateways have MACs of their own (randomMac), so a portal ignores the others'.
  },
});

/**
 * Files at a time. The unit and integration projects run first, side by side: an integration file spends much
 * of its time waiting on databases, brokers and simulated gateways, so four keep the 2 cores busy. Then the
 * files that measure latency (RUN_ALONE), one at a time. The e2e specs run last, three at a time: two kept the
 * machine only 53-77 % busy (a spec waits on its portal, simulated gateways and timers); three took the suite
 * from 1,288 to 1,123 s on a fresh clone, none failed or retried (bench/README.md "Test suite time").
 */
const SERVER_WORKERS = 4;
const E2E_WORKERS = 3;
const serverGroup = { maxWorkers: SERVER_WORKERS, sequence: { groupOrder: 0 } };
/** One backend after the other: two projects of one group run side by side (the real flood's health p99 went
 * past 500 ms while the embedded flood ran beside it). */
const aloneGroup = (backend: 'embedded' | 'real') => ({
  maxWorkers: 1,
  sequence: { groupOrder: backend === 'embedded' ? 1 : 2 },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          ...serverGroup,
          include: ['apps/**/*.test.ts', 'packages/**/*.test.ts', 'scripts/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
          // As the integration files: a worker keeps the modules it loaded (MUI, zod, the contract) from one file
          // to the next. Importing them again per file was nine tenths of the project's time (all 1,129 tests on
          // a loaded machine: 696 s isolated, 72 s not). No test mocks a module or keeps state in one (no vi.mock).
          isolate: false,
        },
      },
      integration('embedded'),
      integration('real'),
      integration('embedded', true),
      integration('real', true),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 3 },
          // A worker keeps playwright-core, axe-core and the contract loaded from one spec to the next (no spec
          // mocks a module; e2e/support keeps no state at module level but the worker's Chromium, browser.ts).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as a browser step (UI_TIMEOUT_MS, e2e/support/browser.ts) instead of its own
          // 1 s: a chart's points or a list's rows on a loaded machine (graphs.spec's memory chart took longer once).
          expect: { poll: { timeout: 10_000 } },
          // The migrated database and a data directory with the demo fleet's history (demo-template.setup.ts).
          globalSetup: ['e2e/support/demo-template.setup.ts'],
          // A spec file starts its own portal (free ports, own data directory) or takes its worker's (sharedPortal,
          // e2e/support/portal.ts); each worker has one Chromium (e2e/support/browser.ts).
          fileParallelism: true,
          // A browser step on a loaded 2-core machine can miss its time once; a failed spec runs once more, and
          // scripts/retried-tests-reporter.ts names it at the end of the run either way. Unit and integration
          // tests get no retry: a race there is a bug until shown otherwise.
          retry: 1,
        },
      },
    ],
  },
});
