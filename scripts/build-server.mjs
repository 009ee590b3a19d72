#!/usr/bin/env node
// `npm run build` (with the web app's build): the server, its command-line tools, the launcher of `npm start`
// and the simulator's command line as plain JavaScript under each app's dist/, with source maps. Each entry is
// one ES module bundling our own code (packages/contract included); every npm package stays an import, so
// `npm ci --omit=dev` and `node apps/server/dist/server.js` run it with no TypeScript loader. Files read at run
// time beside the code are copied next to the bundle that reads them.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Files the server's code reads beside itself (`new URL('./file', import.meta.url)`): the PGlite worker thread's
 * code and the graph generator's corpus. Copied beside every bundle holding the server's code.
 */
const SERVER_ASSETS = [
  'apps/server/src/db/pglite-thread-worker.mjs',
  'apps/server/src/modules/graph-generator/corpus.json',
];

const apps = [
  {
    dir: 'apps/server',
    entries: {
      server: 'src/server.ts',
      'cli/provision-gateways': 'src/cli/provision-gateways.ts',
      'cli/backup': 'src/cli/backup.ts',
      'cli/restore': 'src/cli/restore.ts',
    },
    assets: SERVER_ASSETS,
  },
  { dir: 'apps/launcher', entries: { launcher: 'src/launcher.ts' }, assets: SERVER_ASSETS },
  { dir: 'apps/gateway-sim', entries: { cli: 'src/cli.ts', index: 'src/index.ts' }, assets: [] },
  { dir: 'packages/contract', entries: { index: 'src/index.ts' }, assets: [] },
];

/** npm packages stay imports (resolved from node_modules at run time); our workspaces are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
for (const app of apps) {
  const outdir = join(root, app.dir, 'dist');
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: join(root, app.dir),
    entryPoints: app.entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  const folders = new Set(Object.keys(app.entries).map((name) => dirname(join(outdir, name))));
  for (const folder of folders)
    for (const asset of app.assets) {
      await mkdir(folder, { recursive: true });
      await copyFile(join(root, asset), join(folder, asset.split('/').pop()));
    }
}
console.log(
  `build-server: ${apps.map((a) => a.dir).join(', ')} built in ${Math.round(performance.now() - started)} ms`,
);
