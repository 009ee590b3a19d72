/**
 * Migration 0042 on a big telemetry table (issue 33, docs/telemetry-partitions.md): loads `--samples` raw
 * samples (1,000 gateways over 90 days, every metric set) into a database at the state before the migration,
 * then runs the migration as the portal's start does (one transaction) and prints its time, each of its
 * statements, how long the exclusive lock on the table was held (from the RENAME to the commit) and, on
 * PostgreSQL, the longest wait of a writer inserting a sample every 20 ms on another connection meanwhile (an
 * instance of the previous version during a rolling update). Then checks that every sample is still there
 * (count and a digest of all keys).
 *
 *   node --import tsx bench/telemetry-partition-migration.ts [--backend real|embedded] [--samples 10000000]
 *
 * Defaults: 10 M samples on PostgreSQL; 1 M on PGlite, where loading 10 M takes about 2 minutes
 * (`--samples 10000000`, measured too: bench/README.md "Telemetry partitions").
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabaseAt } from '../apps/server/test/database-at.ts';
import { fmt, machineLine, table } from './lib/conditions.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'real' },
    samples: { type: 'string' },
    gateways: { type: 'string', default: '1000' },
  },
});
const real = values.backend !== 'embedded';
const samples = Number(values.samples ?? (real ? 10_000_000 : 1_000_000));
const gateways = Number(values.gateways);
const DAY = 86_400_000;
const HISTORY_DAYS = 90;
const CHUNK = 1_000_000;

const statements: { sql: string; ms: number; endedAt: number }[] = [];
let recording = false;
const database = await openDatabaseAt(real, '0041', {
  log: (event) => {
    if (recording && event.level === 'query')
      statements.push({ sql: event.query.sql, ms: event.queryDurationMillis, endedAt: performance.now() });
  },
});
try {
  const { db } = database;
  const now = Date.now();
  const perGateway = Math.ceil(samples / gateways);
  const step = Math.floor((HISTORY_DAYS * DAY) / perGateway);
  console.log(
    `migration 0042 (${real ? 'PostgreSQL' : 'PGlite'}): ${fmt.int(samples)} samples, ${gateways} gateways, one every ${fmt.int(step / 1000)} s over ${HISTORY_DAYS} days`,
  );
  console.log(machineLine());

  // Loaded without the key, then the key built once (as fast as COPY, and the same table in the end).
  let started = performance.now();
  await sql`alter table telemetry drop constraint telemetry_pkey`.execute(db);
  for (let first = 0; first < samples; first += CHUNK) {
    const last = Math.min(samples, first + CHUNK) - 1;
    await sql`
      insert into telemetry (mac, ti, co2, temp, nh3, no2, co, rstc, tvoc, cp, mm)
      select 'GW' || lpad((n % ${gateways})::text, 6, '0'),
             ${now}::bigint - ${HISTORY_DAYS * DAY}::bigint + (n / ${gateways})::bigint * ${step}::bigint,
             400 + n % 600, 20 + n % 10, n % 7, n % 5, n % 3, n % 11, n % 13, n % 17, n % 19
      from generate_series(${first}::bigint, ${last}::bigint) n`.execute(db);
  }
  await sql`alter table telemetry add primary key (mac, ti)`.execute(db);
  if (real) await sql`vacuum analyze telemetry`.execute(db);
  else await sql`analyze telemetry`.execute(db);
  const load = performance.now() - started;
  const { rows: size } = await sql<{ bytes: number }>`
    select pg_total_relation_size('telemetry')::bigint as bytes`.execute(db);
  const fingerprint = async () => {
    const { rows } = await sql<{ n: number; digest: string }>`
      select count(*)::bigint as n, sum(hashtextextended(mac || ':' || ti, 0))::text as digest
      from telemetry`.execute(db);
    return rows[0]!;
  };
  const before = await fingerprint();
  console.log(`loaded in ${fmt.int(load / 1000)} s, ${fmt.mib(Number(size[0]!.bytes))} with the key`);

  // A writer of the previous version on its own connection, one sample every 20 ms, timed.
  const waits: number[] = [];
  let writing = real;
  const writer = real
    ? (async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        for (let i = 0; writing; i++) {
          const t = performance.now();
          await client.query(
            'insert into telemetry (mac, ti, co2) values ($1, $2, 1) on conflict do nothing',
            ['WRITER', now + i],
          );
          waits.push(performance.now() - t);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.end();
      })()
    : Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 200));

  recording = true;
  started = performance.now();
  await database.migrateToLatest();
  const migrated = performance.now();
  recording = false;
  await new Promise((resolve) => setTimeout(resolve, 200));
  writing = false;
  await writer;

  const ours = statements.filter((s) => /telemetry/i.test(s.sql) && !/kysely_migration/.test(s.sql));
  const rename = ours.find((s) => /rename to telemetry_legacy/i.test(s.sql));
  const lockedFrom = rename ? rename.endedAt - rename.ms : started;
  console.log(
    table([
      ['statement of migration 0042', 'time'],
      ...ours.map((s) => [s.sql.replace(/\s+/g, ' ').trim().slice(0, 90), fmt.ms(s.ms)]),
    ]),
  );
  const written = waits.length;
  const after = await fingerprint();
  const { rows: writes } = await sql<{ n: number }>`
    select count(*)::int as n from telemetry where mac = 'WRITER'`.execute(db);
  const kept = Number(after.n) - writes[0]!.n === Number(before.n);
  const { rows: digest } = await sql<{ digest: string }>`
    select sum(hashtextextended(mac || ':' || ti, 0))::text as digest from telemetry where mac <> 'WRITER'`.execute(
    db,
  );
  console.log(
    table([
      ['figure', 'value'],
      ['migration, whole (migrateToLatest)', fmt.ms(migrated - started)],
      ['exclusive lock on telemetry (RENAME to commit)', fmt.ms(migrated - lockedFrom)],
      ...(real
        ? [
            ['writer: inserts during the run', fmt.int(written)],
            ['writer: longest insert (its wait for the lock)', fmt.ms(Math.max(...waits))],
          ]
        : []),
      ['samples before / after', `${fmt.int(Number(before.n))} / ${fmt.int(Number(after.n) - writes[0]!.n)}`],
      ['every sample kept (count and digest of keys)', String(kept && digest[0]!.digest === before.digest)],
    ]),
  );
} finally {
  await database.close();
}
