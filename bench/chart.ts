/**
 * Chart benchmark: one gateway with 3 months of samples at a 5 s cadence (about 1.55 million rows), then
 * the sensor call for 1 hour, 1 week and 3 months (p50/p95 through HTTP inject), against aggregating the
 * raw rows into the same buckets.
 *
 *   node --import tsx bench/chart.ts [--backend embedded|real] [--days 91] [--runs 30]
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { METRIC_COLUMNS } from '../apps/server/src/db/metrics.ts';
import { planSeries } from '../apps/server/src/modules/telemetry/series-plan.ts';
import { TelemetryRepository } from '../apps/server/src/modules/telemetry/telemetry.repository.ts';
import { randomMac } from '../apps/server/test/harness.ts';
import { BENCH_ROOT_PASSWORD, startBenchPortal } from './lib/in-process-portal.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'embedded' },
    days: { type: 'string', default: '91' },
    runs: { type: 'string', default: '30' },
  },
});
const real = values.backend === 'real';
const days = Number(values.days);
const runs = Number(values.runs);
const CADENCE = 5000;
const HOUR = 3_600_000;

const { portal, rootTenantId, close } = await startBenchPortal(real, { MQTT_CONSUMERS: '1' });
const { db } = portal.database;
const mac = randomMac();
await portal.services.gateways.provision(rootTenantId, mac, 'Chart gateway');

// Generate the samples in the database itself: the benchmark is about reading them.
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
for (const [table, size] of [
  ['telemetry_1m', 60_000],
  ['telemetry_1h', HOUR],
] as const) {
  const columns = METRIC_COLUMNS.flatMap((m) => [`${m}_min`, `${m}_max`, `${m}_sum`, `${m}_n`]).join(', ');
  const aggregates = METRIC_COLUMNS.map(
    (m) => `min(${m}), max(${m}), coalesce(sum(${m}), 0), count(${m})`,
  ).join(', ');
  await sql
    .raw(`insert into ${table} (mac, bucket, ${columns})
      select mac, (ti / ${size}) * ${size}, ${aggregates} from telemetry where mac = '${mac}' group by 1, 2`)
    .execute(db);
}
const loadSeconds = (performance.now() - loadStarted) / 1000;

const login = await portal.app.inject({
  method: 'POST',
  url: '/api/login/twoFactorKey/bench',
  payload: { email: 'admin@portal.local', password: BENCH_ROOT_PASSWORD },
});
const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
const repo = new TelemetryRepository(db);

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number; result: unknown }> {
  let result: unknown;
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = await run();
    durations.push(performance.now() - t);
  }
  durations.sort((a, b) => a - b);
  const at = (p: number) => durations[Math.min(durations.length - 1, Math.floor(p * durations.length))]!;
  return { p50: at(0.5), p95: at(0.95), result };
}

console.log(
  `chart benchmark — backend ${real ? 'PostgreSQL' : 'PGlite (embedded)'}, ${new Date().toISOString().slice(0, 10)}`,
);
console.log(
  `conditions: 1 gateway, ${rows.toLocaleString('en')} samples (${days} days at ${CADENCE / 1000} s, 9 metrics each), loaded in ${loadSeconds.toFixed(0)} s; ${runs} runs per range; ${cpus().length} cores, node ${process.version}`,
);
for (const [label, range] of [
  ['1 hour', HOUR],
  ['1 week', 7 * 24 * HOUR],
  ['3 months', Math.min(days, 91.25) * 24 * HOUR],
] as const) {
  const from = end - range;
  const api = await time(async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: `/api/device/co2Data/macId/${mac}/fromTime/${from}/toTime/${end}`,
      headers: { cookie },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json();
  });
  const plan = planSeries(from, end);
  const rawAggregate = await time(() =>
    repo.series(mac, { source: 'telemetry', bucketMs: plan.bucketMs }, from, end, ['co2', 'temp']),
  );
  console.log(
    `${label.padEnd(8)} sensor call (${plan.source}): p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms, ${(api.result as unknown[]).length} points | aggregating raw rows: p50 ${rawAggregate.p50.toFixed(1)} ms, p95 ${rawAggregate.p95.toFixed(1)} ms | ratio (raw p95 / call p95) ${(rawAggregate.p95 / api.p95).toFixed(1)}x`,
  );
}

await close();
