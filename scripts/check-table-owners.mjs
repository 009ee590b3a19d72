// `npm run check:tables` (in `npm test` beside the import directions): every table the migrations create has
// one owner (scripts/table-owners.mjs), and no module's SQL names a table of another module, but the reads
// listed there as read models. A write to another module's table always fails.
//   node scripts/check-table-owners.mjs [root]   (root: a checkout to check, default this repository)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DYNAMIC_TABLES, OWNERS, PENDING_WRITES, READ_MODELS } from './table-owners.mjs';
import { tableUses } from './table-sql.mjs';

const TEST_CODE = /(\.test\.ts|(^|\/)test-helpers\.ts)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The tables the migrations create (CREATE TABLE, or a loop over names as in 0002_rollups). */
function migratedTables(root) {
  const tables = new Set();
  for (const file of files(join(root, 'apps/server/src/db/migrations'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z_0-9]*)/g)) tables.add(m[1]);
    for (const m of text.matchAll(/for \(const table of \[([^\]]*)\]\)/g)) {
      for (const name of m[1].matchAll(/'([a-z_0-9]+)'/g)) tables.add(name[1]);
    }
  }
  return tables;
}

/** The problems of the checkout at `root`: strings, one per problem (empty: it passes). */
export function checkTableOwners(root) {
  const problems = [];
  const owner = new Map();
  for (const [module, tables] of Object.entries(OWNERS)) {
    for (const table of tables) {
      if (owner.has(table)) problems.push(`${table}: owned twice (${owner.get(table)}, ${module})`);
      owner.set(table, module);
    }
  }
  const tables = migratedTables(root);
  for (const table of tables) {
    if (!owner.has(table))
      problems.push(`${table}: created by a migration, has no owner in table-owners.mjs`);
  }
  for (const table of owner.keys()) {
    if (!tables.has(table)) problems.push(`${table}: in table-owners.mjs, created by no migration`);
  }
  const usedReads = new Set();
  const usedDynamic = new Set();
  const pending = new Set();
  const modulesDir = join(root, 'apps/server/src/modules');
  for (const file of files(modulesDir)) {
    const path = relative(root, file);
    if (TEST_CODE.test(path)) continue;
    const module = relative(modulesDir, file).split(/[\\/]/)[0];
    const source = readFileSync(file, 'utf8');
    const inModule = relative(modulesDir, file).split(/[\\/]/).join('/');
    for (const dynamic of source.matchAll(
      /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto)\(\s*[a-z]\w*\s*[),]/g,
    )) {
      if (DYNAMIC_TABLES[inModule]) {
        usedDynamic.add(inModule);
        continue;
      }
      const line = source.slice(0, dynamic.index).split('\n').length;
      problems.push(
        `${path}:${line}: ${dynamic[1]} with a table held in a variable (name the table in the call)`,
      );
    }
    for (const use of tableUses(source, owner)) {
      const owning = owner.get(use.table);
      if (owning === module) continue;
      const where = `${path}:${use.line}`;
      if (use.write && PENDING_WRITES[module]?.[use.table]) {
        pending.add(`${module}:${use.table}`);
        continue;
      }
      if (use.write) {
        problems.push(
          `${where}: ${module} writes ${use.table}, owned by ${owning} (call its service or a port)`,
        );
        continue;
      }
      const reason = READ_MODELS[module]?.[use.table];
      if (reason) {
        usedReads.add(`${module}:${use.table}`);
        continue;
      }
      problems.push(`${where}: ${module} reads ${use.table}, owned by ${owning}, not a listed read model`);
    }
  }
  for (const [module, reads] of Object.entries(READ_MODELS)) {
    for (const table of Object.keys(reads)) {
      if (!usedReads.has(`${module}:${table}`)) {
        problems.push(`read model ${module} -> ${table} is listed but no longer used: remove it`);
      }
    }
  }
  for (const file of Object.keys(DYNAMIC_TABLES)) {
    if (!usedDynamic.has(file))
      problems.push(`dynamic table entry ${file} is listed but no longer used: remove it`);
  }
  for (const [module, writes] of Object.entries(PENDING_WRITES)) {
    for (const table of Object.keys(writes)) {
      if (!pending.has(`${module}:${table}`)) {
        problems.push(`pending write ${module} -> ${table} is listed but no longer found: remove it`);
      }
    }
  }
  return { problems, tables: tables.size, pending: [...pending] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
  const { problems, tables, pending } = checkTableOwners(root);
  const unique = [...new Set(problems)];
  if (unique.length > 0) {
    for (const problem of unique) console.error(problem);
    console.error(`table owners: ${unique.length} problem(s) (scripts/table-owners.mjs says who owns what)`);
    process.exit(1);
  }
  console.log(
    `table owners: ${tables} tables, each named in SQL only by its owner and the listed read models`,
  );
  if (pending.length > 0)
    console.log(`  writes still to move to their owner (PENDING_WRITES): ${pending.join(', ')}`);
}
