import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Cookie, chromium, type Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, type TestContext } from 'vitest';
import { ROOT_EMAIL, ROOT_PASSWORD } from './portal.ts';

/**
 * Debian's Chromium as its headless-only binary, `chromium-headless-shell` (scripts/ensure-chromium.mjs installs
 * it; no browser is ever downloaded). The same Chromium build as /usr/bin/chromium without the desktop browser's
 * parts, as Playwright runs headless by default: the specs cost a third less CPU in it (e2e/gateways.spec.ts:
 * 91 s against 58 s). E2E_CHROMIUM=/usr/bin/chromium runs them in the full browser.
 */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM || '/usr/bin/chromium-headless-shell';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));
/** How long a step waits for the page (an element to show, a URL to change). */
export const UI_TIMEOUT_MS = 10_000;

let chromiumOfWorker: Browser | undefined;

/**
 * The vitest worker's Chromium: the e2e project keeps a worker's modules from one spec file to the next
 * (isolate: false), so the spec files a worker runs share one browser, each test in a context of its own
 * (nothing of a context outlives it). Launched again if it went away; it ends with its worker.
 */
async function workerChromium(): Promise<Browser> {
  if (!chromiumOfWorker?.isConnected())
    chromiumOfWorker = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return chromiumOfWorker;
}

const fileSafe = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 150);

/** Saves a full-page screenshot as e2e/artifacts/{name}.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = `${ARTIFACTS_DIR}${fileSafe(name)}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** "login.spec > Login > shows ..." for a test, used to name its failure screenshot. */
function testTitle({ task }: TestContext): string {
  const names: string[] = [task.name];
  for (let suite = task.suite; suite; suite = suite.suite) if (suite.name) names.unshift(suite.name);
  const file = task.file.name.split('/').pop()?.replace(/\.ts$/, '') ?? 'e2e';
  return [file, ...names].join(' ');
}

/**
 * A test's context: desktop width, and the operating system's 'reduce motion' setting, which the portal honours
 * (dialogs and menus without transitions, no click ripples), so steps do not wait for animations to end.
 */
const contextOptions = (baseURL: string) =>
  ({ baseURL, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' }) as const;

export interface BrowserSession {
  /** The current test's page, in a context of its own (no cookies or storage from other tests). */
  readonly page: Page;
  readonly context: BrowserContext;
  /**
   * A page in a context of its own, for another person: a browser's tabs share one sign-in (a second tab of
   * `context` signing in as someone else moves `page` to them too). Closed with the test.
   */
  otherPersonPage(): Promise<Page>;
}

/**
 * The worker's Chromium (workerChromium), a fresh context and page per test; a failed test leaves
 * e2e/artifacts/{spec} {suite} {test}.failed.png behind. Call at the top of a spec file or describe block.
 */
export function useBrowser(baseUrl: () => string): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let others: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await workerChromium();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    context = await browser.newContext(contextOptions(baseUrl()));
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    portalOfContext.set(context, baseUrl());
    page = await context.newPage();
  });
  afterEach(async (test) => {
    try {
      if (test.task.result?.state === 'fail' && page && !page.isClosed()) {
        const path = await saveScreenshot(page, `${testTitle(test)}.failed`);
        process.stderr.write(`failure screenshot: ${path}\n`);
      }
    } finally {
      await Promise.all([context, ...others].map((each) => each?.close()));
      context = undefined;
      page = undefined;
      others = [];
    }
  });

  return {
    get page() {
      if (!page) throw new Error('no page: use it inside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('no browser context: use it inside a test');
      return context;
    },
    async otherPersonPage() {
      if (!browser) throw new Error('Chromium did not start');
      const other = await browser.newContext(contextOptions(baseUrl()));
      other.setDefaultTimeout(UI_TIMEOUT_MS);
      others.push(other);
      return other.newPage();
    },
  };
}

/** The hash route the page shows, e.g. '/admin/tenants' (query string left out). */
export function hashPath(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '').split('?')[0] ?? '';
}

/** Signs in through the login form as a user would. */
export async function signIn(page: Page, email = ROOT_EMAIL, password = ROOT_PASSWORD): Promise<void> {
  if (!hashPath(page).startsWith('/login')) await page.goto('/#/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Collects, from now on, every call of the page the server refused (401, 403), with the screen it came from:
 * by spec 000 section 4 each would sign the user out.
 */
export function recordRefusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if ([401, 403].includes(response.status()))
      refused.push(
        `${hashPath(page)}: ${response.request().method()} ${response.url()} ${response.status()}`,
      );
  });
  return refused;
}

/** Logout from the account menu; waits for the login page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/#\/login/);
}

/** The portal (base URL) each test context browses, for the root sessions below. */
const portalOfContext = new WeakMap<BrowserContext, string>();

/** A root session signed in through the form once per portal: its cookies and the tab's sessionStorage. */
interface SavedSession {
  cookies: Cookie[];
  tab: Record<string, string>;
}
const rootSessions = new Map<string, SavedSession>();

/**
 * Signs the root administrator in and waits for the customers list, the root user's home. The first time per
 * portal through the login form; after that a new test's fresh page takes that session (its cookie and the
 * tab's sessionStorage, as a second tab of the same browser would) and opens the home screen, about 1.5 s of
 * Chromium and server CPU less per test. Should the session have ended meanwhile (a spec signed root out
 * everywhere, changed the password), the portal sends the page to the login form and it signs in there.
 */
export async function signInAsRoot(page: Page): Promise<void> {
  const portal = portalOfContext.get(page.context());
  const saved = portal ? rootSessions.get(portal) : undefined;
  if (portal && saved && page.url() === 'about:blank') {
    await page.context().addCookies(saved.cookies);
    await page.addInitScript((tab) => {
      if (sessionStorage.getItem('e2e.sessionTaken')) return;
      for (const [key, value] of Object.entries(tab)) sessionStorage.setItem(key, value);
      sessionStorage.setItem('e2e.sessionTaken', '1');
    }, saved.tab);
    await page.goto('/#/admin/tenants');
    const home = page.getByRole('heading', { name: 'Customers' });
    const login = page.getByRole('button', { name: 'Sign In', exact: true });
    await home.or(login).first().waitFor();
    if (await home.isVisible()) return;
    rootSessions.delete(portal);
  }
  await signIn(page);
  await page.waitForURL(/#\/admin\/tenants$/);
  await page.getByRole('heading', { name: 'Customers' }).waitFor();
  if (portal && !rootSessions.has(portal))
    rootSessions.set(portal, {
      cookies: await page.context().cookies(),
      tab: await page.evaluate(() => ({ ...sessionStorage })),
    });
}
