import type { KnipConfig } from 'knip';

/**
 * `npm run check:dead` (knip, in `npm test` after the table owners): files no entry reaches, exports and
 * types nothing imports, dependencies no file uses, and packages imported without being listed in the
 * importing workspace's package.json. The entries are how each workspace really starts. Knip's own plugins
 * add what the package.json files name (scripts, `exports`, `bin`), the web app's vite.config.ts and
 * index.html (src/main.tsx), and the tools' configurations (vitest.config.ts, biome.json,
 * .dependency-cruiser.cjs); the rest is listed here with where it comes from. Lazily imported screens
 * (`lazyPage(() => import(...))`) are followed like any import. A second name for the same schema (one per
 * route, in the contract) carries `@alias` for knip's duplicate-export check.
 */
const config: KnipConfig = {
  // An export used in its own file is live code (only its `export` is more than needed); what is reported is
  // an export nothing uses at all. The api/ files export fetcher, query options and hook together by design.
  ignoreExportsUsedInFile: true,
  // Debian's packages, started by the cluster scripts and tests and installed by scripts/ensure-*.mjs and
  // scripts/check-services.mjs, not npm packages.
  ignoreBinaries: ['mosquitto', 'nginx', 'pg_ctlcluster'],
  workspaces: {
    '.': {
      // package.json scripts and scripts/test.sh run these; scripts/*.test.ts are the unit project's tests,
      // scripts/retried-tests-reporter.ts is a vitest reporter named on test.sh's command line.
      entry: ['scripts/*.{mjs,ts}'],
      ignore: [
        // The small repository that scripts/import-directions.test.ts runs dependency-cruiser over: each file
        // is there to be cruised, with one wrong import per rule, not to be imported.
        'scripts/fixtures/**',
        // The types TypeScript reads for scripts/nginx-config.mjs (imported by apps/server/test/cluster.ts).
        'scripts/nginx-config.d.mts',
      ],
    },
    'apps/server': {
      entry: [
        // src/server.ts (package.json `dev`) and src/main.ts, src/demo.ts (`exports`) come from package.json;
        // scripts/build-server.mjs bundles these command-line tools (package.json provision, backup,
        // restore).
        'src/cli/{provision-gateways,backup,restore}.ts',
        // Each migration is a kysely Migration read through migrations/index.ts's record (its up and down are
        // called by kysely's Migrator, which knip cannot follow through the record).
        'src/db/migrations/0*.ts',
        // vitest.config.ts: the unit and integration projects, and the integration projects' globalSetup.
        'src/**/*.test.ts',
        'test/*.setup.ts',
      ],
    },
    'apps/web': {
      // vitest.config.ts: the unit project includes apps/**/*.test.ts. Each catalogue's i18next.ts declares its
      // namespace's keys to the type checker and checks its German (docs/i18n.md): read by tsc, imported by none.
      entry: ['src/**/*.test.ts', 'src/**/i18next.ts'],
    },
    'apps/gateway-sim': {
      // The simulator's command line (scripts/build-server.mjs bundles it as dist/cli.js, bin/gateway-sim.mjs
      // and `npm start` run that); the unit tests.
      entry: ['src/cli.ts', 'src/**/*.test.ts'],
    },
    'apps/launcher': {
      // `npm start`: scripts/build-server.mjs bundles it as dist/launcher.js.
      entry: ['src/launcher.ts'],
    },
    'packages/contract': {
      entry: ['src/**/*.test.ts'],
    },
    e2e: {
      // vitest.config.ts: the e2e project's specs and its globalSetup.
      entry: ['*.spec.ts', 'support/*.setup.ts'],
    },
    bench: {
      // Every harness is run by hand (`node --import tsx bench/<name>.ts`, bench/README.md); the workers are
      // started by path (`startWorker(new URL('./lib/<name>-worker.ts', import.meta.url))`).
      entry: ['*.ts', 'lib/*-worker.ts'],
    },
  },
};

export default config;
