import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { expect, it } from 'vitest';

// The rules of `npm run check:imports`, run over a small tree (fixtures/import-directions) laid out like the
// repository, with one wrong import per rule beside allowed ones: the check must name each wrong import and
// nothing else.
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
const fixture = fileURLToPath(new URL('./fixtures/import-directions/', import.meta.url));

it('reports each import that runs the wrong way, and only those', async () => {
  const { output } = await cruise(['apps', 'packages'], {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    baseDir: fixture,
  });
  const { summary } = output as ICruiseResult;
  const found = summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  expect(found).toEqual(
    [
      'contract-imports-only-zod: packages/contract/src/index.ts -> apps/server/src/lib/ids.ts',
      'server-lib-imports-only-lib: apps/server/src/lib/ids.ts -> apps/server/src/modules/users/index.ts',
      'server-module-public-face: apps/server/src/modules/users/users.service.ts -> apps/server/src/modules/tenants/tenants.repository.ts',
      'server-modules-not-to-mqtt: apps/server/src/modules/users/users.service.ts -> apps/server/src/mqtt/broker.ts',
      // A type-only import counts.
      'server-mqtt-imports-only-lib-and-db: apps/server/src/mqtt/broker.ts -> apps/server/src/modules/users/types.ts',
      'server-composition-root-on-top: apps/server/src/modules/users/test-helpers.ts -> apps/server/src/app.ts',
      'server-not-to-simulator: apps/server/src/server.ts -> apps/gateway-sim/src/index.ts',
      'web-feature-public-entries: apps/web/src/features/alerts/alerts.ts -> apps/web/src/features/gateways/components/GatewaysPage.tsx',
      // A cycle is named once, at one of its imports.
      'no-circular: apps/web/src/lib/session.ts -> apps/web/src/lib/store.ts',
      // Two features using each other through files that form no cycle: named between the feature folders, at
      // each of their imports of the cycle.
      'web-features-one-way: apps/web/src/features/alerts -> apps/web/src/features/gateways',
      'web-features-one-way: apps/web/src/features/gateways -> apps/web/src/features/alerts',
    ].sort(),
  );
  expect(summary.error).toBe(found.length);
});
