import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Health } from '@portal/contract';
import { inject } from 'vitest';
import { copyDirectory } from '../../apps/server/test/copy-directory.ts';
import { copyPgliteTemplate } from '../../apps/server/test/pglite-template.ts';
import { freePort, type ServerProcess, spawnServer, waitHealthy } from '../../apps/server/test/process.ts';

export const ROOT_EMAIL = 'root@e2e.local';
export const ROOT_PASSWORD = 'RootPass1';
/** The seeded root administrator's name (apps/server/src/bootstrap.ts). */
export const ROOT_NAME = 'Root Administrator';
export const DEMO_GATEWAYS = 3;
/** The demo gateways' MACs (prepareDemo in apps/server/src/bootstrap.ts): DE0000000001, DE0000000002, ... */
export const DEMO_MACS = Array.from(
  { length: DEMO_GATEWAYS },
  (_, i) => `DE${(i + 1).toString(16).toUpperCase().padStart(10, '0')}`,
);

export const REAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
export const REAL_MQTT = 'mqtt://127.0.0.1:1883';

const WEB_INDEX = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));
/** What `npm start` runs: the portal, then its demo fleet (the server alone starts no simulated gateway). */
/** The launcher as `npm run build` leaves it (e2e runs after the build, as `npm start` does). */
export const LAUNCHER_ENTRY = fileURLToPath(new URL('../../apps/launcher/dist/launcher.js', import.meta.url));
const STOP_TIMEOUT_MS = 40_000;

export type Backend = 'embedded' | 'real';

export interface RunningPortal {
  backend: Backend;
  /** http://127.0.0.1:{port}, where the SPA, the API and /mqtt are served. */
  baseUrl: string;
  /** ws://127.0.0.1:{port}/mqtt, the browsers' live-update endpoint. */
  liveUrl: string;
  /** Where gateways connect: the embedded broker's MQTT/TCP port, or the real Mosquitto. */
  deviceBrokerUrl: string;
  /** The server's own PostgreSQL database (real backends only). */
  databaseUrl: string | undefined;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** Whether its process still runs. */
  running: () => boolean;
  health: () => Promise<Health>;
  /** SIGTERM, waits for the exit, then removes the data directory (and the database). Rejects on a bad exit. */
  stop: () => Promise<void>;
}

const suffix = () => randomBytes(5).toString('hex');

/** The environment of an e2e portal: its ports and data directory, the spec's `overrides` last. */
export function portalEnvironment(
  { port, mqttPort, dataDir }: { port: number; mqttPort: number; dataDir: string },
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    ROOT_EMAIL,
    ROOT_PASSWORD,
    // info: startPortal waits for the launcher's 'demo history written' line (see waitForDemoHistory), unless
    // the portal starts from the demo template.
    LOG_LEVEL: 'info',
    DEMO: '1',
    DEMO_GATEWAYS: String(DEMO_GATEWAYS),
    // Specs that wait for a lock's answer must not meet a jam or a refusal drawn at random.
    DEMO_LOCK_FAILURES: '0',
    // The demo sign-in provider would take one port (DEMO_OIDC_PORT) for every portal: the spec of the default
    // start (demo-start.spec.ts) turns it on with a free port.
    DEMO_OIDC: '0',
    // Never inherit the caller's production settings.
    DATABASE_URL: '',
    MQTT_URL: '',
    MQTT_CLIENT_ID: '',
    MQTT_SHARE_GROUP: '',
    PUBLIC_URL: '',
    SMTP_URL: '',
    ...overrides,
  };
}

/** What decides the first start's seeding (the root user, the demo fleet): a spec changing one seeds itself. */
const SEEDING_VARIABLES = ['ROOT_EMAIL', 'ROOT_PASSWORD', 'DEMO', 'DEMO_GATEWAYS'];
const seedsAsTemplate = (overrides: Record<string, string>) =>
  SEEDING_VARIABLES.every((name) => !(name in overrides));

/** Fails with a clear message when the SPA or the server has not been built; the e2e run builds nothing itself. */
export function assertWebBuilt(): void {
  if (!existsSync(WEB_INDEX) || !existsSync(LAUNCHER_ENTRY)) {
    throw new Error(
      `The portal is not built (${existsSync(WEB_INDEX) ? LAUNCHER_ENTRY : WEB_INDEX} is missing). Run \`npm run build\` from the repository root first ` +
        '(`npm run test:e2e` does it for you).',
    );
  }
}

/**
 * Starts the portal the way `npm start` does (the built launcher, `node apps/launcher/dist/launcher.js`:
 * the server, then its demo fleet of simulated gateways) on free ports with its own data directory. `real`
 * points it at the local PostgreSQL (a fresh database, dropped at stop) and Mosquitto. `overrides` adds
 * environment variables (SMTP_URL, ...).
 */
export async function startPortal(
  backend: Backend = 'embedded',
  overrides: Record<string, string> = {},
  options: { onStarted?: (started: LeftPortal) => Promise<void> } = {},
): Promise<RunningPortal> {
  assertWebBuilt();
  const port = await freePort();
  let mqttPort = await freePort();
  while (mqttPort === port) mqttPort = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const env = portalEnvironment({ port, mqttPort, dataDir }, overrides);

  const cleanups: Array<() => Promise<void>> = [() => rm(dataDir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  // The demo fleet and its 90 days of history, written once per run (demo-template.setup.ts), when this
  // portal's seeding would write the same; otherwise only the migrated schema.
  const demoTemplate = backend === 'embedded' && seedsAsTemplate(overrides) ? inject('e2eDemoTemplate') : '';
  if (demoTemplate) await copyDirectory(demoTemplate, dataDir);
  // Nothing to wait for in the log then: warnings and errors only (a spec's failure shows them), not a line per
  // request (about 2 s of the portal's CPU in e2e/gateways.spec.ts).
  if (demoTemplate) {
    if (!('LOG_LEVEL' in overrides)) env.LOG_LEVEL = 'warn';
  } else if (backend === 'embedded') await copyPgliteTemplate(dataDir);
  if (backend === 'real') {
    try {
      // Loaded here only: the harness pulls in the whole server, which the embedded specs do not need.
      const { createPostgresDatabase, endBrokerSessions } = await import('../../apps/server/test/harness.ts');
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      const clientId = `portal-e2e-${suffix()}`;
      cleanups.push(() => endBrokerSessions(REAL_MQTT, clientId, 1));
      Object.assign(env, {
        DATABASE_URL: database.url,
        MQTT_URL: REAL_MQTT,
        MQTT_CLIENT_ID: clientId,
        MQTT_CONSUMERS: '1',
        MQTT_SHARE_GROUP: `e2e-${suffix()}`,
      });
    } catch (error) {
      await cleanUp();
      throw new Error(
        `Cannot prepare the real backends (PostgreSQL at ${REAL_POSTGRES}, Mosquitto at ${REAL_MQTT}): ${
          (error as Error).message
        }`,
      );
    }
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawnServer(env, LAUNCHER_ENTRY);
  try {
    await waitHealthy(baseUrl, server);
    if (env.DEMO !== '0' && !demoTemplate) await waitForDemoHistory(server);
  } catch (error) {
    await terminate(server).catch(() => undefined);
    await cleanUp();
    throw error;
  }

  let stopped: Promise<void> | undefined;
  const { pid } = server.child;
  if (options.onStarted && pid) await options.onStarted({ pid, dataDir });
  return {
    backend,
    baseUrl,
    liveUrl: `ws://127.0.0.1:${port}/mqtt`,
    deviceBrokerUrl: backend === 'real' ? REAL_MQTT : `mqtt://127.0.0.1:${mqttPort}`,
    databaseUrl: env.DATABASE_URL || undefined,
    output: server.output,
    running: () => server.child.exitCode === null && server.child.signalCode === null,
    health: async () => (await (await fetch(`${baseUrl}/api/health`)).json()) as Health,
    stop: () => {
      stopped ??= (async () => {
        try {
          const code = await terminate(server);
          if (code !== 0) {
            throw new Error(`server exited with code ${code} after SIGTERM:\n${server.output()}`);
          }
        } finally {
          await cleanUp();
        }
      })();
      return stopped;
    },
  };
}

const DEMO_HISTORY_WAIT_MS = 120_000;

/**
 * Waits until the launcher has written the demo fleet's 90 days of history (or given up on it). On PGlite each
 * gateway's history is one transaction that holds the one database session, so a spec's first sign-in during
 * it waited seconds on a loaded machine. A fleet that had history already logs nothing: after
 * DEMO_HISTORY_WAIT_MS the spec goes on regardless.
 */
export async function waitForDemoHistory(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + DEMO_HISTORY_WAIT_MS;
  while (Date.now() < deadline && server.child.exitCode === null) {
    if (/"msg":"demo history (not )?written"/.test(server.output())) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM and wait for the exit (SIGKILL after STOP_TIMEOUT_MS); the exit code, null when killed. */
export async function terminate(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS);
  });
  const outcome = await Promise.race([server.exited, timedOut]);
  clearTimeout(timer);
  if (outcome !== 'timeout') return outcome;
  server.child.kill('SIGKILL');
  await server.exited;
  throw new Error(`server did not stop within ${STOP_TIMEOUT_MS} ms of SIGTERM:\n${server.output()}`);
}

/** A shared portal's process and data directory, written where the e2e global set-up finds what is left. */
interface LeftPortal {
  pid: number;
  dataDir: string;
}

/** The worker's portal shared by spec files, stopped by nobody but the run's end (stop is not there to call). */
export type SharedPortal = Omit<RunningPortal, 'stop'>;
let portalOfWorker: Promise<RunningPortal> | undefined;

/**
 * The vitest worker's portal for the spec files that take it instead of starting their own: the default start
 * (embedded, the demo fleet from the template, no overrides), started by the first such file and kept, as the
 * worker keeps its modules (isolate: false), for the next: each start costs about 3 s of CPU and a portal
 * with its demo fleet idles at about 7 % of a core. Started again if it went away. The e2e global set-up stops
 * what is left at the run's end (stopLeftPortals).
 *
 * A spec file may take it only when it leaves the portal as the next file expects it: each test makes its own
 * customers, users and simulated gateways (random names and MACs) or only reads the demo fleet, and asserts only
 * about those; no overrides, no portal-wide settings (configuration, theme, templates, root's language or
 * password), no action on the demo gateways (reboot, move, agent configuration), no sign-in refused on purpose
 * (the guess limits count per address), nobody signed out everywhere.
 */
export function sharedPortal(): Promise<SharedPortal> {
  const reuse = portalOfWorker;
  portalOfWorker = (async () => {
    const running = await reuse?.catch(() => undefined);
    if (running?.running()) return running;
    const leftDir = inject('e2eLeftPortals');
    return startPortal(
      'embedded',
      {},
      {
        onStarted: (left) => writeFile(join(leftDir, `${left.pid}.json`), JSON.stringify(left)),
      },
    );
  })();
  return portalOfWorker;
}

/** Signal 0 only asks whether the process exists. */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The run's end: stops the shared portals the workers left (SIGTERM, then SIGKILL) and removes their data. */
export async function stopLeftPortals(leftDir: string): Promise<void> {
  for (const file of await readdir(leftDir)) {
    const { pid, dataDir } = JSON.parse(await readFile(join(leftDir, file), 'utf8')) as LeftPortal;
    const alive = () => processAlive(pid);
    if (alive()) process.kill(pid, 'SIGTERM');
    for (let waited = 0; alive() && waited < STOP_TIMEOUT_MS; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    if (alive()) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
  await rm(leftDir, { recursive: true, force: true });
}
