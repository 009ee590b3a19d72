/**
 * Import directions (DESIGN.md section 3), checked by `npm run check:imports` in `npm test`.
 *
 * Parsing: dependency-cruiser reads TypeScript with the `typescript` package's JavaScript API (2.x to 6.x).
 * TypeScript 7 has no such API, so the root package.json keeps both, as TypeScript 7's release notes advise:
 * `typescript` is TypeScript 6 (its API, for tools like this one) and `@typescript/native` is TypeScript 7
 * (the `tsc` that type-checks). `tsPreCompilationDeps` keeps type-only imports (`import type`, `import
 * { type X }`, `import('x').T`) in the graph: a type import runs a direction as much as a value import.
 *
 * Test code: `*.test.ts` (with `.int.test.ts`), `test-helpers.ts`, `apps/server/src/test-support/` and
 * `apps/server/test/` build or drive the whole app, so the server's layer rules exempt them where named.
 */

/** Server test code, exempt from the server's layer and module rules. */
const SERVER_TEST_CODE = [
  '\\.test\\.ts$',
  '(^|/)test-helpers\\.ts$',
  '^apps/server/src/test-support/',
  '^apps/server/test/',
];

/** The server's composition root: the files that build and start the whole portal, and the wiring/ groups. */
const SERVER_ROOT = '^apps/server/src/((app|wiring|broker|http|server|bootstrap|main|demo)\\.ts|wiring/)';

/** The simulator, by path or by package name (a workspace package resolves to its folder, or stays a name). */
const SIMULATOR = ['^apps/gateway-sim/', '(^|/)@portal/gateway-sim(/|$)'];

/** The web app's feature folders (apps/web/src/features/<feature>/). */
const WEB_FEATURE = '^apps/web/src/features/';

/**
 * web-features-one-way: no cycle between feature folders (dependency-cruiser's folder scope).
 */
const webFeaturesOneWay = {
  name: 'web-features-one-way',
  comment:
    'Web features depend one way: a feature that uses another is never used by it, directly or through a ' +
    'third. Checked between feature folders (scope folder), not files: a cycle of files is already ' +
    'no-circular, but two features can import each other through files that form no cycle, and then ' +
    'neither can be understood, tested or moved without the other. What both need moves down: to a lower ' +
    'feature, components/ (shared UI) or api/ (calls several features share).',
  severity: 'error',
  scope: 'folder',
  from: { path: `${WEB_FEATURE}([^/]+)` },
  to: { path: WEB_FEATURE, pathNot: `${WEB_FEATURE}$1(/|$)`, circular: true },
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A cycle makes the order of module evaluation an accident and ties the files of the cycle into one ' +
        'unit that can only be understood, tested and moved together.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'contract-imports-only-zod',
      comment:
        'packages/contract is shared by the browser, the server and the simulator: it imports nothing of ours ' +
        '(it is the bottom of the graph) and no npm package but zod (nothing that pulls a runtime into the ' +
        'browser bundle or ties the others to a library). Its own tests may use vitest.',
      severity: 'error',
      from: { path: '^packages/contract/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^packages/contract/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'web-not-to-server',
      comment:
        'The browser app and the server share only packages/contract: importing the other side would bundle ' +
        'server code into the browser (or the reverse) and couple their releases.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: ['^apps/server/', '(^|/)@portal/server(/|$)'] },
    },
    {
      name: 'server-not-to-web',
      comment:
        'The server serves the built web app as files; it never imports its source (see web-not-to-server).',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: ['^apps/web/', '(^|/)@portal/web(/|$)'] },
    },
    {
      name: 'web-not-to-simulator',
      comment: 'The simulator stands for real gateways: the browser app only knows them through the server.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: SIMULATOR },
    },
    {
      name: 'server-not-to-simulator',
      comment:
        'The server runs against real gateways in production and has no runtime dependency on the simulator: ' +
        'the start command (apps/launcher) starts the demo fleet beside it. Server tests may drive simulated ' +
        'gateways as their device counterpart (a devDependency).',
      severity: 'error',
      from: { path: '^apps/server/', pathNot: SERVER_TEST_CODE },
      to: { path: SIMULATOR },
    },
    {
      name: 'simulator-not-to-portal',
      comment:
        'The simulator speaks the device protocol of packages/contract, like a real gateway: no portal code.',
      severity: 'error',
      from: { path: '^apps/gateway-sim/' },
      to: { path: ['^apps/(server|web|launcher)/', '(^|/)@portal/(server|web|launcher)(/|$)'] },
    },
    {
      name: 'server-composition-root-on-top',
      comment:
        'app.ts, wiring.ts and wiring/, broker.ts, http.ts, server.ts, bootstrap.ts, main.ts and demo.ts build and start the whole portal: nothing ' +
        'below them imports them, or the layers would import their own assembly. Tests that must build the ' +
        'whole app may: *.test.ts, and the shared helpers in apps/server/test/ (or apps/server/src/test-support/); ' +
        'a test-helpers.ts beside a module may not (it moves to apps/server/test/).',
      severity: 'error',
      from: {
        path: '^apps/server/',
        pathNot: [
          SERVER_ROOT,
          '^apps/server/src/cli/',
          '\\.test\\.ts$',
          '^apps/server/src/test-support/',
          '^apps/server/test/',
        ],
      },
      to: { path: SERVER_ROOT },
    },
    {
      name: 'server-lib-imports-only-lib',
      comment:
        'lib/ is the bottom layer of the server (ids, crypto, errors, principals): it imports no other server ' +
        'folder or file, so any layer can use it without pulling in the rest.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/', pathNot: SERVER_TEST_CODE },
      to: { path: '^apps/server/', pathNot: '^apps/server/src/lib/' },
    },
    {
      name: 'server-db-imports-only-lib',
      comment:
        'db/ (connection, schema, migrations) sits on lib/ only: the schema must not depend on the features ' +
        'that use it, the transport or the HTTP plugins.',
      severity: 'error',
      from: { path: '^apps/server/src/db/', pathNot: SERVER_TEST_CODE },
      to: { path: '^apps/server/', pathNot: '^apps/server/src/(db|lib)/' },
    },
    {
      name: 'server-mqtt-imports-only-lib-and-db',
      comment:
        'mqtt/ is transport only (broker, ACL, external client, browser relay): it may use lib/ and the ' +
        'types of db/, and is handed what it calls as function types; it never knows a feature module.',
      severity: 'error',
      from: { path: '^apps/server/src/mqtt/', pathNot: SERVER_TEST_CODE },
      to: { path: '^apps/server/', pathNot: '^apps/server/src/(mqtt|lib|db)/' },
    },
    {
      name: 'server-plugins-import-only-lib-and-db',
      comment:
        'plugins/ (db, broker, access, errors, openapi, static) are Fastify glue handed the function types ' +
        'they call: they use lib/ and the types of db/, never a module or the transport.',
      severity: 'error',
      from: { path: '^apps/server/src/plugins/', pathNot: SERVER_TEST_CODE },
      to: { path: '^apps/server/', pathNot: '^apps/server/src/(plugins|lib|db)/' },
    },
    {
      name: 'server-infrastructure-db-types-only',
      comment:
        'mqtt/ and plugins/ read no tables themselves (the modules do, behind the ports they are handed): ' +
        'from db/ they take types only.',
      severity: 'error',
      from: { path: '^apps/server/src/(mqtt|plugins)/', pathNot: SERVER_TEST_CODE },
      to: { path: '^apps/server/src/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-modules-not-to-mqtt',
      comment:
        'A module declares the ports it needs (what to send, what it is told); app.ts wires the transport to ' +
        'them. A module importing mqtt/ would tie the feature to one broker implementation.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/', pathNot: SERVER_TEST_CODE },
      to: { path: '^apps/server/src/mqtt/' },
    },
    {
      name: 'server-module-public-face',
      comment:
        "A server module uses another module only through that module's index.ts (its public face), so a " +
        "module's files can change without breaking the others. Tests are exempt.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: SERVER_TEST_CODE },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-feature-public-entries',
      comment:
        "A web feature uses another feature only through that feature's index.ts (what others may use) or " +
        "pages.ts (its lazily loaded pages), so a feature's internals can change without breaking the others.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/(index|pages)\\.ts$'],
      },
    },
    webFeaturesOneWay,
    {
      name: 'web-app-uses-feature-entries',
      comment:
        'The app shell and router (app/) reach features through their public entries (index.ts, pages.ts) only, ' +
        'like features reach each other.',
      severity: 'error',
      from: { path: '^apps/web/src/app/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/[^/]+/(index|pages)\\.ts$' },
    },
    {
      name: 'web-shared-not-to-features-or-app',
      comment:
        'lib/, components/ and api/ are shared by every feature: importing a feature or the app shell would ' +
        'turn them into a hub that depends on what depends on it.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components|api)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    // Follow our own code; look into no npm package (their names and paths are enough for the rules).
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(dist|coverage|data)/' },
    tsPreCompilationDeps: true,
    // Resolve workspace packages (@portal/contract) through their package.json "exports".
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
