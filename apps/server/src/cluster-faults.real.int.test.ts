import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceUp, live } from '@portal/contract';
import { type Simulation, startSimulation } from '@portal/gateway-sim';
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OwnMosquitto,
  type OwnNginx,
  type OwnPostgres,
  startOwnMosquitto,
  startOwnNginx,
  startOwnPostgres,
} from '../test/cluster.ts';
import {
  connectMqtt,
  endBrokerSessions,
  ROOT_EMAIL,
  ROOT_PASSWORD,
  randomMac,
  waitFor,
} from '../test/harness.ts';
import { freePort, type ServerProcess, spawnServer, waitHealthy } from '../test/process.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { TenantsRepository } from './modules/tenants/tenants.repository.ts';

// Two portal instances behind nginx, on a PostgreSQL and a Mosquitto of the test's own (so they can be
// killed and restarted), while gateways publish. Figures are printed and written in docs/operations.md.

let postgres: OwnPostgres;
let mosquitto: OwnMosquitto;
let nginx: OwnNginx;
let dataDir: string;
let common: Record<string, string>;
const instances: Record<'a' | 'b', { server: ServerProcess; url: string }> = {} as never;
let rootTenant: string;
let customerId: string;
const macs: string[] = [];
/** Registered gateways no test has used yet: each simulated fleet takes its own. */
const freshMacs: string[] = [];
const clients: MqttClient[] = [];
const simulations: Simulation[] = [];

/** Set once the tests are over: the instances' exits from then on are asked for. */
let tearingDown = false;
const figure = (name: string, ms: number) => console.log(`cluster figure: ${name} ${ms} ms`);

async function startInstance(name: 'a' | 'b') {
  const port = await freePort();
  const server = spawnServer({ ...common, PORT: String(port), MQTT_CLIENT_ID: `cluster-${name}` });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, server, 160_000);
  instances[name] = { server, url };
  // An instance leaving by itself is a defect: say so at once, with its last words.
  void server.exited.then((code) => {
    if (!tearingDown && server.child.signalCode !== 'SIGKILL')
      console.error(`instance ${name} exited by itself (${code}):\n${server.output().slice(-4000)}`);
  });
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const storedTis = async (mac: string) =>
  new Set(
    (await query<{ ti: string }>('select ti from telemetry where mac = $1', [mac])).map((r) => Number(r.ti)),
  );

/** Signs in as root at `url`; the session cookie. */
async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login/twoFactorKey/test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ROOT_EMAIL, password: ROOT_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in failed: ${await response.text()}`);
  return cookie.split(';')[0]!;
}

/**
 * A browser's live connection as the web app keeps it: a fresh one-use token for every (re)connection,
 * through `url` (nginx or one instance), subscribed to `topic`; records the samples' TI it receives.
 */
function liveBrowser(url: string, cookie: string, topic: string) {
  const state = {
    tis: new Set<number>(),
    closedAt: 0,
    reconnectedAt: 0,
    stopped: false,
    client: null as MqttClient | null,
  };
  const open = async (): Promise<void> => {
    const response = await fetch(`${url}/api/mqtt-token`, { method: 'POST', headers: { cookie } });
    if (response.status !== 200) throw new Error(`token ${response.status}`);
    const token = (await response.json()) as { username: string; token: string; clientId: string };
    const client = await connectMqtt(`${url.replace('http', 'ws')}/mqtt`, {
      clientId: token.clientId,
      username: token.username,
      password: token.token,
    });
    client.on('message', (_t, payload) => {
      for (const sample of (JSON.parse(payload.toString()) as { samples: { TI: number }[] }).samples)
        state.tis.add(sample.TI);
    });
    await client.subscribeAsync(topic, { qos: 1 });
    if (state.closedAt) state.reconnectedAt = Date.now();
    state.client = client;
    client.once('close', () => {
      if (state.stopped) return;
      state.closedAt = Date.now();
      const retry = () => open().catch(() => setTimeout(retry, 250));
      setTimeout(retry, 250);
    });
  };
  return {
    state,
    open,
    stop: () => {
      state.stopped = true;
      state.client?.end(true);
    },
  };
}

/** A gateway publishing telemetry at QoS 1 every `everyMs`; `acked` holds the TIs the broker acknowledged. */
async function publishingGateway(mac: string, everyMs = 50) {
  const client = await connectMqtt(mosquitto.url, { clientId: mac, clean: false, reconnectPeriod: 500 });
  client.on('error', () => {});
  clients.push(client);
  const acked = new Set<number>();
  let ti = Date.now();
  let running = true;
  let pending = 0;
  const loop = (async () => {
    while (running) {
      const sample = ++ti;
      pending++;
      client
        .publishAsync(deviceUp.telemetry(mac), JSON.stringify({ samples: [{ TI: sample, TEMP: 20 }] }), {
          qos: 1,
        })
        .then(
          () => acked.add(sample),
          () => {},
        )
        .finally(() => pending--);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    acked,
    /** Stops publishing and drops the connection: what was not acknowledged is not counted. */
    async abandon() {
      running = false;
      await loop;
      client.end(true);
    },
    /** Stops publishing and waits until every publish handed to the client is acknowledged. */
    async stop() {
      running = false;
      await loop;
      await waitFor(
        async () => pending === 0,
        60_000,
        () => `${pending} publishes not acknowledged`,
      );
    },
  };
}

/** Waits until every acknowledged TI is stored; answers how long that took. */
async function everyAckedStored(mac: string, acked: Set<number>, timeoutMs = 90_000): Promise<number> {
  const from = Date.now();
  let missing = 0;
  await waitFor(
    async () => {
      const stored = await storedTis(mac);
      missing = [...acked].filter((ti) => !stored.has(ti)).length;
      return missing === 0;
    },
    timeoutMs,
    () => `${missing} of ${acked.size} acknowledged messages not stored`,
  );
  console.log(`cluster figure: ${mac}: ${acked.size} acknowledged, each stored, 0 missing`);
  return Date.now() - from;
}

/** Health must be back this soon after the broker is (docs/operations.md, Faults). */
const HEALTHY_AFTER_BROKER_MS = 2000;

/**
 * `count` simulated gateways of their own (fresh MACs) publishing a sample every 200 ms each and keeping every
 * sample until the portal confirms it stored (docs/mqtt.md 2.3). `drainAndCheck` stops their measuring, waits
 * until each has nothing left unconfirmed, and checks that the database holds exactly the samples each was told
 * are stored: none lost, none twice (the key is the sample time), none refused or dropped.
 */
async function confirmingFleet(count: number) {
  const fleetMacs = freshMacs.splice(0, count);
  if (fleetMacs.length < count) throw new Error('not enough gateways registered for the fleets');
  const simulation = startSimulation({
    brokerUrl: mosquitto.url,
    gateways: fleetMacs.map((mac) => ({ mac })),
    telemetryIntervalMs: 200,
    locks: { openingsPerHour: 0 },
    seed: 7,
  });
  simulations.push(simulation);
  await simulation.whenConnected(20_000);
  return {
    async drainAndCheck(fault: string, brokerBackAt: number) {
      for (const gateway of simulation.gateways) gateway.stopMeasuring();
      await waitFor(
        async () => simulation.stats().backlogSamples === 0,
        90_000,
        () => `${simulation.stats().backlogSamples} samples not confirmed stored`,
      );
      figure(`every sample confirmed stored after Mosquitto is back (${fault})`, Date.now() - brokerBackAt);
      const rows = await query<{ mac: string; rows: string }>(
        'select mac, count(*) as rows from telemetry where mac = any($1) group by mac',
        [fleetMacs],
      );
      const storedByMac = new Map(rows.map((r) => [r.mac, Number(r.rows)]));
      const stats = simulation.stats();
      expect({ refused: stats.refusedSamples, dropped: stats.droppedSamples }).toEqual({
        refused: 0,
        dropped: 0,
      });
      let confirmed = 0;
      for (const gateway of simulation.gateways) {
        const totals = gateway.telemetryTotals();
        confirmed += totals.confirmed;
        expect(storedByMac.get(gateway.mac) ?? 0, gateway.mac).toBe(totals.confirmed);
      }
      console.log(`cluster figure: ${fault}: ${confirmed} samples confirmed, each stored once, 0 missing`);
      await simulation.stop();
    },
  };
}

let lastHealth = '';
const health = (url: string) =>
  fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
    async (r) => {
      lastHealth = `${r.status} ${await r.text()}`;
      return r.status;
    },
    (error: Error) => {
      lastHealth = error.message;
      return 0;
    },
  );
const explainHealth = () => `health: ${lastHealth}; instance b: ${instances.b.server.output().slice(-3000)}`;

beforeAll(async () => {
  [postgres, mosquitto] = await Promise.all([startOwnPostgres(), startOwnMosquitto()]);
  dataDir = await mkdtemp(join(tmpdir(), 'cluster-data-'));
  common = {
    DATABASE_URL: postgres.url,
    MQTT_URL: mosquitto.url,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    DEMO: '0',
    ROOT_EMAIL,
    ROOT_PASSWORD,
    MQTT_CONSUMERS: '2',
    LOG_LEVEL: 'info',
  };
  // The first start migrates and seeds; the gateways are registered before the instances start.
  const seed = await buildApp(
    loadConfig({ ...common, PORT: '0', MQTT_CLIENT_ID: 'cluster-seed' }),
    pino({ level: 'silent' }),
  );
  const tenants = new TenantsRepository(seed.database.db);
  const root = await tenants.findByKind('root');
  rootTenant = root!.id;
  for (let i = 0; i < 3; i++)
    macs.push((await seed.services.gateways.provision(rootTenant, randomMac(), `Cluster ${i}`)).mac);
  for (let i = 0; i < 20; i++)
    freshMacs.push((await seed.services.gateways.provision(rootTenant, randomMac(), `Fleet ${i}`)).mac);
  const customer = await tenants.insert({
    name: 'Cluster customer',
    customer_id: 'CLUSTER-1',
    kind: 'customer',
    parent_id: rootTenant,
    ancestors: [...root!.ancestors, rootTenant],
    primary_theme_color: '#123456',
    secondary_theme_color: '#ffffff',
  });
  customerId = customer.id;
  await seed.app.close();
  // The seeding portal is no instance: its sessions at the broker go (else they keep a share of the traffic).
  await query("delete from broker_sessions where client_id = 'cluster-seed'");
  await endBrokerSessions(mosquitto.url, 'cluster-seed', 2);
  await Promise.all([startInstance('a'), startInstance('b')]);
  nginx = await startOwnNginx([instances.a.url, instances.b.url].map((u) => u.replace('http://', '')));
}, 240_000);

afterAll(async () => {
  tearingDown = true;
  // A rejection nobody handled is logged and survived (main.ts); printed here so it is seen and fixed.
  for (const [name, instance] of Object.entries(instances))
    for (const line of instance.server.output().split('\n'))
      if (line.includes('unhandled promise rejection')) console.error(`instance ${name}: ${line}`);
  for (const client of clients) client.end(true);
  await Promise.all(simulations.map((simulation) => simulation.stop()));
  for (const instance of Object.values(instances))
    if (instance.server.child.exitCode === null) instance.server.child.kill('SIGTERM');
  await Promise.all(Object.values(instances).map((instance) => instance.server.exited));
  await nginx?.remove();
  await mosquitto?.remove();
  await postgres?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 120_000);

describe('two portal instances behind nginx (cluster)', () => {
  it('a browser on one instance receives the live samples of messages both instances consumed', async () => {
    const cookie = await signIn(nginx.url);
    // The same session on both instances: sessions live in the database.
    const onA = liveBrowser(instances.a.url, cookie, live.graph(rootTenant, macs[0]!));
    const onB = liveBrowser(instances.b.url, cookie, live.graph(rootTenant, macs[0]!));
    await Promise.all([onA.open(), onB.open()]);
    const gateway = await publishingGateway(macs[0]!, 20);
    await new Promise((r) => setTimeout(r, 1000));
    await gateway.stop();
    // The shared subscription splits the gateway's messages among the four consumer connections of the two
    // instances; each browser still hears every one of them (the live channels go through the broker).
    for (const browser of [onA, onB])
      await waitFor(
        async () => [...gateway.acked].every((ti) => browser.state.tis.has(ti)),
        20_000,
        () => `browser heard ${browser.state.tis.size} of ${gateway.acked.size}`,
      );
    await everyAckedStored(macs[0]!, gateway.acked);
    onA.stop();
    onB.stop();
  });

  it('PostgreSQL restarted under load: health says degraded, then everything acknowledged is stored', async () => {
    const gateway = await publishingGateway(macs[2]!, 50);
    await new Promise((r) => setTimeout(r, 1000));
    await postgres.stop();
    const stoppedAt = Date.now();
    await waitFor(async () => (await health(nginx.url)) === 503, 20_000, explainHealth);
    await new Promise((r) => setTimeout(r, 2000));
    await postgres.start();
    const startedAt = Date.now();
    await waitFor(async () => (await health(nginx.url)) === 200, 60_000, explainHealth);
    figure('PostgreSQL down', startedAt - stoppedAt);
    figure('healthy again after PostgreSQL is back', Date.now() - startedAt);
    await new Promise((r) => setTimeout(r, 1000));
    await gateway.stop();
    await everyAckedStored(macs[2]!, gateway.acked);
    figure('every acknowledged message stored after PostgreSQL is back', Date.now() - startedAt);
  }, 120_000);

  it('Mosquitto restarted (about a second) while gateways publish: health back within 2 s, every sample stored once', async () => {
    const fleet = await confirmingFleet(10);
    await new Promise((r) => setTimeout(r, 2000));
    await mosquitto.stop();
    const stoppedAt = Date.now();
    await waitFor(async () => (await health(nginx.url)) === 503, 20_000, explainHealth);
    await mosquitto.start();
    const startedAt = Date.now();
    figure('Mosquitto down (short restart)', startedAt - stoppedAt);
    // Each instance, not only the one nginx asks: both subscribe again and say so.
    await waitFor(
      async () =>
        (await health(instances.a.url)) === 200 &&
        (await health(instances.b.url)) === 200 &&
        instances.a.server.output().includes('MQTT broker is back') &&
        instances.b.server.output().includes('MQTT broker is back'),
      60_000,
      explainHealth,
    );
    figure('both instances healthy again after Mosquitto is back (short restart)', Date.now() - startedAt);
    expect(Date.now() - startedAt).toBeLessThan(HEALTHY_AFTER_BROKER_MS);
    await new Promise((r) => setTimeout(r, 2000));
    await fleet.drainAndCheck('short restart', startedAt);
  }, 180_000);

  it('Mosquitto killed for 15 s, gateways back before the portal: nothing they were told is stored is lost', async () => {
    const fleet = await confirmingFleet(10);
    // A plain QoS 1 publisher too, counting PUBACKs only: what the broker's restart costs a gateway that does not
    // wait for the portal's confirmation (a figure, not a promise: docs/mqtt.md 2.3).
    const plain = await publishingGateway(macs[1]!, 100);
    await new Promise((r) => setTimeout(r, 2000));
    await mosquitto.kill(); // what it held in memory since its last save is gone too
    const stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, 15_000));
    // The portal instances are held still while the broker comes back: gateways reconnect first and send their
    // backlog to a broker where nothing is subscribed (Mosquitto 2.0 restores no shared subscription).
    for (const name of ['a', 'b'] as const) instances[name].server.child.kill('SIGSTOP');
    await mosquitto.start();
    const startedAt = Date.now();
    await new Promise((r) => setTimeout(r, 3000));
    for (const name of ['a', 'b'] as const) instances[name].server.child.kill('SIGCONT');
    const resumedAt = Date.now();
    figure('Mosquitto down (kill -9)', startedAt - stoppedAt);
    await waitFor(async () => (await health(nginx.url)) === 200, 60_000, explainHealth);
    figure('healthy again after the portal resumed (broker back 3 s before)', Date.now() - resumedAt);
    expect(Date.now() - resumedAt).toBeLessThan(HEALTHY_AFTER_BROKER_MS);
    await new Promise((r) => setTimeout(r, 2000));
    await plain.stop();
    const stored = await storedTis(macs[1]!);
    figure(
      'plain QoS 1 publisher: acknowledged by the broker and never stored (count, not ms)',
      [...plain.acked].filter((ti) => !stored.has(ti)).length,
    );
    await fleet.drainAndCheck('kill -9 for 15 s', startedAt);
  }, 240_000);

  it('kill -9 of one instance while gateways publish: nothing acknowledged is lost, browsers and jobs move to the other', async () => {
    // Both instances lived through the restarts above (a lost PostgreSQL connection once ended one: database.ts).
    for (const name of ['a', 'b'] as const) expect(instances[name].server.child.exitCode).toBeNull();
    const cookie = await signIn(nginx.url);
    const browsers = [0, 1, 2, 3].map(() => liveBrowser(nginx.url, cookie, live.graph(rootTenant, macs[1]!)));
    for (const browser of browsers) await browser.open();
    const gateways = await Promise.all(macs.map((mac) => publishingGateway(mac, 50)));
    await new Promise((r) => setTimeout(r, 1000));

    // A customer deletion started on A, which A is running or about to run when it dies.
    const started = await fetch(`${instances.a.url}/api/customers/${customerId}/deletion`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(started.status).toBe(202);
    instances.a.server.child.kill('SIGKILL');
    const killedAt = Date.now();
    await instances.a.server.exited;

    // Browsers that were on A are closed and reconnect through nginx to B.
    await waitFor(
      async () => browsers.some((b) => b.state.closedAt > 0),
      10_000,
      () => 'no browser was on A',
    );
    const moved = browsers.filter((b) => b.state.closedAt > 0);
    expect(moved.length).toBeLessThan(browsers.length);
    await waitFor(
      async () => moved.every((b) => b.state.reconnectedAt > 0),
      30_000,
      () => 'browsers not reconnected',
    );
    figure(
      'browser reconnect after kill -9 (slowest)',
      Math.max(...moved.map((b) => b.state.reconnectedAt - killedAt)),
    );
    expect(await health(nginx.url)).toBe(200);
    const heardBefore = browsers.map((b) => b.state.tis.size);
    await new Promise((r) => setTimeout(r, 1500));
    for (const gateway of gateways) await gateway.stop();
    // Every browser hears samples published after the kill (B relays them).
    for (const [i, browser] of browsers.entries())
      expect(browser.state.tis.size).toBeGreaterThan(heardBefore[i]!);

    // What the broker had given A's sessions is taken over by B after the lease and stored.
    await Promise.all(macs.map((mac, i) => everyAckedStored(mac, gateways[i]!.acked)));
    figure('every acknowledged message stored after kill -9', Date.now() - killedAt);
    await waitFor(
      async () =>
        instances.b.server.output().includes('broker sessions of a silent instance taken over and ended'),
      30_000,
      () => 'the takeover did not end',
    );

    // The deletion job finishes on B (after A's claim ran out, when A had claimed it).
    await waitFor(
      async () => {
        const response = await fetch(`${nginx.url}/api/customers/${customerId}/deletion`, {
          headers: { cookie },
        });
        return response.status === 200 && ((await response.json()) as { state: string }).state === 'done';
      },
      90_000,
      () => 'customer deletion not finished',
    );
    figure('customer deletion done after kill -9', Date.now() - killedAt);
    for (const browser of browsers) browser.stop();
  }, 150_000);
});
