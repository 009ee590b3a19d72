/**
 * Gateway-list benchmark (issue 12, point 5): one customer with 200 gateways and a long telemetry history
 * (5 M samples by default), against the same customer with a short one (50 k samples), each in a portal of
 * its own, both running in this process and measured turn about (so both see the same machine load and the
 * same warmed-up code). For each: the gateways list (`GET /api/gateway/get-gateways?scopeId=`, root session,
 * real HTTP) p50/p95 one call at a time, then rounds of 10 list calls at once, with `/api/health` probed
 * every 10 ms from another thread meanwhile (p50/p99/max, corrected for probes a stalled answer held back).
 * Goals: list p95 at 5 M within 1.5x of 50 k, health p99 under 100 ms, on both backends.
 *
 *   node --import tsx bench/gateway-lists.ts [--backend embedded|real] [--gateways 200] [--samples 5000000]
 *     [--baseline 50000] [--runs 30] [--concurrent 10] [--rounds 5]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { GatewaySummary } from '@portal/contract';
import { sql } from 'kysely';
import { fmt, machineLine, packageVersion, percentile, table } from './lib/conditions.ts';
import { BENCH_ROOT_PASSWORD, insertBenchCustomer, startBenchPortal } from './lib/in-process-portal.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'embedded' },
    gateways: { type: 'string', default: '200' },
    samples: { type: 'string', default: '5000000' },
    baseline: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '30' },
    concurrent: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
  },
});
const real = values.backend === 'real';
const gatewayCount = Math.min(5000, Math.max(1, Number(values.gateways)));
const sizes = [Number(values.baseline), Number(values.samples)].map((n) =>
  Math.min(20_000_000, Math.max(gatewayCount, n)),
);
const runs = Math.min(500, Math.max(1, Number(values.runs)));
const concurrent = Math.min(100, Math.max(1, Number(values.concurrent)));
const rounds = Math.min(50, Math.max(1, Number(values.rounds)));
const PROBE_MS = 10;
const WARM_UP = 10;
const CADENCE_MS = 5000;
/** Gateways per INSERT ... generate_series statement while loading. */
const LOAD_GATEWAYS = 10;

/**
 * `/api/health` every PROBE_MS from a thread of its own, so a stalled portal thread cannot hold the
 * stopwatch. One probe at a time; when an answer comes late, every probe due meanwhile counts as waiting
 * from its due time to that answer (what an open-loop client would have seen).
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  let due = performance.now();
  while (running) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    const now = performance.now();
    if (response.status !== 200) latencies.push(Number.POSITIVE_INFINITY);
    for (; due <= now; due += workerData.every) latencies.push(now - due);
  }
  parentPort.postMessage(latencies);
})();
`;

function startProber(url: string) {
  const worker = new Worker(PROBER, { eval: true, workerData: { url, every: PROBE_MS } });
  return async (): Promise<number[]> => {
    const result = new Promise<number[]>((resolve) => worker.once('message', resolve));
    worker.postMessage('stop');
    const latencies = await result;
    await worker.terminate();
    return latencies;
  };
}

interface Fleet {
  samples: number;
  loadSeconds: number;
  list(): Promise<number>;
  healthUrl: string;
  close(): Promise<void>;
}

interface SizeResult {
  samples: number;
  loadSeconds: number;
  sequential: number[];
  underLoad: number[];
  health: number[];
  healthIdle: number[];
}

/** A portal of its own with one customer, its gateways and `samples` stored samples, listening on HTTP. */
async function startFleet(samples: number): Promise<Fleet> {
  const { portal, rootTenantId, close } = await startBenchPortal(real, { MQTT_CONSUMERS: '1' });
  try {
    const { db } = portal.database;
    const loadStarted = performance.now();
    const scopeId = await insertBenchCustomer(portal, rootTenantId, 'Bench History', 'BENCHHIST');
    const macs = Array.from(
      { length: gatewayCount },
      (_, n) => `B9${n.toString(16).toUpperCase().padStart(10, '0')}`,
    );
    await db
      .insertInto('gateways')
      .values(
        macs.map((mac, n) => ({
          mac,
          name: `History Gateway ${String(n).padStart(4, '0')}`,
          tenant_id: scopeId,
          registered: true,
          connected: n % 4 !== 0,
          firmware: 'v2025-01-10',
          os_version: '6.1.2',
          updated_at: new Date(),
        })),
      )
      .execute();
    // The history, 5 s apart and ending now, written by the database itself (no ingest path, no rollups).
    const perGateway = Math.floor(samples / gatewayCount);
    const newest = Date.now();
    for (let offset = 0; offset < macs.length; offset += LOAD_GATEWAYS) {
      await sql`
        insert into telemetry (mac, ti, co2, temp, nh3, no2, co, rstc, tvoc, cp, mm)
        select m, ${newest}::bigint - g::bigint * ${CADENCE_MS}, 400 + random() * 600, 18 + random() * 8,
          random() * 20, random() * 20, 300 + random() * 50, 50000 + random() * 900, 200 + random() * 20,
          random() * 100, 300 + random() * 200
        from unnest(${macs.slice(offset, offset + LOAD_GATEWAYS)}::text[]) m,
          generate_series(0, ${perGateway - 1}::int) g`.execute(db);
    }
    // PostgreSQL's autovacuum would vacuum and analyze the bulk-loaded table (and, left to itself, do it
    // in the middle of the measurement); PGlite has no autovacuum, so it is left as a portal on the
    // embedded backend would have it.
    if (real) await sql`vacuum analyze telemetry`.execute(db);
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/login/twoFactorKey/bench`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@portal.local', password: BENCH_ROOT_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const list = async (): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${address}/api/gateway/get-gateways?scopeId=${scopeId}`, {
        headers: { cookie },
      });
      const body = (await response.json()) as GatewaySummary[];
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`get-gateways: ${response.status}`);
      if (body.length !== gatewayCount || body.some((g) => g.latest?.TI !== newest)) {
        throw new Error('get-gateways: a gateway is missing or its latest sample is not the newest');
      }
      return elapsed;
    };
    for (let i = 0; i < WARM_UP; i++) await list();
    return {
      samples: perGateway * gatewayCount,
      loadSeconds,
      list,
      healthUrl: `${address}/api/health`,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Both fleets measured turn about: one call each, then one round each, and so on. */
async function measure(fleets: Fleet[]): Promise<SizeResult[]> {
  const results: SizeResult[] = fleets.map((f) => ({
    samples: f.samples,
    loadSeconds: f.loadSeconds,
    sequential: [],
    underLoad: [],
    health: [],
    healthIdle: [],
  }));
  for (let i = 0; i < runs; i++) {
    for (const [n, fleet] of fleets.entries()) results[n]!.sequential.push(await fleet.list());
  }
  for (const [n, fleet] of fleets.entries()) {
    const stop = startProber(fleet.healthUrl);
    await pause(1000);
    results[n]!.healthIdle.push(...(await stop()));
  }
  for (let round = 0; round < rounds; round++) {
    for (const [n, fleet] of fleets.entries()) {
      const stop = startProber(fleet.healthUrl);
      await pause(200);
      results[n]!.underLoad.push(...(await Promise.all(Array.from({ length: concurrent }, fleet.list))));
      await pause(100);
      results[n]!.health.push(...(await stop()));
    }
  }
  return results;
}

const load = loadavg()[0]!.toFixed(2);
console.log(
  `gateway-lists benchmark — backend ${real ? `PostgreSQL (pg ${packageVersion('pg')})` : `PGlite ${packageVersion('@electric-sql/pglite')} (embedded)`}`,
);
console.log(`machine: ${machineLine()}, load average before the run ${load}`);
console.log(
  `conditions: 1 customer, ${gatewayCount} gateways, samples 5 s apart; two portals in this process, measured turn about; list: ${runs} calls one at a time after ${WARM_UP} warm-up calls, then ${rounds} rounds of ${concurrent} at once; /api/health every ${PROBE_MS} ms from another thread over HTTP during those rounds (and for 1 s idle before them)`,
);
const fleets: Fleet[] = [];
let results: SizeResult[];
try {
  for (const samples of sizes) {
    const fleet = await startFleet(samples);
    fleets.push(fleet);
    console.log(`${fmt.int(fleet.samples)} samples loaded in ${fleet.loadSeconds.toFixed(1)} s`);
  }
  results = await measure(fleets);
} finally {
  for (const fleet of fleets) await fleet.close();
}
const row = (r: SizeResult) => [
  `${fmt.int(r.samples)} samples`,
  fmt.ms(percentile(r.sequential, 50)),
  fmt.ms(percentile(r.sequential, 95)),
  fmt.ms(percentile(r.underLoad, 50)),
  fmt.ms(percentile(r.underLoad, 95)),
  fmt.ms(percentile(r.healthIdle, 99)),
  fmt.ms(percentile(r.health, 50)),
  fmt.ms(percentile(r.health, 99)),
  fmt.ms(Math.max(...r.health)),
  fmt.int(r.health.length),
];
console.log('');
console.log(
  table([
    [
      'history',
      'list p50',
      'list p95',
      `x${concurrent} p50`,
      `x${concurrent} p95`,
      'health idle p99',
      'health p50',
      'health p99',
      'health max',
      'probes',
    ],
    ...results.map(row),
  ]),
);
const [small, large] = results as [SizeResult, SizeResult];
const ratio = percentile(large.sequential, 95) / percentile(small.sequential, 95);
const healthP99 = percentile(large.health, 99);
console.log('');
console.log(
  `goal list p95 within 1.5x of the ${fmt.int(small.samples)}-sample case: ${fmt.ratio(ratio)}x — ${ratio <= 1.5 ? 'met' : 'NOT met'}`,
);
console.log(
  `goal health p99 under 100 ms while ${concurrent} lists run (${fmt.int(large.samples)} samples): ${fmt.ms(healthP99)} — ${healthP99 < 100 ? 'met' : 'NOT met'}`,
);
