/**
 * First-visit weight of the web app: the JavaScript and CSS a browser loads (gzip sizes, as a server or CDN
 * would send them) for the login page, and for a customer user's first screen after signing in (the
 * dashboard, live connection included). The goal (issue 14.9): at most 250 KB gzipped for each. Also shown:
 * the same first screen reloaded by the signed-in user (everything it requests, cached or not), without the login page.
 *
 *   npm run build && node --import tsx bench/bundle.ts
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { DEFAULT_PERMISSIONS } from '@portal/contract';
import { chromium, type Page } from 'playwright-core';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { createUsersModule } from '../apps/server/src/modules/users/index.ts';
import { machineLine } from './lib/conditions.ts';
import { insertBenchCustomer, startBenchPortal } from './lib/in-process-portal.ts';

const DIST = new URL('../apps/web/dist/', import.meta.url);
const GOAL_KB = 250;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const EMAIL = 'bundle-bench@example.com';
const PASSWORD = 'BenchPass1';

/** Loads of /assets/*.js and *.css while `step` runs, with their gzip sizes. */
async function assetsLoaded(page: Page, step: () => Promise<void>): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const listener = (request: { url(): string }) => {
    const path = new URL(request.url()).pathname;
    if (!/^\/assets\/.+\.(js|css)$/.test(path)) return;
    pending.push(
      readFile(new URL(`.${path}`, DIST)).then((bytes) => {
        files.set(path.replace('/assets/', ''), gzipSync(bytes, { level: 9 }).length);
      }),
    );
  };
  page.on('request', listener);
  await step();
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  await Promise.all(pending);
  return files;
}

function report(title: string, files: Map<string, number>): number {
  const total = [...files.values()].reduce((sum, size) => sum + size, 0);
  console.log(`\n${title}: ${kb(total)} KB gzipped in ${files.size} files (goal: at most ${GOAL_KB} KB)`);
  for (const [name, size] of [...files].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kb(size).padStart(7)} KB  ${name}`);
  }
  return total;
}

const bench = await startBenchPortal(false);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  await bench.portal.app.listen({ port: 0, host: '127.0.0.1' });
  const address = bench.portal.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { db } = bench.portal.database;
  const customerId = await insertBenchCustomer(bench.portal, bench.rootTenantId, 'Bundle Co', 'BUNDLE');
  await createUsersModule({ db }).users.insertUser({
    tenant_id: customerId,
    email: EMAIL,
    first_name: 'Bundle',
    last_name: 'Bench',
    password_hash: await hashPassword(PASSWORD),
    permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ'],
  });

  const page = await (await browser.newContext()).newPage();
  console.log(machineLine());
  const login = await assetsLoaded(page, async () => {
    await page.goto(`${baseUrl}/#/login`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });
  const afterSignIn = await assetsLoaded(page, async () => {
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/#\/cli\//);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });
  // The session lives in the tab (sessionStorage): a reload is how a signed-in user opens the first screen anew.
  const signedIn = await assetsLoaded(page, async () => {
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });
  const loginTotal = report('Login page', login);
  const firstScreen = new Map([...login, ...afterSignIn]);
  const firstTotal = report("A customer user's first screen (login page, then signed in)", firstScreen);
  const signedInTotal = report('The same first screen reloaded, signed in (no login page)', signedIn);
  console.log(
    `\nsummary: login ${kb(loginTotal)} KB, first screen ${kb(firstTotal)} KB (goal ${GOAL_KB} KB each); ` +
      `reloaded signed in ${kb(signedInTotal)} KB`,
  );
} finally {
  await browser.close();
  await bench.close();
}
