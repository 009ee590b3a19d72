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
import { type Browser, chromium, type Page } from 'playwright-core';
import { decodeCursor } from '../apps/server/src/modules/gateways/gateway-cursor.ts';
import {
  GatewayListRepository,
  type GatewayOrder,
} from '../apps/server/src/modules/gateways/gateway-list.repository.ts';
import { fmt, machineLine, packageVersion, percentile } from './lib/conditions.ts';
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

const CHROMIUM = '/usr/bin/chromium';
const WEB_INDEX = new URL('../apps/web/dist/index.html', import.meta.url);
const VIEWPORT = { width: 1920, height: 1080 };
const DOM_GOAL = 1400;
const VISIBLE_GOAL_MS = 1000;
/** Gateways seeded per statement; samples are written for this many gateways at a time. */
const SEED_CHUNK = 10_000;
const DIGITS = String(gatewayCount - 1).length;
const SEARCH_DEBOUNCE_MS = 300;

/** Bytes (on the wire, headers included) and count of the page's list calls and recent-data calls. */
const API_TRAFFIC = (since: number) => `(() => {
  const sum = (part) => performance.getEntriesByType('resource')
    .filter((e) => e.startTime >= ${since} && e.name.includes(part))
    .reduce((acc, e) => ({ bytes: acc.bytes + (e.transferSize || e.encodedBodySize), calls: acc.calls + 1 }),
      { bytes: 0, calls: 0 });
  return { list: sum('/api/gateway/get-gateways'), recent: sum('/api/device/recent-data') };
})()`;

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
  const screens = withBrowser ? await pageFigures(address, scopeId) : undefined;
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

/** The page in Chromium: first screens of the grid and the list, DOM nodes, searches, a scroll. */
async function pageFigures(address: string, scopeId: string) {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ baseURL: address, viewport: VIEWPORT });
  const page = await context.newPage();
  page.on('console', (m) => process.env.BENCH_DEBUG && console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('page error:', e.message));
  page.on('requestfinished', (request) => {
    if (!process.env.BENCH_DEBUG || !request.url().includes('/api/')) return;
    const timing = request.timing();
    console.log(`request: ${request.url().replace(address, '')} ${timing.responseEnd.toFixed(0)} ms`);
  });
  await page.goto('/#/login');
  await page.getByLabel('Email').fill('admin@portal.local', { timeout: 180_000 });
  await page.getByLabel('Password', { exact: true }).fill(BENCH_ROOT_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/#\/admin\/tenants$/, { timeout: 30_000 });

  const gridUrl = `/#/cli/gateways/grid_view?scopeId=${scopeId}`;
  const listUrl = `/#/cli/gateways/list_view?scopeId=${scopeId}`;
  const grid = await firstScreens(page, gridUrl, 'article');
  const list = await firstScreens(page, listUrl, 'tbody tr[aria-label]');
  const listNodes = await domNodes(page);
  const search = await searches(page, gridUrl);
  const scroll = await scrollGrid(page, gridUrl);

  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  return { grid, list, listNodes, search, scroll, cookie };
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

function printPageFigures({
  grid,
  list,
  listNodes,
  search,
  scroll,
}: Awaited<ReturnType<typeof pageFigures>>) {
  const verdict = (ok: boolean) => (ok ? 'goal met' : 'GOAL MISSED');
  for (const [label, screens] of [
    ['grid: navigation to first cards', grid],
    ['list: navigation to first rows', list],
  ] as const) {
    const times = screens.map((s) => s.visibleAt);
    console.log(
      `${label.padEnd(34)} p50 ${fmt.ms(percentile(times, 50)).padStart(7)}  max ${fmt.ms(Math.max(...times)).padStart(7)}  (goal ${VISIBLE_GOAL_MS} ms: ${verdict(Math.max(...times) <= VISIBLE_GOAL_MS)})`,
    );
    const last = screens.at(-1)!;
    console.log(
      `${`${label.split(':')[0]}: first screen's list calls`.padEnd(34)} ${fmt.int(last.list.bytes)} B in ${last.list.calls} call(s); recent data ${fmt.int(last.recent.bytes)} B in ${last.recent.calls} call(s)`,
    );
  }
  const searchTimes = search.map((s) => s.shownAt);
  console.log(
    `grid: search to the one card       p50 ${fmt.ms(percentile(searchTimes, 50)).padStart(7)}  max ${fmt.ms(Math.max(...searchTimes)).padStart(7)}  (from the last key, ${SEARCH_DEBOUNCE_MS} ms of typing pause included); list call ${fmt.int(search.at(-1)!.list.bytes)} B in ${search.at(-1)!.list.calls} call(s)`,
  );
  console.log(
    `grid: DOM nodes while scrolling      max ${fmt.int(scroll.max)}  median ${fmt.int(percentile(scroll.samples, 50))}  over ${scroll.samples.length} positions to row ${fmt.int(scroll.lastRow)} (goal ${DOM_GOAL}: ${verdict(scroll.max <= DOM_GOAL)}); cards in the page at most ${scroll.maxCards}`,
  );
  console.log(`list: DOM nodes (25 rows)            ${fmt.int(listNodes)}`);
}

interface Traffic {
  bytes: number;
  calls: number;
}

/**
 * Full page loads of `url` (the SPA from scratch, the session kept): ms from navigation start until the first
 * `selector` is in view, taken by the page's own clock (this process also runs the portal, which would
 * otherwise delay the stopwatch); then, once the first screen's calls are done, what the list and recent-data
 * calls carried.
 */
async function firstScreens(page: Page, url: string, selector: string) {
  const screens: { visibleAt: number; list: Traffic; recent: Traffic }[] = [];
  for (let run = 0; run < runs + 1; run++) {
    await page.goto('about:blank');
    await page.goto(url);
    // A string, not a function: tsx would add its __name helper, which the page does not have.
    const visibleAt = await page.evaluate<number>(`new Promise((resolve) => {
      const check = () => {
        const element = document.querySelector(${JSON.stringify(selector)});
        if (element && element.getBoundingClientRect().height > 0) resolve(performance.now());
        else requestAnimationFrame(check);
      };
      check();
    })`);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const traffic = await page.evaluate<{ list: Traffic; recent: Traffic }>(API_TRAFFIC(0));
    // The first run warms the server and the browser cache; it is not counted.
    if (run > 0) screens.push({ visibleAt, ...traffic });
  }
  return screens;
}

/** Types a gateway's whole name into the search: ms from the last key until its card is the only one. */
async function searches(page: Page, url: string) {
  await page.goto(url);
  await page.locator('article').first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const box = page.getByPlaceholder('Search using keyword or name..');
  const results: { shownAt: number; list: Traffic }[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const n = Math.floor(((run + 1) * gatewayCount) / (runs + 2));
    const name = `Bench Gateway ${String(n).padStart(DIGITS, '0')}`;
    await box.fill('');
    await page.locator('article').nth(1).waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const typedAt = await page.evaluate<number>('performance.now()');
    await box.fill(name);
    const shownAt = await page.evaluate<number>(`new Promise((resolve) => {
      const check = () => {
        const cards = document.querySelectorAll('article');
        if (cards.length === 1 && cards[0].getAttribute('aria-label') === ${JSON.stringify(name)})
          resolve(performance.now());
        else requestAnimationFrame(check);
      };
      check();
    })`);
    const list = (await page.evaluate<{ list: Traffic }>(API_TRAFFIC(typedAt))).list;
    if (run > 0) results.push({ shownAt: shownAt - typedAt, list });
  }
  await box.fill('');
  return results;
}

function domNodes(page: Page): Promise<number> {
  return page.evaluate<number>("document.getElementsByTagName('*').length");
}

/** Scrolls the grid from top to bottom a screen at a time, then jumps through it; DOM nodes at every stop. */
async function scrollGrid(page: Page, url: string) {
  await page.goto(url);
  await page.locator('article').first().waitFor();
  const samples: number[] = [];
  let maxCards = 0;
  const settle = () =>
    page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  const sample = async () => {
    await settle();
    samples.push(await domNodes(page));
    maxCards = Math.max(maxCards, await page.locator('article').count());
  };
  await sample();
  for (let step = 0; step < 40; step++) {
    await page.mouse.wheel(0, VIEWPORT.height * 0.8);
    await sample();
  }
  const height = await page.evaluate<number>('document.documentElement.scrollHeight');
  for (let fraction = 0.1; fraction <= 1.0001; fraction += 0.1) {
    await page.evaluate(`window.scrollTo(0, ${Math.round(height * fraction)})`);
    await sample();
    // The windows and recent data of the rows now in view arrive; sample again once they have drawn.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await sample();
  }
  const lastRow = Math.ceil(gatewayCount / 3);
  return { samples, max: Math.max(...samples), maxCards, lastRow };
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
