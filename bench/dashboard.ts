/**
 * Dashboards benchmark (issue 18 item 3, docs/dashboards.md): one customer with 100,000 located gateways under
 * the root tenant, then
 *  - the aggregate calls (summary, map views at three zooms, a page of rows, freeTierDetails) p50/p95 through
 *    HTTP inject with a root session, cold (first call after a change) and warm (fingerprint unchanged), and
 *    the map's payload per view; then the world view right after one gateway's place changed (the only change
 *    that builds the map's index again);
 *  - with Chromium (`npm run build` first): the Global Dashboard's first complete render (pies, columns and the
 *    map's first clusters drawn), from navigation, and what the last render fetched (the page's resource timing:
 *    scripts and calls, started - ended, from navigation).
 *
 *   node --import tsx bench/dashboard.ts [--backend embedded|real] [--gateways 100000] [--runs 20]
 *     [--browser yes|no] [--renders 7] [--calls yes|no]
 * `--calls no` skips the calls' figures (the browser's only, to study the render).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type Browser, chromium } from 'playwright-core';
import { fmt, machineLine, packageVersion, percentile } from './lib/conditions.ts';
import { BENCH_ROOT_PASSWORD, insertBenchCustomer, startBenchPortal } from './lib/in-process-portal.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'embedded' },
    gateways: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    browser: { type: 'string', default: 'yes' },
    renders: { type: 'string', default: '7' },
    calls: { type: 'string', default: 'yes' },
  },
});
const real = values.backend === 'real';
const count = Math.min(200_000, Math.max(100, Number(values.gateways)));
const runs = Math.min(500, Math.max(3, Number(values.runs)));
const withBrowser = values.browser !== 'no';
const renderCount = Math.min(50, Math.max(1, Number(values.renders)));
const withCalls = values.calls !== 'no';
const CHROMIUM = '/usr/bin/chromium';
const CHUNK = 10_000;

const load = loadavg()[0]!.toFixed(2);
const { portal, rootTenantId, close } = await startBenchPortal(real, { MQTT_CONSUMERS: '1' });
let browser: Browser | undefined;
try {
  const { db } = portal.database;
  const loadStarted = performance.now();
  const scopeId = await insertBenchCustomer(portal, rootTenantId, 'Dashboard Fleet', 'DASHBENCH');
  // Gateways around 40 cities (Gaussian-ish spread of about 0.5°), 75 % online, 90 % registered, 4 firmware
  // and 3 OS versions; the location is what the device reports (state LCTN). Last changed between one and two
  // hours ago, spread (about 30 a second): a change the bench makes is read with the few gateways changed in the
  // 5 s before (changeOverlapMs), not with every row loaded in the same seconds.
  for (let start = 0; start < count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK) - 1;
    await sql`
      INSERT INTO gateways (mac, name, tenant_id, registered, connected, firmware, os_version, state, updated_at)
      SELECT 'DB' || upper(lpad(to_hex(n), 10, '0')), 'Dash Gateway ' || lpad(n::text, 6, '0'), ${scopeId}::uuid,
             n % 10 <> 0, n % 4 <> 0,
             (ARRAY['v2024-01-15', 'v2024-03-02', 'v2024-06-30', 'v2025-01-10'])[n % 4 + 1],
             (ARRAY['5.4.1', '5.10.0', '6.1.2'])[n % 3 + 1],
             jsonb_build_object('LCTN', jsonb_build_object(
               'LAT', round(((-40 + (n % 40) * 2.2) + (random() + random() - 1) * 0.5)::numeric, 5),
               'LNG', round(((-120 + (n % 40) * 6.1) + (random() + random() - 1) * 0.5)::numeric, 5))),
             now() - interval '1 hour' - n * interval '36 milliseconds'
      FROM generate_series(${start}::int, ${end}::int) AS n`.execute(db);
  }
  await sql`ANALYZE gateways`.execute(db);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const login = await portal.app.inject({
    method: 'POST',
    url: '/api/login/twoFactorKey/bench',
    payload: { email: 'admin@portal.local', password: BENCH_ROOT_PASSWORD },
  });
  const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  const get = async (url: string) => {
    const started = performance.now();
    const response = await portal.app.inject({ method: 'GET', url, headers: { cookie } });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return { elapsed, bytes: response.rawPayload.length, body: response.body };
  };
  /** Moves one gateway (a status change): the next call finds the fingerprint changed and recomputes. */
  let flip = 0;
  const touch = () =>
    sql`UPDATE gateways SET connected = NOT connected, updated_at = now() + ${`${++flip} milliseconds`}::interval
        WHERE mac = 'DB0000000001'`.execute(db);

  const q = (path: string, query: Record<string, string | number>) =>
    `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const calls: [label: string, url: string][] = [
    ['summary (every figure)', q('/api/dashboards/summary', { scopeId })],
    [
      'map, world (zoom 2)',
      q('/api/dashboards/map', { scopeId, zoom: 2, west: -180, south: -85, east: 180, north: 85 }),
    ],
    [
      'map, region (zoom 6)',
      q('/api/dashboards/map', { scopeId, zoom: 6, west: -10, south: 30, east: 20, north: 45 }),
    ],
    [
      'map, city (zoom 12)',
      q('/api/dashboards/map', { scopeId, zoom: 12, west: -0.3, south: 3.7, east: 0.3, north: 4.1 }),
    ],
    ['rows, page 0 of 25', q('/api/iot-service/reachable/all/page', { scopeId, page: 0, size: 25 })],
    ['rows, page 2000 of 25', q('/api/iot-service/reachable/all/page', { scopeId, page: 2000, size: 25 })],
    ['freeTierDetails', '/freeTierDetails'],
  ];

  console.log(
    `dashboards benchmark — backend ${real ? `PostgreSQL + Mosquitto (pg ${packageVersion('pg')})` : `PGlite ${packageVersion('@electric-sql/pglite')} (embedded)`}, supercluster ${packageVersion('supercluster')}`,
  );
  console.log(`machine: ${machineLine()}, load average before the run ${load}`);
  console.log(
    `conditions: ${count.toLocaleString('en')} located gateways in one customer, loaded in ${loadSeconds.toFixed(1)} s; ${runs} runs per call after 2 warm-up runs, HTTP inject with a root session`,
  );
  for (const [label, url] of withCalls ? calls : []) {
    const warm: number[] = [];
    const cold: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs + 2; i++) {
      const answer = await get(url);
      bytes = answer.bytes;
      if (i >= 2) warm.push(answer.elapsed);
    }
    // Cold: a gateway changed since the last call, so the figures or the cluster index are built again.
    const coldRuns = Math.min(runs, 8);
    for (let i = 0; i < coldRuns; i++) {
      await touch();
      cold.push((await get(url)).elapsed);
    }
    console.log(
      `${label.padEnd(26)} warm p50 ${fmt.ms(percentile(warm, 50)).padStart(7)} p95 ${fmt.ms(percentile(warm, 95)).padStart(7)}   after a change p50 ${fmt.ms(percentile(cold, 50)).padStart(7)} p95 ${fmt.ms(percentile(cold, 95)).padStart(7)}   ${fmt.int(bytes / 1024)} KiB`,
    );
  }

  // A gateway moving (its reported place changes): the call right after it is answered from the index in use
  // (the new one is built rebuildDelayMs later, off the request path); then how long until the gateway shows at
  // its new place (a zoom-17 view around it, polled every 20 ms).
  const worldView = calls[1]![1];
  const moved: number[] = [];
  const shownAfter: number[] = [];
  const { rows: placed } = await sql<{ lng: number }>`
    SELECT (state->'LCTN'->>'LNG')::float8 AS lng FROM gateways WHERE mac = 'DB0000000002'`.execute(db);
  const lng = Number(placed[0]?.lng ?? 0);
  for (let i = 0; i < (withCalls ? Math.min(runs, 8) : 0); i++) {
    const lat = 10 + i * 0.01;
    await sql`UPDATE gateways SET state = jsonb_set(state, '{LCTN,LAT}', to_jsonb(${lat}::float8)),
                updated_at = now() + ${`${++flip} milliseconds`}::interval
              WHERE mac = 'DB0000000002'`.execute(db);
    const movedAt = performance.now();
    moved.push((await get(worldView)).elapsed);
    const around = `/api/dashboards/map?scopeId=${scopeId}&zoom=17&west=${lng - 0.001}&east=${lng + 0.001}&south=${lat - 0.001}&north=${lat + 0.001}`;
    for (;;) {
      const response = await portal.app.inject({ method: 'GET', url: around, headers: { cookie } });
      if (response.body.includes('DB0000000002')) break;
      if (performance.now() - movedAt > 30_000) throw new Error('the moved gateway did not show in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    shownAfter.push(performance.now() - movedAt);
  }
  if (withCalls) {
    console.log(
      `${'map, world, after a move'.padEnd(26)} p50 ${fmt.ms(percentile(moved, 50)).padStart(7)} p95 ${fmt.ms(percentile(moved, 95)).padStart(7)} (one gateway's place changed before each call)`,
    );
    console.log(
      `${'move shown on the map'.padEnd(26)} p50 ${fmt.ms(percentile(shownAfter, 50)).padStart(7)} max ${fmt.ms(Math.max(...shownAfter)).padStart(7)} (from the change to the gateway at its new place), load ${loadavg()[0]!.toFixed(2)}`,
    );
  }

  if (withBrowser) {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: node scripts/ensure-chromium.mjs`);
    const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const context = await browser.newContext({ baseURL: address, viewport: { width: 1280, height: 800 } });
    // The same moments as the page itself saw them (not when the bench's waits, whose messages go through this
    // process's event loop that the portal shares, came back): checked on each change of the page.
    await context.addInitScript(`(() => {
      const seen = {};
      window.__dashboardSeen = seen;
      const check = () => {
        if (seen.figures === undefined && document.querySelector('figure[aria-label="Gateway Firmware"]'))
          seen.figures = performance.now();
        if (seen.complete === undefined && seen.figures !== undefined && document.querySelector('.leaflet-marker-icon')
            && [...document.querySelectorAll('[role="status"]')].some((e) => /located gateways; in view: \\d+ clusters/.test(e.textContent)))
          seen.complete = performance.now();
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    })()`);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log('page error:', e.message));
    let mapBytes = 0;
    page.on('response', async (response) => {
      if (!response.url().includes('/api/dashboards/map')) return;
      // A body still arriving when the browser closes is not counted.
      const body = await response.body().catch(() => undefined);
      if (body) mapBytes = Math.max(mapBytes, body.length);
    });
    await page.goto('/#/login');
    await page.getByLabel('Email').fill('admin@portal.local', { timeout: 180_000 });
    await page.getByLabel('Password', { exact: true }).fill(BENCH_ROOT_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/#\/admin\/tenants$/, { timeout: 60_000 });
    const renders: number[] = [];
    const figuresDrawn: number[] = [];
    const seenRenders: number[] = [];
    const seenFigures: number[] = [];
    // What each render fetched, from the page's resource timing: [name, started, ended] from navigation.
    const fetchedBy: { navigationEnd: number; fetched: [string, number, number][] }[] = [];
    for (let i = 0; i < renderCount; i++) {
      await touch(); // every render after a change: the server computes again
      await page.goto('about:blank');
      const started = performance.now();
      await page.goto(`/#/cli/globalDashboard?scopeId=${rootTenantId}`);
      await page.getByRole('figure', { name: 'Gateway Firmware' }).waitFor({ timeout: 60_000 });
      figuresDrawn.push(performance.now() - started);
      // A user looking at the whole page scrolls to the map at once (a phone's first screen holds the pies).
      await page.getByText('Locations', { exact: true }).scrollIntoViewIfNeeded();
      await page.getByText(/located gateways; in view: \d+ clusters/).waitFor({ timeout: 60_000 });
      await page.locator('.leaflet-marker-icon').first().waitFor({ timeout: 60_000 });
      renders.push(performance.now() - started);
      // A string: the bench's TypeScript has no DOM types.
      const [navigationEnd, fetched] = await page.evaluate<[number, [string, number, number][]]>(`[
        performance.getEntriesByType('navigation')[0].responseEnd,
        performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime, e.responseEnd]),
      ]`);
      fetchedBy.push({ navigationEnd, fetched });
      const seen = await page.evaluate<{ figures?: number; complete?: number }>('window.__dashboardSeen');
      seenFigures.push(seen.figures ?? Number.NaN);
      seenRenders.push(seen.complete ?? Number.NaN);
    }
    console.log(
      `Global Dashboard first complete render (Chromium, 1280x800, after a change; pies, columns, first clusters drawn): ${renders.map((r) => fmt.ms(r)).join(', ')}; median ${fmt.ms(percentile(renders, 50))} (spread ${fmt.ms(Math.min(...renders))} - ${fmt.ms(Math.max(...renders))}); largest map answer ${fmt.int(mapBytes / 1024)} KiB`,
    );
    console.log(
      `  pies and columns drawn (Gateway Firmware): ${figuresDrawn.map((r) => fmt.ms(r)).join(', ')}; median ${fmt.ms(percentile(figuresDrawn, 50))}`,
    );
    console.log(
      `  as the page saw it (its own clock from navigation, checked on each change): complete ${seenRenders.map((r) => fmt.ms(r)).join(', ')}; median ${fmt.ms(percentile(seenRenders, 50))}; pies and columns ${seenFigures.map((r) => fmt.ms(r)).join(', ')}; median ${fmt.ms(percentile(seenFigures, 50))}`,
    );
    for (const [which, { navigationEnd, fetched }] of [
      ['first', fetchedBy[0]!],
      ['last', fetchedBy.at(-1)!],
    ] as const) {
      console.log(
        `  what the ${which} render fetched until complete (the page's resource timing, from navigation: started - ended; document ${fmt.ms(navigationEnd)}):`,
      );
      for (const [path, from, to] of fetched.filter(([path]) => !/\.(svg|png|woff2?)$/.test(path)))
        console.log(`    ${path.padEnd(48)} ${fmt.ms(from).padStart(8)} - ${fmt.ms(to)}`);
    }
  }
} finally {
  await browser?.close();
  await close();
}
