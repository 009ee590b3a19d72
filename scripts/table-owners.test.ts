import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { checkTableOwners } from './check-table-owners.mjs';
import { tableUses } from './table-sql.mjs';

const tables = new Set(['gateways', 'tenants', 'locks']);

it('finds the tables a source names in Kysely calls and raw SQL, and which of them it writes', () => {
  const source = [
    "db.selectFrom('gateways as g').innerJoin('tenants', 'tenants.id', 'g.tenant_id')",
    "db.updateTable('locks').set({ x: 1 })",
    'sql<{ n: string; m: string }>`SELECT count(*) AS locks FROM tenants t -- not gateways',
    // An expression inside the template (a nested template of its own).
    `  WHERE t.name = 'gateways' AND $\{sql\`UPDATE gateways SET x = 1\`}\``,
  ].join('\n');
  const uses = tableUses(source, tables).map(
    (u: { table: string; write: boolean }) => `${u.table}:${u.write}`,
  );
  expect(uses.sort()).toEqual([
    'gateways:false',
    'gateways:true',
    'locks:true',
    'tenants:false',
    'tenants:false',
  ]);
});

it('fails a write to another module, passes a listed read', () => {
  const root = mkdtempSync(join(tmpdir(), 'table-owners-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write(
    'apps/server/src/db/migrations/0001.ts',
    'CREATE TABLE tenants (id int); CREATE TABLE gateways (id int)',
  );
  // A pump module writing the gateways module's table.
  write('apps/server/src/modules/pump/pump.repository.ts', "db.updateTable('gateways').set({ pump: 1 })");
  // The pump module reading the gateways module's table: a listed read model in table-owners.mjs.
  write('apps/server/src/modules/pump/pump.query.ts', "db.selectFrom('gateways').selectAll()");
  // A test may name any table.
  write('apps/server/src/modules/pump/pump.int.test.ts', "db.deleteFrom('tenants')");
  const { problems } = checkTableOwners(root);
  expect(problems).toContain(
    'apps/server/src/modules/pump/pump.repository.ts:1: pump writes gateways, owned by gateways (call its service or a port)',
  );
  expect(problems.filter((p: string) => p.includes('pump.query.ts'))).toEqual([]);
  expect(problems.filter((p: string) => p.includes('int.test.ts'))).toEqual([]);
});
