import { type Browser, chromium, type Page } from 'playwright-core';
import { fmt, percentile } from './conditions.ts';
import { BENCH_ROOT_PASSWORD } from './in-process-portal.ts';

/**
 * The gateways page in Chromium for bench/gateways-grid.ts: the first screens of the grid and the list (time to
 * the first cards or rows, and the bytes of their list calls), searches, and DOM nodes while scrolling.
 */

export const CHROMIUM = '/usr/bin/chromium';
export const VIEWPORT = { width: 1920, height: 1080 };
const DOM_GOAL = 1400;
const VISIBLE_GOAL_MS = 1000;
const SEARCH_DEBOUNCE_MS = 300;

/** The seeded fleet's size, and how many times each figure is taken. */
export interface Fleet {
  gatewayCount: number;
  runs: number;
}

/** Bytes (on the wire, headers included) and count of the page's list calls and recent-data calls. */
const API_TRAFFIC = (since: number) => `(() => {
  const sum = (part) => performance.getEntriesByType('resource')
    .filter((e) => e.startTime >= ${since} && e.name.includes(part))
    .reduce((acc, e) => ({ bytes: acc.bytes + (e.transferSize || e.encodedBodySize), calls: acc.calls + 1 }),
      { bytes: 0, calls: 0 });
  return { list: sum('/api/gateway/get-gateways'), recent: sum('/api/device/recent-data') };
})()`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

/** The page in Chromium: first screens of the grid and the list, DOM nodes, searches, a scroll. */
export async function pageFigures(browser: Browser, address: string, scopeId: string, fleet: Fleet) {
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
  const grid = await firstScreens(page, gridUrl, 'article', fleet.runs);
  const list = await firstScreens(page, listUrl, 'tbody tr[aria-label]', fleet.runs);
  const listNodes = await domNodes(page);
  const search = await searches(page, gridUrl, fleet);
  const scroll = await scrollGrid(page, gridUrl, fleet.gatewayCount);

  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  return { grid, list, listNodes, search, scroll, cookie };
}

export function printPageFigures({
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
async function firstScreens(page: Page, url: string, selector: string, runs: number) {
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
async function searches(page: Page, url: string, { runs, gatewayCount }: Fleet) {
  const digits = String(gatewayCount - 1).length;
  await page.goto(url);
  await page.locator('article').first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const box = page.getByPlaceholder('Search using keyword or name..');
  const results: { shownAt: number; list: Traffic }[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const n = Math.floor(((run + 1) * gatewayCount) / (runs + 2));
    const name = `Bench Gateway ${String(n).padStart(digits, '0')}`;
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
async function scrollGrid(page: Page, url: string, gatewayCount: number) {
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
