import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type Portal } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { copyPgliteTemplate } from './pglite-template.ts';
import { postgresTemplate } from './postgres-template.ts';

export type { Portal };

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's tag in the names of what shared portals leave (the integration global set-ups). */
    sharedPortalTag: string;
  }
}

/** Which backend this run covers: set by the vitest project (integration:embedded / integration:real). */
export const backend = (process.env.TEST_BACKEND ?? 'embedded') as 'embedded' | 'real';
export const REAL_POSTGRES = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REAL_MQTT = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
export const ROOT_EMAIL = 'root@test.local';
export const ROOT_PASSWORD = 'RootPass1';

/** `bytes` random bytes in lower-case hex: a tag that makes names, ids and addresses unique to a test. */
export const randomTag = (bytes = 3) => randomBytes(bytes).toString('hex');

/** An address no other test uses: `{label}-{tag}@{domain}`. */
export const uniqueEmail = (label = 'user', domain = 'test.com') => `${label}-${randomTag()}@${domain}`;

const suffix = () => randomTag(6);

/**
 * A fresh database on the real PostgreSQL; dropped by the returned function. Under the real integration tests it
 * is a copy of the run's migrated template, unless `empty` (a restore, or a first start, is what is tested).
 */
export async function createPostgresDatabase({
  empty = false,
  name = `portal_test_${suffix()}`,
} = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const admin = new pg.Client({ connectionString: REAL_POSTGRES });
  await admin.connect();
  // A copy of the run's migrated template when there is one (postgres-template.setup.ts).
  const template = empty ? undefined : postgresTemplate();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(REAL_POSTGRES);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: REAL_POSTGRES });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const TEST_CONSUMERS = 2;

/**
 * The portal keeps persistent sessions at the external broker (`{clientId}-{n}`, one hour expiry), which
 * would queue device traffic long after a test. A clean start with no expiry removes each.
 */
export async function endBrokerSessions(url: string, clientId: string, consumers: number): Promise<void> {
  for (let n = 0; n < consumers; n++) {
    const client = await mqtt.connectAsync(url, {
      clientId: `${clientId}-${n}`,
      protocolVersion: 5,
      clean: true,
      properties: { sessionExpiryInterval: 0 },
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    await client.endAsync();
  }
}

/** A quiet portal of its own on free ports with its own data directory, no demo, logs off. */
export function isolatedPortalEnv(dataDir: string): Record<string, string> {
  return { PORT: '0', HOST: '127.0.0.1', MQTT_PORT: '0', DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent' };
}

/**
 * Names of what a shared portal leaves for the run's clean-up (removeSharedPortals), each with the run's tag:
 * its data directory `portal-shared-{tag}-…` in the temporary directory and, on the real backend, its database
 * `portal_shared_{tag}_{id}` and broker client id `portal-shared-{tag}-{id}`.
 */
const sharedName = (tag: string, separator: '-' | '_') => ['portal', 'shared', tag, ''].join(separator);

/**
 * Environment for a portal on this run's backend, with its own data directory and database; `sharedTag` names
 * them as a shared portal's (sharedPortal).
 */
export async function testEnvironment(sharedTag?: string): Promise<{
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(join(tmpdir(), sharedTag ? sharedName(sharedTag, '-') : 'portal-test-'));
  const env: Record<string, string> = { ...isolatedPortalEnv(dataDir), ROOT_EMAIL, ROOT_PASSWORD };
  let drop = async () => {};
  if (backend === 'embedded') await copyPgliteTemplate(dataDir);
  if (backend === 'real') {
    const id = suffix();
    const database = await createPostgresDatabase(
      sharedTag ? { name: `${sharedName(sharedTag, '_')}${id}` } : {},
    );
    const clientId = sharedTag ? `${sharedName(sharedTag, '-')}${id}` : `portal-test-${id}`;
    drop = async () => {
      await database.drop();
      await endBrokerSessions(REAL_MQTT, clientId, TEST_CONSUMERS);
    };
    Object.assign(env, {
      DATABASE_URL: database.url,
      MQTT_URL: REAL_MQTT,
      MQTT_CLIENT_ID: clientId,
      MQTT_SHARE_GROUP: `test-${suffix()}`,
      MQTT_CONSUMERS: String(TEST_CONSUMERS),
    });
  }
  return {
    env,
    cleanup: async () => {
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestPortal extends Portal {
  /** Where gateways connect: the embedded broker's TCP port, or the real Mosquitto. */
  deviceBrokerUrl: string;
  /** http://127.0.0.1:{port} of the listening portal. */
  baseUrl: string;
  close(): Promise<void>;
}

/** A listening portal on this run's backend; `overrides` adds or replaces environment variables (SMTP_URL...). */
export async function startPortal(overrides: Record<string, string> = {}): Promise<TestPortal> {
  const { env, cleanup } = await testEnvironment();
  return listeningPortal(env, overrides, cleanup);
}

async function listeningPortal(
  env: Record<string, string>,
  overrides: Record<string, string>,
  cleanup: () => Promise<void>,
): Promise<TestPortal> {
  const config = loadConfig({ ...env, ...overrides });
  const portal = await buildApp(config, pino({ level: 'silent' }));
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const address = portal.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...portal,
    deviceBrokerUrl: backend === 'real' ? REAL_MQTT : `mqtt://127.0.0.1:${portal.messaging.tcpPort()}`,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await portal.app.close();
      await cleanup();
    },
  };
}

let shared: Promise<TestPortal> | undefined;

/**
 * The one portal of this vitest worker (default environment, no overrides), started by the first file that asks
 * and used by every later file the worker runs (isolate: false keeps this module loaded between files). A file
 * that uses it never closes it; the run's global set-up removes what it leaves (removeSharedPortals). It suits a
 * file whose tests make their own customers, users and gateways (random names and MACs) and assert only about
 * those; a file with overrides, fake timers, a restart, or a change to portal-wide settings or counters starts
 * its own (startPortal). Measured on the 5 files converted first (18 tests), wall time of `npx vitest run
 * --project integration:<backend> <files>` on a loaded 2-core machine: embedded 119.8 s before, 47.8 s after
 * (146.1 s beside a type-check); real 79.9 s before, 43.8 s and 26.0 s after. A file that is not its worker's
 * first takes 0.4-1.3 s instead of 10-14 s (bench/README.md, "Test suite time").
 */
export function sharedPortal(): Promise<TestPortal> {
  shared ??= (async () => {
    const tag = inject('sharedPortalTag');
    if (!tag) throw new Error('sharedPortal needs the integration global set-up (sharedPortalTag)');
    const { env } = await testEnvironment(tag);
    const portal = await listeningPortal(env, {}, async () => {});
    return {
      ...portal,
      close: () => Promise.reject(new Error('the shared portal is closed by nobody: use startPortal')),
    };
  })().catch((error) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

/**
 * The run's clean-up of what shared portals of run `tag` left (their workers end with them open): their data
 * directories and, on the real backend, their databases and the broker's persistent sessions of their client ids.
 */
export async function removeSharedPortals(tag: string, real: boolean): Promise<void> {
  const dirs = (await readdir(tmpdir())).filter((entry) => entry.startsWith(sharedName(tag, '-')));
  await Promise.all(dirs.map((dir) => rm(join(tmpdir(), dir), { recursive: true, force: true })));
  if (!real) return;
  const admin = new pg.Client({ connectionString: REAL_POSTGRES });
  await admin.connect();
  try {
    const prefix = sharedName(tag, '_');
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await endBrokerSessions(
        REAL_MQTT,
        `${sharedName(tag, '-')}${datname.slice(prefix.length)}`,
        TEST_CONSUMERS,
      );
    }
  } finally {
    await admin.end();
  }
}

/** Signs in through the API; returns the session cookie header. */
export async function signIn(portal: Portal, email = ROOT_EMAIL, password = ROOT_PASSWORD): Promise<string> {
  const response = await portal.app.inject({
    method: 'POST',
    url: '/api/login/twoFactorKey/test',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

type Query = Record<string, string | number>;

/** `portal.app.inject` as the browser holding the session `cookie`; query values are sent as strings. */
export function injectAs(
  portal: Pick<Portal, 'app'>,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: Record<string, unknown>; query?: Query } = {},
) {
  const { payload, query } = options;
  return portal.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload ? { payload } : {}),
    ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
  });
}

/** A call made with an API key as a machine would: no cookie, `Authorization: Bearer {key}`. */
export function injectWithKey(
  portal: Pick<Portal, 'app'>,
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return portal.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload ? { payload } : {}),
  });
}

type LivePortal = Pick<Portal, 'app'> & { baseUrl: string };

/** The browser's live connection on /mqtt, opened as the web app does with the session `cookie`. */
export async function connectLive(portal: LivePortal, cookie: string): Promise<MqttClient> {
  const response = await portal.app.inject({ method: 'POST', url: '/api/mqtt-token', headers: { cookie } });
  const credential = response.json() as { username: string; token: string; clientId: string };
  return connectMqtt(`${portal.baseUrl.replace('http', 'ws')}/mqtt`, {
    clientId: credential.clientId,
    username: credential.username,
    password: credential.token,
  });
}

/** A browser's live connection subscribed to `topic`, collecting each message parsed, in arrival order. */
export async function watchLive<T = unknown>(
  portal: LivePortal,
  cookie: string,
  topic: string,
): Promise<{ client: MqttClient; messages: T[] }> {
  const client = await connectLive(portal, cookie);
  const messages: T[] = [];
  client.on('message', (_topic, payload) => messages.push(JSON.parse(payload.toString())));
  try {
    await client.subscribeAsync(topic, { qos: 1 });
  } catch (error) {
    client.end(true);
    throw error;
  }
  return { client, messages };
}

/** Ends and forgets every client in `clients` (for an afterEach). */
export async function endClients(clients: MqttClient[]): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
}

/** Connects an MQTT client and resolves once connected, or rejects with the broker's refusal. */
export function connectMqtt(url: string, options: IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options });
    const refused = (error: Error) => {
      client.end(true);
      reject(error);
    };
    client.once('error', refused);
    client.once('connect', () => {
      client.removeListener('error', refused);
      resolve(client);
    });
  });
}

/** Granted QoS per topic of a SUBSCRIBE (128 = refused). */
export async function subscribeCodes(client: MqttClient, topics: string[]): Promise<number[]> {
  try {
    const granted = await client.subscribeAsync(topics, { qos: 1 });
    return granted.map((g) => g.qos);
  } catch (error) {
    // mqtt.js rejects a SUBACK holding a failure code; the packet still carries every code.
    const packet = (error as { packet?: { granted?: (number | { qos: number })[] } }).packet;
    if (!packet?.granted) throw error;
    return packet.granted.map((g) => (typeof g === 'number' ? g : g.qos));
  }
}

export const randomMac = () => randomBytes(6).toString('hex').toUpperCase();

/** Polls `check` until it gives a value. 20 s: a live message through the external broker took over 10 s in CI. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  explain: () => string = () => '',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`condition not met in time ${explain()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the portal has seen every gateway of `macs` connect (its `connected` flag, set on the status). */
export async function waitForConnected(
  portal: Pick<Portal, 'database'>,
  macs: readonly string[],
): Promise<void> {
  if (macs.length === 0) return;
  await waitFor(async () => {
    const online = await portal.database.db
      .selectFrom('gateways')
      .select('mac')
      .where('mac', 'in', [...macs])
      .where('connected', '=', true)
      .execute();
    return online.length === macs.length;
  });
}

/** A customer tenant under the root tenant, and a signed-in-able user in it. */
export async function createCustomerWithUser(
  portal: Portal,
  label: string,
  options: { parentId?: string; permissions?: string[] } = {},
) {
  const { TenantsRepository } = await import('../src/modules/tenants/tenants.repository.ts');
  const { createUsersModule } = await import('../src/modules/users/index.ts');
  const { hashPassword } = await import('../src/lib/crypto.ts');
  const { DEFAULT_PERMISSIONS } = await import('@portal/contract');
  const tenants = new TenantsRepository(portal.database.db);
  const root = await tenants.findByKind('root');
  const parent = options.parentId ? await tenants.findById(options.parentId) : root;
  const tenant = await tenants.insert({
    name: `${label} ${suffix()}`,
    customer_id: `${label.toUpperCase()}-${suffix()}`,
    kind: 'customer',
    parent_id: parent!.id,
    ancestors: [...parent!.ancestors, parent!.id],
    primary_theme_color: '#123456',
    secondary_theme_color: '#ffffff',
  });
  const email = `${label.toLowerCase()}-${suffix()}@test.local`;
  const password = 'UserPass1';
  await createUsersModule({ db: portal.database.db }).users.insertUser({
    tenant_id: tenant.id,
    email,
    first_name: label,
    last_name: 'User',
    password_hash: await hashPassword(password),
    permissions: options.permissions ?? [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ'],
  });
  return { tenant, email, password };
}

export interface FreeTierUser {
  id: string;
  email: string;
  password: string;
  /** The free-tier (general users) scope every self-service user belongs to. */
  tenantId: string;
  cookie: string;
}

/**
 * A self-service user as a stranger becomes one: signed up through the public call (name, phone and country
 * given, from an address of its own), first password set through the mailed link, signed in.
 */
export async function signUpFreeTierUser(portal: Portal, label: string): Promise<FreeTierUser> {
  const email = uniqueEmail(label.toLowerCase());
  const signedUp = await portal.app.inject({
    method: 'POST',
    url: '/api/portalUserSignup',
    payload: {
      firstName: label,
      lastName: 'Stranger',
      email,
      phoneNumber: '+1 5551234567',
      countryShortCode: 'US',
    },
    remoteAddress: `10.${randomBytes(3).join('.')}`,
  });
  if (signedUp.statusCode !== 201) throw new Error(`sign-up failed: ${signedUp.body}`);
  const mail = await portal.database.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .executeTakeFirst();
  const token = /#\/portal-user\/reset-password\/(\S+)/.exec(mail?.body ?? '')?.[1];
  const password = 'Fresh123';
  const activated = await portal.app.inject({
    method: 'POST',
    url: '/api/resetPassword',
    payload: { password, confirm_password: password, activationCode: token },
  });
  if (activated.statusCode !== 200) throw new Error(`activation failed: ${activated.body}`);
  const user = await portal.database.db
    .selectFrom('users')
    .select(['id', 'tenant_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    email,
    password,
    tenantId: user.tenant_id,
    cookie: await signIn(portal, email, password),
  };
}
