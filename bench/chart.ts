/**
 * Chart and list calls against the SQL they run (issue 20, point 6). One customer with a gateway holding
 * 3 months of samples at a 5 s cadence (about 1.57 million rows), 100 gateways and 50 users; its
 * administrator signed in. For each call: (a) the call through HTTP inject with the session cookie (access
 * check, session, reach, lookups, query, serialisation) and (b) exactly the statements of the call's query,
 * recorded from that call and replayed bare (same text, same parameters) through the portal's own pool, in
 * alternation with (a) so both see the same load. Prints p50/p95 of both and the ratio of the p95s (the
 * goal is at most 1.5), and the same for every statement of the call replayed bare (session, reach and scope
 * checks included): what is left above that is the call's own time in Node (routing, validation,
 * serialisation) and its waits between statements, printed as "Node p50" (call p50 minus all-SQL p50).
 *
 *   node --import tsx bench/chart.ts [--backend embedded|real] [--days 91] [--runs 40] [--statements]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_PERMISSIONS, PERMISSIONS } from '@portal/contract';
import { sql } from 'kysely';
import { METRIC_COLUMNS } from '../apps/server/src/db/metrics.ts';
import { createUsersModule } from '../apps/server/src/modules/users/index.ts';
import { createCustomerWithUser, randomMac, signIn } from '../apps/server/test/harness.ts';
import { fmt, machineLine, packageVersion, percentile, table } from './lib/conditions.ts';
import { startBenchPortal } from './lib/in-process-portal.ts';
import { recordStatements, replay, type Statement, summary } from './lib/statements.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'embedded' },
    days: { type: 'string', default: '91' },
    runs: { type: 'string', default: '40' },
    statements: { type: 'boolean', default: false },
  },
});
const real = values.backend === 'real';
const days = Math.max(1, Number(values.days));
const runs = Math.max(5, Number(values.runs));
const WARM_UP = 5;
const GATEWAYS = 100;
const USERS = 50;
const CADENCE = 5000;
const HOUR = 3_600_000;
const GOAL = 1.5;

const load = loadavg()[0]!.toFixed(2);
const { portal, close } = await startBenchPortal(real, { MQTT_CONSUMERS: '1' });
try {
  const { db } = portal.database;
  const { tenant, email, password } = await createCustomerWithUser(portal, 'Chart', {
    permissions: [...PERMISSIONS],
  });
  const mac = randomMac();
  await portal.services.gateways.provision(tenant.id, mac, 'Chart gateway');
  for (let i = 1; i < GATEWAYS; i++) {
    await portal.services.gateways.provision(tenant.id, randomMac(), `Gateway ${String(i).padStart(3, '0')}`);
  }
  const users = createUsersModule({ db }).users;
  for (let i = 0; i < USERS; i++) {
    await users.insertUser({
      tenant_id: tenant.id,
      email: `colleague${i}@chart.bench`,
      first_name: `Colleague${i}`,
      last_name: 'Bench',
      password_hash: 'not-a-hash',
      permissions: [...DEFAULT_PERMISSIONS],
    });
  }

  // The samples are generated in the database itself: the benchmark is about reading them.
  const rows = Math.floor((days * 24 * HOUR) / CADENCE);
  const end = Math.floor(Date.now() / HOUR) * HOUR;
  const start = end - rows * CADENCE;
  const loadStarted = performance.now();
  const CHUNK = 200_000;
  for (let offset = 0; offset < rows; offset += CHUNK) {
    const count = Math.min(CHUNK, rows - offset);
    await sql`
      insert into telemetry (mac, ti, co2, temp, nh3, no2, co, rstc, tvoc, cp, mm)
      select ${mac}, ${start}::bigint + (g * ${CADENCE}::bigint),
        600 + 200 * sin(g / 17280.0 * 6.283) + random() * 30 + case when g % 50000 = 7 then 2000 else 0 end,
        21 + 3 * sin(g / 17280.0 * 6.283), random() * 10, random() * 30, random() * 500,
        60000 + random() * 20000, 100 + random() * 200, 5 + random() * 40, 300 + random() * 500
      from generate_series(${offset}::bigint, ${offset + count - 1}::bigint) as g`.execute(db);
  }
  for (const [target, size] of [
    ['telemetry_1m', 60_000],
    ['telemetry_1h', HOUR],
  ] as const) {
    const columns = METRIC_COLUMNS.flatMap((m) => [`${m}_min`, `${m}_max`, `${m}_sum`, `${m}_n`]).join(', ');
    const aggregates = METRIC_COLUMNS.map(
      (m) => `min(${m}), max(${m}), coalesce(sum(${m}), 0), count(${m})`,
    ).join(', ');
    await sql
      .raw(`insert into ${target} (mac, bucket, ${columns})
        select mac, (ti / ${size}) * ${size}, ${aggregates} from telemetry where mac = '${mac}' group by 1, 2`)
      .execute(db);
  }
  await sql`insert into telemetry_latest select * from telemetry where mac = ${mac} and ti = ${end - CADENCE}
    on conflict (mac) do nothing`.execute(db);
  await sql`analyze`.execute(db);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  // The customer's administrator: reach and scope checks apply to every call (root skips some).
  const cookie = await signIn(portal, email, password);
  const range = (label: string, ms: number) => {
    const from = end - ms;
    return {
      label: `sensor ${label}`,
      url: `/api/device/co2Data/macId/${mac}/fromTime/${from}/toTime/${end}`,
      isQuery: (s: Statement) => /from "?telemetry/.test(s.sql),
    };
  };
  const calls = [
    range('1 hour', HOUR),
    range('1 week', 7 * 24 * HOUR),
    range('3 months', Math.min(days, 91.25) * 24 * HOUR),
    {
      label: 'gateways, first window',
      url: `/api/gateway/get-gateways-page?scopeId=${tenant.id}&offset=0&limit=50`,
      isQuery: (s: Statement) => /from "?(gateways|telemetry_latest)\b/i.test(s.sql),
    },
    {
      label: 'users, first page',
      url: `/api/getPortalUsers/portalUsers?scopeId=${tenant.id}`,
      isQuery: (s: Statement) => /from "users" where "users"\."tenant_id" = \$1/.test(s.sql),
    },
    {
      label: 'sensor alerts',
      url: `/api/sensor-alerts/all?scopeId=${tenant.id}`,
      isQuery: (s: Statement) => /alert/.test(s.sql),
    },
  ];

  const call = async (url: string) => {
    const response = await portal.app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };

  console.log(
    `chart and list calls against their SQL — backend ${real ? `PostgreSQL (pg ${packageVersion('pg')})` : `PGlite ${packageVersion('@electric-sql/pglite')} (embedded)`}`,
  );
  console.log(`machine: ${machineLine()}; load average at start ${load}`);
  console.log(
    `conditions: 1 customer, ${GATEWAYS} gateways, ${USERS + 1} users; ${rows.toLocaleString('en')} samples on one gateway (${days} days at ${CADENCE / 1000} s, 9 metrics), loaded in ${loadSeconds.toFixed(0)} s; ${runs} runs per call after ${WARM_UP} warm-up, call and bare SQL alternating; signed in as the customer's administrator`,
  );

  const report = [
    [
      'call',
      'statements (query)',
      'call p50 / p95',
      'query SQL bare p50 / p95',
      'ratio p95',
      'all its SQL bare p50 / p95',
      'Node p50',
      'bytes',
    ],
  ];
  for (const c of calls) {
    let bytes = 0;
    // Recorded once warm, as the call runs in use: its session from the instance's cache (read again from
    // the database at most every 30 s per session, docs/decisions.md "Sessions").
    await call(c.url);
    const all = await recordStatements(async () => {
      bytes = (await call(c.url)).rawPayload.length;
    });
    const query = all.filter(c.isQuery);
    if (query.length === 0) throw new Error(`${c.label}: no query statement recognised`);
    if (values.statements) {
      console.log(`\n${c.label}: ${all.length} statements`);
      for (const s of all) console.log(`  ${c.isQuery(s) ? 'Q' : '-'} ${summary(s)}`);
    }
    const callMs: number[] = [];
    const bareMs: number[] = [];
    const allMs: number[] = [];
    for (let i = 0; i < WARM_UP + runs; i++) {
      let t = performance.now();
      await call(c.url);
      const a = performance.now() - t;
      t = performance.now();
      await replay(db, query);
      const b = performance.now() - t;
      t = performance.now();
      // Every statement of the call, the session's idle-clock write (at most every 30 s) left out.
      await replay(
        db,
        all.filter((s) => !/^update "sessions"/.test(s.sql)),
      );
      const d = performance.now() - t;
      if (i >= WARM_UP) {
        callMs.push(a);
        bareMs.push(b);
        allMs.push(d);
      }
    }
    const ratio = percentile(callMs, 95) / percentile(bareMs, 95);
    report.push([
      c.label,
      `${all.length} (${query.length})`,
      `${fmt.ms(percentile(callMs, 50))} / ${fmt.ms(percentile(callMs, 95))}`,
      `${fmt.ms(percentile(bareMs, 50))} / ${fmt.ms(percentile(bareMs, 95))}`,
      `${ratio.toFixed(2)}${ratio <= GOAL ? '' : ' (over 1.5)'}`,
      `${fmt.ms(percentile(allMs, 50))} / ${fmt.ms(percentile(allMs, 95))}`,
      fmt.ms(Math.max(0, percentile(callMs, 50) - percentile(allMs, 50))),
      fmt.int(bytes),
    ]);
  }
  console.log(`\n${table(report)}`);
  const { cached, database } = portal.services.auth.cache.lookups;
  console.log(
    `sessions resolved: ${fmt.int(cached)} from the instance's cache, ${fmt.int(database)} from the database`,
  );
  console.log(`load average at end ${loadavg()[0]!.toFixed(2)}`);
} finally {
  await close();
}
