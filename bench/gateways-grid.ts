/**
 * Gateways page benchmark: one customer with N gateways (10,000 by default) and their recent samples, then
 * the page in Chromium on the embedded defaults: the time from navigation (a full page load of the built SPA)
 * to the first cards (grid) or rows (list) visible, and the DOM node count while scrolling the grid from top
 * to bottom (the goals: at most 1,400 nodes, first cards within 1 s).
 *
 *   npm run build && node --import tsx bench/gateways-grid.ts [--gateways 10000] [--samples 50] [--runs 5]
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { GATEWAY_LIST_FIRST_PAGE } from '@portal/contract';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { TelemetryRow } from '../apps/server/src/db/schema.ts';
import { fmt, machineLine, packageVersion, percentile } from './lib/conditions.ts';
import { BENCH_ROOT_PASSWORD, insertBenchCustomer, startBenchPortal } from './lib/in-process-portal.ts';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '10000' },
    samples: { type: 'string', default: '50' },
    runs: { type: 'string', default: '5' },
  },
});
const gatewayCount = Math.min(50_000, Math.max(1, Number(values.gateways)));
const samplesPerGateway = Math.min(50, Math.max(0, Number(values.samples)));
const runs = Math.min(50, Math.max(1, Number(values.runs)));

const CHROMIUM = '/usr/bin/chromium';
const WEB_INDEX = new URL('../apps/web/dist/index.html', import.meta.url);
const VIEWPORT = { width: 1920, height: 1080 };
const DOM_GOAL = 1400;
const VISIBLE_GOAL_MS = 1000;
const CHUNK = 1000;
const FIRMWARE = ['v2024-01-15', 'v2024-03-02', 'v2024-06-30', 'v2025-01-10'];
const OS = ['5.4.1', '5.10.0', '6.1.2'];

/** When the whole list's answer (no `limit`) was received, ms from navigation start. */
const WHOLE_LIST_RECEIVED = `performance.getEntriesByType('resource')
  .filter((entry) => entry.name.includes('/api/gateway/get-gateways') && !entry.name.includes('limit='))
  .map((entry) => entry.responseEnd)[0] ?? -1`;
const wholeListTimes: number[] = [];

if (!existsSync(WEB_INDEX)) throw new Error('Build the web app first: npm run build');
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: node scripts/ensure-chromium.mjs`);

const load = loadavg()[0]!.toFixed(2);
const { portal, rootTenantId, close } = await startBenchPortal(false, { MQTT_CONSUMERS: '1' });
let browser: Browser | undefined;
try {
  const { db } = portal.database;
  const loadStarted = performance.now();
  const scopeId = await insertBenchCustomer(portal, rootTenantId, 'Bench Fleet', 'BENCH');
  const now = Date.now();
  const macs = Array.from(
    { length: gatewayCount },
    () => `B8${randomBytes(5).toString('hex').toUpperCase()}`,
  );
  for (let offset = 0; offset < gatewayCount; offset += CHUNK) {
    const rows = macs.slice(offset, offset + CHUNK).map((mac, i) => {
      const n = offset + i;
      const connected = n % 4 !== 0;
      return {
        mac,
        name: `Bench Gateway ${String(n).padStart(5, '0')}`,
        tenant_id: scopeId,
        registered: n % 10 !== 0,
        connected,
        last_online_at: new Date(now - (n % 5) * 86_400_000),
        last_offline_at: connected ? null : new Date(now - (n % 7) * 86_400_000),
        firmware: FIRMWARE[n % FIRMWARE.length]!,
        os_version: OS[n % OS.length]!,
        state: JSON.stringify({
          NW: n % 3,
          SS: n % 6,
          HS: n % 2,
          HSIPRC: 0,
          CMS: n % 2,
          LCTN: { LAT: 52, LNG: 4 },
        }),
        updated_at: new Date(now),
      };
    });
    await db.insertInto('gateways').values(rows).execute();
  }
  // The last samples of every gateway, 5 s apart, as the mini-charts read them.
  let sampleRows: TelemetryRow[] = [];
  for (const mac of macs) {
    for (let s = 0; s < samplesPerGateway; s++) {
      const wave = Math.sin(s / 5);
      sampleRows.push({
        mac,
        ti: now - (samplesPerGateway - s) * 5000,
        co2: 600 + 80 * wave,
        temp: 22 + wave,
        nh3: 10 + wave,
        no2: 12 + wave,
        co: 300 + 20 * wave,
        rstc: 50_000 + 500 * wave,
        tvoc: 200 + 10 * wave,
        cp: 30 + 10 * wave,
        mm: 400 + 20 * wave,
      });
      if (sampleRows.length >= CHUNK) {
        await db.insertInto('telemetry').values(sampleRows).execute();
        sampleRows = [];
      }
    }
  }
  if (sampleRows.length > 0) await db.insertInto('telemetry').values(sampleRows).execute();
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
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
  // Right after a large load the portal may still be busy (rollups): the first screen may take a while.
  await page.getByLabel('Email').fill('admin@portal.local', { timeout: 180_000 });
  await page.getByLabel('Password').fill(BENCH_ROOT_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/#\/admin\/tenants$/, { timeout: 30_000 });

  const gridUrl = `/#/cli/gateways/grid_view?scopeId=${scopeId}`;
  const listUrl = `/#/cli/gateways/list_view?scopeId=${scopeId}`;
  const gridVisible = await timeToVisible(page, gridUrl, 'article');
  const gridWholeList = [...wholeListTimes];
  const listVisible = await timeToVisible(page, listUrl, 'tbody tr[aria-label]');
  const listNodes = await domNodes(page);
  const scroll = await scrollGrid(page, gridUrl);

  console.log(
    `gateways page benchmark — PGlite ${packageVersion('@electric-sql/pglite')} (embedded), Chromium headless, viewport ${VIEWPORT.width}x${VIEWPORT.height}`,
  );
  console.log(`machine: ${machineLine()}, load average before the run ${load}`);
  console.log(
    `conditions: 1 customer with ${gatewayCount.toLocaleString('en')} gateways, ${samplesPerGateway} samples each, loaded in ${loadSeconds.toFixed(1)} s; ${runs} full page loads per view (session kept)`,
  );
  const verdict = (ok: boolean) => (ok ? 'goal met' : 'GOAL MISSED');
  for (const [label, times] of [
    ['grid: navigation to first cards', gridVisible],
    ['list: navigation to first rows', listVisible],
  ] as const) {
    const p50 = percentile(times, 50);
    console.log(
      `${label.padEnd(34)} p50 ${fmt.ms(p50).padStart(7)}  max ${fmt.ms(Math.max(...times)).padStart(7)}  (goal ${VISIBLE_GOAL_MS} ms: ${verdict(Math.max(...times) <= VISIBLE_GOAL_MS)})`,
    );
  }
  console.log(
    `grid: whole list received           p50 ${fmt.ms(percentile(gridWholeList, 50)).padStart(7)}  max ${fmt.ms(Math.max(...gridWholeList)).padStart(7)}  (search, filters and delete mode work on it; the first ${GATEWAY_LIST_FIRST_PAGE} show before)`,
  );
  console.log(
    `grid: DOM nodes while scrolling      max ${fmt.int(scroll.max)}  median ${fmt.int(percentile(scroll.samples, 50))}  over ${scroll.samples.length} positions to row ${fmt.int(scroll.lastRow)} (goal ${DOM_GOAL}: ${verdict(scroll.max <= DOM_GOAL)}); cards in the page at most ${scroll.maxCards}`,
  );
  console.log(`list: DOM nodes (25 rows)            ${fmt.int(listNodes)}`);
} finally {
  await browser?.close();
  await close();
}

/**
 * Full page loads of `url` (the SPA from scratch, the session kept): ms from navigation start until the first
 * `selector` is in view, taken by the page's own clock (this process also runs the portal, whose work on the
 * whole list would otherwise delay the stopwatch).
 */
async function timeToVisible(page: Page, url: string, selector: string): Promise<number[]> {
  const times: number[] = [];
  wholeListTimes.length = 0;
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
    // performance.now() at the first frame it was found; a frame late at most (16 ms).
    // The first run warms the server and the browser cache; it is not counted.
    if (run > 0) times.push(visibleAt);
    // The whole list is still on its way: let it arrive, so the next run does not queue behind it.
    await page.getByText('Fetching Gateways ...').waitFor({ state: 'detached', timeout: 120_000 });
    if (run > 0) wholeListTimes.push(await page.evaluate<number>(WHOLE_LIST_RECEIVED));
  }
  return times;
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
    // Recent data of the rows now in view arrives; sample again once it has drawn.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await sample();
  }
  const lastRow = Math.ceil(gatewayCount / 3);
  return { samples, max: Math.max(...samples), maxCards, lastRow };
}
