/**
 * Gateways page benchmark: one customer with N gateways (10,000 by default, up to 100,000) and their recent
 * samples, then the page in Chromium on the embedded defaults: the time from navigation (a full page load of
 * the built SPA) to the first cards (grid) or rows (list), the bytes the list calls carried for that first
 * screen, a search (time and bytes), and the DOM node count while scrolling the grid from top to bottom (the
 * goals: at most 1,400 nodes, first cards within 1 s). Then the list call itself over HTTP: the first window,
 * the last one, a search, a filter, sorts, windows without counts with the counts asked once (as the page asks
 * them), and what the page used to download (the whole list); deep windows by offset and by cursor.
 *
 *   npm run build && node --import tsx bench/gateways-grid.ts [--gateways 10000] [--samples 50] [--runs 5]
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { decodeCursor } from '../apps/server/src/modules/gateways/gateway-cursor.ts';
import {
  GatewayListRepository,
  type GatewayOrder,
} from '../apps/server/src/modules/gateways/gateway-list.repository.ts';
import { fmt, machineLine, packageVersion, percentile } from './lib/conditions.ts';
import { CHROMIUM, launchChromium, pageFigures, printPageFigures, VIEWPORT } from './lib/gateways-page.ts';
import { BENCH_ROOT_PASSWORD, insertBenchCustomer, startBenchPortal } from './lib/in-process-portal.ts';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '10000' },
    samples: { type: 'string', default: '50' },
    runs: { type: 'string', default: '5' },
    /** Also time GET /api/gateway/get-gateways (the whole list the page used to load): slow at 100,000. */
    'whole-list': { type: 'string', default: 'yes' },
    /** 'no': the list call over HTTP only (a quick measure of the server at fleet scale). */
    browser: { type: 'string', default: 'yes' },
    /** 'no': no VACUUM of the gateways after loading (an empty visibility map; see below). */
    vacuum: { type: 'string', default: 'yes' },
  },
});
const gatewayCount = Math.min(100_000, Math.max(1, Number(values.gateways)));
const samplesPerGateway = Math.min(50, Math.max(0, Number(values.samples)));
const runs = Math.min(50, Math.max(1, Number(values.runs)));
const timeWholeList = values['whole-list'] !== 'no';
const withBrowser = values.browser !== 'no';
const vacuum = values.vacuum !== 'no';

const WEB_INDEX = new URL('../apps/web/dist/index.html', import.meta.url);
/** Gateways seeded per statement; samples are written for this many gateways at a time. */
const SEED_CHUNK = 10_000;
const DIGITS = String(gatewayCount - 1).length;

if (withBrowser && !existsSync(WEB_INDEX)) throw new Error('Build the web app first: npm run build');
if (withBrowser && !existsSync(CHROMIUM))
  throw new Error(`${CHROMIUM} is missing: node scripts/ensure-chromium.mjs`);

const load = loadavg()[0]!.toFixed(2);
const { portal, rootTenantId, close } = await startBenchPortal(false, { MQTT_CONSUMERS: '1' });
let browser: Browser | undefined;
try {
  const { db } = portal.database;
  const loadStarted = performance.now();
  const scopeId = await insertBenchCustomer(portal, rootTenantId, 'Bench Fleet', 'BENCH');
  const now = Date.now();
  // Gateways and samples are generated inside the database (INSERT ... SELECT generate_series), 10,000
  // gateways per statement: a mix of online, offline, unregistered, every network type, four firmware
  // versions; MACs B8000000000000 + n.
  for (let start = 0; start < gatewayCount; start += SEED_CHUNK) {
    const end = Math.min(gatewayCount, start + SEED_CHUNK) - 1;
    await sql`
      INSERT INTO gateways (mac, name, tenant_id, registered, connected, last_online_at, last_offline_at,
                            firmware, os_version, state, updated_at)
      SELECT 'B8' || upper(lpad(to_hex(n), 10, '0')),
             'Bench Gateway ' || lpad(n::text, ${DIGITS}, '0'),
             ${scopeId}::uuid,
             n % 10 <> 0,
             n % 4 <> 0,
             to_timestamp((${now}::bigint - (n % 5) * 86400000) / 1000.0),
             CASE WHEN n % 4 = 0 THEN to_timestamp((${now}::bigint - (n % 7) * 86400000) / 1000.0) END,
             (ARRAY['v2024-01-15', 'v2024-03-02', 'v2024-06-30', 'v2025-01-10'])[n % 4 + 1],
             (ARRAY['5.4.1', '5.10.0', '6.1.2'])[n % 3 + 1],
             jsonb_build_object('NW', n % 3, 'SS', n % 6, 'HS', n % 2, 'HSIPRC', 0, 'CMS', n % 2,
                                'LCTN', jsonb_build_object('LAT', 52, 'LNG', 4)),
             to_timestamp(${now}::bigint / 1000.0)
      FROM generate_series(${start}::int, ${end}::int) AS n`.execute(db);
    // The last samples of these gateways, 5 s apart, as the mini-charts read them.
    if (samplesPerGateway > 0) {
      await sql`
        INSERT INTO telemetry (mac, ti, co2, temp, nh3, no2, co, rstc, tvoc, cp, mm)
        SELECT 'B8' || upper(lpad(to_hex(n), 10, '0')), ${now}::bigint - (${samplesPerGateway} - s) * 5000,
               600 + 80 * sin(s / 5.0) + n % 50, 22 + sin(s / 5.0), 10 + sin(s / 5.0), 12 + sin(s / 5.0),
               300 + 20 * sin(s / 5.0), 50000 + 500 * sin(s / 5.0), 200 + 10 * sin(s / 5.0),
               30 + 10 * sin(s / 5.0), 400 + 20 * sin(s / 5.0)
        FROM generate_series(${start}::int, ${end}::int) AS n,
             generate_series(0, ${samplesPerGateway - 1}::int) AS s`.execute(db);
    }
  }
  // Each gateway's newest sample, as the sample writer keeps it.
  await sql`
    INSERT INTO telemetry_latest
    SELECT DISTINCT ON (mac) mac, ti, co2, temp, nh3, no2, co, rstc, tvoc, cp, mm
    FROM telemetry ORDER BY mac, ti DESC`.execute(db);
  // What autovacuum does on PostgreSQL and the portal's AnalyzeJob on PGlite: all-visible pages for the
  // list's index-only scans, and the planner's statistics.
  // '--vacuum no' leaves the visibility map empty, as a fleet whose rows keep changing (connects, disconnects)
  // finds it between two vacuums: an index-only scan then visits the table for every entry it passes.
  if (vacuum) await sql`VACUUM gateways`.execute(db);
  await sql`ANALYZE`.execute(db);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  if (withBrowser) browser = await launchChromium();
  const screens = browser ? await pageFigures(browser, address, scopeId, { gatewayCount, runs }) : undefined;
  const cookie = screens?.cookie ?? (await signInCookie(address));
  const api = await apiCalls(address, cookie, scopeId);
  const co2 = await co2SortSteps(scopeId);
  const deep = await deepWindows(address, cookie, scopeId);

  console.log(
    `gateways page benchmark — PGlite ${packageVersion('@electric-sql/pglite')} (embedded), Chromium headless, viewport ${VIEWPORT.width}x${VIEWPORT.height}`,
  );
  console.log(`machine: ${machineLine()}, load average before the run ${load}`);
  console.log(
    `conditions: 1 customer with ${gatewayCount.toLocaleString('en')} gateways, ${samplesPerGateway} samples each, loaded in ${loadSeconds.toFixed(1)} s${vacuum ? '' : ' (no VACUUM)'}; ${runs} full page loads per view (session kept), ${runs} searches`,
  );
  if (screens) printPageFigures(screens);
  console.log('list call over HTTP (root session, p50 / max of the runs, answer size):');
  for (const call of api) {
    console.log(
      `  ${call.label.padEnd(44)} ${fmt.ms(call.p50).padStart(8)} / ${fmt.ms(call.max).padStart(8)}  ${fmt.int(call.bytes).padStart(12)} B`,
    );
  }
  console.log(
    "CO2 sort, the window's MACs (the SQL alone, before and after taken in turn, p50 / max of the runs):",
  );
  for (const step of co2) {
    console.log(
      `  ${step.label.padEnd(34)} before ${fmt.ms(percentile(step.before, 50)).padStart(8)} / ${fmt.ms(Math.max(...step.before)).padStart(8)}   after ${fmt.ms(percentile(step.after, 50)).padStart(8)} / ${fmt.ms(Math.max(...step.after)).padStart(8)}   same MACs: ${step.same ? 'yes' : 'NO'}`,
    );
  }
  console.log(
    'deep windows (30, counts=false) over HTTP, by offset and by the cursor of the window before, taken in turn (p50 / max of the runs):',
  );
  for (const step of deep.steps) {
    console.log(
      `  ${step.label.padEnd(34)} HTTP: offset ${fmt.ms(percentile(step.byOffset, 50)).padStart(7)} / ${fmt.ms(Math.max(...step.byOffset)).padStart(7)}, cursor ${fmt.ms(percentile(step.byCursor, 50)).padStart(7)} / ${fmt.ms(Math.max(...step.byCursor)).padStart(7)}   window alone: offset ${fmt.ms(percentile(step.sqlOffset, 50)).padStart(7)} / ${fmt.ms(Math.max(...step.sqlOffset)).padStart(7)}, cursor ${fmt.ms(percentile(step.sqlCursor, 50)).padStart(7)} / ${fmt.ms(Math.max(...step.sqlCursor)).padStart(7)}   same rows: ${step.same ? 'yes' : 'NO'}`,
    );
  }
  console.log('plan of the seek (name order, the middle window):');
  for (const line of deep.plan) console.log(`  ${line}`);
} finally {
  await browser?.close();
  await close();
}

/**
 * The MACs step of a CO2-sorted window, before (one join and sort over the subtree: the code before
 * migrations/0032) and after (`GatewayListRepository.macs`, two parts read in index order), taken in turn so
 * both meet the same load; and whether both give the same MACs.
 */
async function co2SortSteps(scopeId: string) {
  const { db } = portal.database;
  const repo = new GatewayListRepository(db);
  const middle = Math.floor(gatewayCount / 2);
  const steps = [
    { label: 'first window (30), ascending', order: 'asc', offset: 0 },
    { label: 'first window (30), descending', order: 'desc', offset: 0 },
    { label: `middle window (offset ${fmt.int(middle)})`, order: 'asc', offset: middle },
  ] as const;
  const results = [];
  for (const step of steps) {
    const before: number[] = [];
    const after: number[] = [];
    let same = true;
    for (let run = 0; run < runs + 1; run++) {
      let started = performance.now();
      const old = await sql<{ mac: string }>`
        SELECT g.mac FROM gateways g LEFT JOIN telemetry_latest latest ON latest.mac = g.mac
        WHERE g.tenant_id IN (${scopeId}::uuid)
        ORDER BY (latest.co2) IS NULL, latest.co2 ${sql.raw(step.order)}, lower(g.name) ASC, g.mac ASC
        ${step.offset > 0 ? sql`OFFSET ${step.offset}` : sql``} LIMIT 30`.execute(db);
      const oldMs = performance.now() - started;
      started = performance.now();
      const now = await repo.macs(
        { tenantIds: [scopeId] },
        { sort: 'co2', order: step.order },
        30,
        step.offset,
      );
      const newMs = performance.now() - started;
      same &&= JSON.stringify(old.rows.map((row) => row.mac)) === JSON.stringify(now);
      // The first run warms both; it is not counted.
      if (run > 0) {
        before.push(oldMs);
        after.push(newMs);
      }
    }
    results.push({ label: step.label, before, after, same });
  }
  return results;
}

/**
 * A deep window asked by offset (the index walked up to it) and by the cursor of the window before it (a
 * keyset seek; gateway-cursor.ts), in the orders that give cursors, taken in turn so both meet the same load;
 * and whether both give the same rows at the same offset. Then the plan of the name seek.
 */
async function deepWindows(address: string, cookie: string, scopeId: string) {
  const middle = Math.floor(gatewayCount / 2 / 30) * 30;
  const last = Math.max(30, Math.floor((gatewayCount - 30) / 30) * 30);
  const steps = [
    { label: `by name, offset ${fmt.int(middle)}`, query: 'sort=name&order=asc', offset: middle },
    { label: `by name, desc, offset ${fmt.int(middle)}`, query: 'sort=name&order=desc', offset: middle },
    { label: `by name, last window (${fmt.int(last)})`, query: 'sort=name&order=asc', offset: last },
    { label: `by MAC, offset ${fmt.int(middle)}`, query: 'sort=macId&order=asc', offset: middle },
  ];
  const ask = async (query: string) => {
    const started = performance.now();
    const response = await fetch(
      `${address}/api/gateway/get-gateways-page?scopeId=${scopeId}&limit=30&counts=false&${query}`,
      { headers: { cookie } },
    );
    const body = (await response.json()) as { gateways: { macId: string }[]; offset: number; next?: string };
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
    return {
      ms: performance.now() - started,
      rows: `${body.offset}:${body.gateways.map((g) => g.macId)}`,
      body,
    };
  };
  const repo = new GatewayListRepository(portal.database.db);
  const results = [];
  for (const step of steps) {
    // The window before, as the page holds it when it scrolls on: its cursor asks the deep one.
    const before = await ask(`${step.query}&offset=${step.offset - 30}`);
    const after = before.body.next;
    if (!after) throw new Error(`${step.label}: no cursor`);
    const byOffset: number[] = [];
    const byCursor: number[] = [];
    const sqlOffset: number[] = [];
    const sqlCursor: number[] = [];
    let same = true;
    const order = Object.fromEntries(new URLSearchParams(step.query)) as unknown as GatewayOrder;
    const cursor = decodeCursor(after, order.sort, order.order);
    for (let run = 0; run < runs + 1; run++) {
      const offsetCall = await ask(`${step.query}&offset=${step.offset}`);
      const cursorCall = await ask(`${step.query}&after=${encodeURIComponent(after)}`);
      same &&= offsetCall.rows === cursorCall.rows && offsetCall.body.gateways.length === 30;
      // The repository's window alone (its MACs, then those rows), without HTTP and the latest samples.
      let started = performance.now();
      const offsetRows = await repo.window({ tenantIds: [scopeId] }, order, step.offset, 30);
      const offsetMs = performance.now() - started;
      started = performance.now();
      const cursorRows = await repo.window({ tenantIds: [scopeId] }, order, 0, 30, cursor);
      const cursorMs = performance.now() - started;
      same &&=
        offsetRows.gateways.map((g) => g.mac).join() === cursorRows.gateways.map((g) => g.mac).join() &&
        offsetRows.offset === cursorRows.offset;
      // The first run warms both; it is not counted.
      if (run > 0) {
        byOffset.push(offsetCall.ms);
        byCursor.push(cursorCall.ms);
        sqlOffset.push(offsetMs);
        sqlCursor.push(cursorMs);
      }
    }
    results.push({ label: step.label, byOffset, byCursor, sqlOffset, sqlCursor, same });
  }
  const { db } = portal.database;
  const boundary = await sql<{ key: string; mac: string }>`
    SELECT lower(name) AS key, mac FROM gateways WHERE tenant_id = ${scopeId}::uuid
    ORDER BY lower(name), mac OFFSET ${middle - 1} LIMIT 1`.execute(db);
  const row = boundary.rows[0];
  const plan = row
    ? await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN SELECT g.mac, lower(g.name) FROM gateways g
        WHERE (g.tenant_id IN (${scopeId}::uuid)) AND (lower(g.name), g.mac) > (${row.key}::text, ${row.mac}::text)
        ORDER BY lower(g.name) ASC, g.mac ASC LIMIT 30`.execute(db)
    : { rows: [] };
  return { steps: results, plan: plan.rows.map((line) => line['QUERY PLAN']) };
}

/** Root's session cookie, signed in over HTTP. */
async function signInCookie(address: string): Promise<string> {
  const response = await fetch(`${address}/api/login/twoFactorKey/test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@portal.local', password: BENCH_ROOT_PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

/** The list call through HTTP: windows, a search, a filter, sorts; and the whole list the page used to load. */
async function apiCalls(address: string, cookie: string, scopeId: string) {
  const window = (query: string) => `/api/gateway/get-gateways-page?scopeId=${scopeId}&limit=30&${query}`;
  const last = Math.max(0, gatewayCount - 30);
  const calls: { label: string; path: string; runs: number }[] = [
    { label: 'first window (30, by name)', path: window('offset=0'), runs },
    { label: `last window (offset ${fmt.int(last)})`, path: window(`offset=${last}`), runs },
    { label: 'middle window', path: window(`offset=${Math.floor(gatewayCount / 2)}`), runs },
    // What the page asks since the counts are kept per selection: windows without them, the counts once.
    { label: 'first window, counts=false', path: window('offset=0&counts=false'), runs },
    {
      label: 'middle window, counts=false',
      path: window(`offset=${Math.floor(gatewayCount / 2)}&counts=false`),
      runs,
    },
    {
      label: 'counts once (limit 1, counts=true)',
      path: window('offset=0&limit=1').replace('limit=30&', ''),
      runs,
    },
    { label: "search 'gateway 0123' (whole name part)", path: window('search=gateway%200123'), runs },
    { label: "search 'fw 2024-06' (a quarter match)", path: window('search=fw%202024-06'), runs },
    { label: 'offline, registered', path: window('status=offline&enrollment=registered'), runs },
    { label: 'sort by firmware, desc', path: window('sort=firmware&order=desc'), runs },
    { label: 'sort by CO2 (latest sample of each)', path: window('sort=co2'), runs: Math.min(runs, 3) },
    { label: 'sort by CO2, desc', path: window('sort=co2&order=desc'), runs: Math.min(runs, 3) },
    {
      label: 'sort by CO2, middle window, counts=false',
      path: window(`sort=co2&offset=${Math.floor(gatewayCount / 2)}&counts=false`),
      runs: Math.min(runs, 3),
    },
    ...(timeWholeList
      ? [
          {
            label: 'before: whole list (get-gateways)',
            path: `/api/gateway/get-gateways?scopeId=${scopeId}`,
            runs: 1,
          },
        ]
      : []),
  ];
  const results: { label: string; p50: number; max: number; bytes: number }[] = [];
  for (const call of calls) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < call.runs + 1; run++) {
      const started = performance.now();
      const response = await fetch(`${address}${call.path}`, { headers: { cookie } });
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${call.path}: ${response.status}`);
      if (run > 0 || call.runs === 1) times.push(performance.now() - started);
      bytes = body.byteLength;
      if (call.runs === 1) break;
    }
    results.push({ label: call.label, p50: percentile(times, 50), max: Math.max(...times), bytes });
  }
  return results;
}
