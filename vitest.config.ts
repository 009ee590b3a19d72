import { defineConfig } from 'vitest/config';

const integration = (backend: 'embedded' | 'real') => ({
  test: {
    name: `integration:${backend}`,
    include: ['apps/**/*.int.test.ts'],
    // *.real.int.test.ts drive servers of their own (e.g. a Mosquitto they restart): real backend only.
    exclude: ['**/node_modules/**', ...(backend === 'embedded' ? ['**/*.real.int.test.ts'] : [])],
    env: { TEST_BACKEND: backend },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Embedded: every file has its own PGlite and Aedes, so files run side by side. Real: files share one
    // Mosquitto, and some watch device topics of fixed MACs, so they run one at a time.
    fileParallelism: backend === 'embedded',
  },
});

export default defineConfig({
  test: {
    // Two files at a time (vitest's default is one on a 2-core machine): the integration files spend much
    // of their time waiting on databases, brokers and simulated gateways.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/**/*.test.ts', 'packages/**/*.test.ts', 'scripts/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
        },
      },
      integration('embedded'),
      integration('real'),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each spec file starts its own portal (free ports, own data directory) and browser.
          fileParallelism: true,
        },
      },
    ],
  },
});
