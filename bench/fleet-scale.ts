/**
 * Fleet scale (issue 33): N simulated gateways (default 20,000) against TWO portal instances, as in production:
 * separate processes on one PostgreSQL database of their own, behind one Mosquitto of their own (password file
 * and ACL of docs/operations.md), sharing MQTT_SHARE_GROUP with distinct MQTT_CLIENT_IDs. Each gateway sends one
 * numbered telemetry sample every --interval seconds from a random offset (bench/lib/fleet-worker.ts: the
 * simulator's connection and sensor model), for --minutes. Prints the fleet's connect time, offered and stored
 * rates, publish-to-stored latency (the portal's stored confirmation), CPU and memory of each portal instance,
 * Mosquitto and the database's PostgreSQL backends, and the CPU each spends per stored sample: the figure
 * docs/scaling.md extrapolates from.
 *
 *   node --import tsx bench/fleet-scale.ts [--gateways 20000] [--minutes 3] [--interval 10] [--consumers 8]
 *     [--per-worker 5000] [--concurrency 100] [--online-timeout 20]
 *
 * Phases: connect (each gateway connects, subscribes and announces itself online; the phase ends when the
 * portals have taken every announcement, at most --online-timeout minutes), 10 s idle, then publishing.
 *
 * Everything it makes (database, broker, processes, directories) is removed at the end; loopback only.
 */
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import pg from 'pg';
import { digest, newSecret } from '../apps/server/src/lib/crypto.ts';
import { createPostgresDatabase, isolatedPortalEnv, randomMac } from '../apps/server/test/harness.ts';
import { fmt, machineLine, mosquittoVersion, percentile, table } from './lib/conditions.ts';
import type { FleetCounters, FleetPublish, FleetStart, TrackedSample } from './lib/fleet-worker.ts';
import { MOSQUITTO_BIN, startMosquitto } from './lib/mosquitto.ts';
import type { PortalStart } from './lib/portal-worker.ts';
import { machineCpuTicks, processCpuMs, processRss } from './lib/proc.ts';
import { startWorker, type Worker } from './lib/worker.ts';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '20000' },
    minutes: { type: 'string', default: '3' },
    interval: { type: 'string', default: '10' },
    consumers: { type: 'string', default: '8' },
    'per-worker': { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '100' },
    'online-timeout': { type: 'string', default: '20' },
    'track-every': { type: 'string', default: '100' },
  },
});
const intervalMs = Number(values.interval) * 1000;
const durationMs = Number(values.minutes) * 60_000;
const consumers = Number(values.consumers);
const perWorker = Number(values['per-worker']);
const onlineTimeoutMs = Number(values['online-timeout']) * 60_000;

/** The soft limit on open files this process (and the broker it starts) inherits. */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3]) || Number.POSITIVE_INFINITY;
}

// Mosquitto holds one descriptor per connection: the gateways, each instance's consumers and its own client,
// plus a few of its own. Beyond the machine's limit connections are refused, so the fleet is capped there.
const brokerReserve = 2 * (consumers + 2) + 16;
const requested = Number(values.gateways);
const gatewayCount = Math.min(requested, openFilesLimit() - brokerReserve);

/** Private memory of a process (RssAnon): a PostgreSQL backend's RSS also counts the shared buffers it touched. */
function privateRss(pid: number): number {
  try {
    const match = /^RssAnon:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** A line of Mosquitto's password file: PBKDF2-SHA512, 101 iterations, 12-byte salt, as mosquitto_passwd writes. */
function mosquittoPasswordLine(user: string, password: string): string {
  const salt = randomBytes(12);
  const hash = pbkdf2Sync(password, salt, 101, 64, 'sha512');
  return `${user}:$7$101$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** docs/operations.md, "External broker": the gateways' patterns and the portal's own user. */
const ACL = [
  'user portal',
  'topic readwrite gateways/#',
  'topic readwrite portal/#',
  'topic read $SYS/broker/publish/messages/dropped',
  '',
  ...[
    'status',
    'state',
    'telemetry',
    'events',
    'scan',
    'locks',
    'lock-events',
    'agent-config',
    'response/+/+',
  ].map((t) => `pattern write gateways/%u/send/${t}`),
  'pattern write gateways/+/onboarding/status/%u',
  'pattern read gateways/+/command/%u',
  'pattern read gateways/%u/receive/#',
  'pattern read gateways/+/onboarding/command/%u',
  'pattern read gateways/+/onboarding/command/stop',
  'pattern read gateways/flow-control',
];

/** CPU of a group of processes over a window: baselines at `mark`, the latest reading of each at every `read`. */
class CpuGroup {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  peakRss = 0;
  constructor(private readonly rss: (pid: number) => number = processRss) {}

  read(pids: number[]): void {
    let rss = 0;
    for (const pid of pids) {
      const ms = processCpuMs(pid);
      if (ms === null) continue;
      // A process first seen after the mark counts from zero (a new database backend).
      if (!this.first.has(pid)) this.first.set(pid, this.marked ? 0 : ms);
      this.last.set(pid, ms);
      rss += this.rss(pid);
    }
    this.peakRss = Math.max(this.peakRss, rss);
  }

  private marked = false;
  mark(pids: number[]): void {
    this.first.clear();
    this.last.clear();
    this.marked = false;
    this.read(pids);
    this.marked = true;
  }

  get ms(): number {
    let total = 0;
    for (const [pid, ms] of this.last) total += ms - (this.first.get(pid) ?? 0);
    return total;
  }
}

const undo: (() => Promise<unknown>)[] = [];
const loads: number[] = [];
try {
  const macs = Array.from({ length: gatewayCount }, () => randomMac());
  const passwords = macs.map(() => newSecret());
  const portalPassword = newSecret();

  const mosquitto = await startMosquitto(async (dir) => {
    await chmod(dir, 0o755); // Mosquitto started as root reads its files as its own user
    const lines = [mosquittoPasswordLine('portal', portalPassword)];
    for (const [i, mac] of macs.entries()) lines.push(mosquittoPasswordLine(mac, passwords[i]!));
    await writeFile(join(dir, 'passwords'), `${lines.join('\n')}\n`, { mode: 0o644 });
    await writeFile(join(dir, 'acl'), `${ACL.join('\n')}\n`, { mode: 0o644 });
    return [
      `password_file ${join(dir, 'passwords')}`,
      `acl_file ${join(dir, 'acl')}`,
      'max_packet_size 263168',
    ];
  });
  undo.push(() => mosquitto.stop());

  const dbName = `bench_fleet_${randomBytes(4).toString('hex')}`;
  const database = await createPostgresDatabase({ empty: true, name: dbName });
  undo.push(database.drop);
  const admin = new pg.Client({ connectionString: database.url });

  const brokerUrl = new URL(mosquitto.url);
  brokerUrl.username = 'portal';
  brokerUrl.password = portalPassword;
  const shareGroup = `bench-fleet-${randomMac()}`;
  const portals: Worker[] = [];
  const startPortal = async (name: string) => {
    const dataDir = await mkdtemp(join(tmpdir(), `bench-fleet-${name}-`));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));
    const portal = await startWorker(new URL('./lib/portal-worker.ts', import.meta.url));
    // A portal that stops stores what it holds; with a backlog still at the broker this can take minutes, and
    // the broker and the database go next anyway: 30 s, then it is killed.
    undo.push(async () => {
      const timer = setTimeout(() => process.kill(portal.pid, 'SIGKILL'), 30_000);
      await portal.stop();
      clearTimeout(timer);
    });
    await portal.call('start', {
      env: {
        ...isolatedPortalEnv(dataDir),
        ROOT_PASSWORD: `bench-${randomMac()}`,
        DATABASE_URL: database.url,
        MQTT_URL: brokerUrl.toString(),
        MQTT_CLIENT_ID: `bench-fleet-${name}-${randomMac()}`,
        MQTT_SHARE_GROUP: shareGroup,
        MQTT_CONSUMERS: String(consumers),
      },
      macs: [],
    } satisfies PortalStart);
    portals.push(portal);
  };

  const loadBefore = loadavg();
  console.log('fleet-scale benchmark: two portal instances (PostgreSQL + Mosquitto), simulated gateways');
  console.log(`${machineLine()}; ${mosquittoVersion(MOSQUITTO_BIN)}`);
  console.log(
    `load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')} (the machine is shared: CPU per sample is the robust figure)`,
  );
  if (gatewayCount < requested)
    console.log(
      `${fmt.int(requested)} gateways asked; ${fmt.int(gatewayCount)} run: this machine allows ${fmt.int(openFilesLimit())} open files a process, and the broker needs one per connection (${brokerReserve} kept for the portals' own)`,
    );

  // The first instance migrates the empty database; the gateways are then stored as the registry stores them
  // (gateways.repository.ts upsertWithCredential: the credential's SHA-256 digest), in bulk; then the second.
  await startPortal('a');
  await admin.connect();
  undo.push(() => admin.end());
  const root = await admin.query<{ id: string }>("SELECT id FROM tenants WHERE kind = 'root'");
  const provisionFrom = performance.now();
  for (let i = 0; i < macs.length; i += 5000) {
    await admin.query(
      `INSERT INTO gateways (mac, name, tenant_id, credential_hash, registered, updated_at)
       SELECT m, 'Fleet ' || (n + $4), $3, h, true, now()
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(m, h, n)`,
      [macs.slice(i, i + 5000), passwords.slice(i, i + 5000).map(digest), root.rows[0]!.id, i],
    );
  }
  const provisionMs = performance.now() - provisionFrom;
  await startPortal('b');
  console.log(
    `${fmt.int(gatewayCount)} gateways provisioned in ${fmt.ms(provisionMs)}; 2 instances, ${consumers} consumer connections each (MQTT_CONSUMERS), share group ${shareGroup}`,
  );

  // The fleet, in slices of --per-worker gateways per process.
  const fleets: Worker[] = [];
  for (let i = 0; i < gatewayCount; i += perWorker) {
    const fleet = await startWorker(new URL('./lib/fleet-worker.ts', import.meta.url));
    undo.push(() => fleet.stop());
    fleets.push(fleet);
  }
  const fleetCounters = async () => {
    const all = await Promise.all(fleets.map((f) => f.call<FleetCounters>('counters')));
    const sum = { ...all[0]! };
    for (const c of all.slice(1))
      for (const key of Object.keys(sum) as (keyof FleetCounters)[]) sum[key] += c[key];
    return sum;
  };
  const portalSamples = async () => {
    const counts = await Promise.all(portals.map((p) => p.call<{ samples: number }>('counters')));
    return counts.map((c) => c.samples);
  };
  let backendPids: number[] = [];
  const refreshBackends = async () => {
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    );
    backendPids = rows.map((r) => r.pid);
  };
  const groups = {
    'portal a': new CpuGroup(),
    'portal b': new CpuGroup(),
    mosquitto: new CpuGroup(),
    'postgresql (backends)': new CpuGroup(privateRss),
    'fleet (simulator)': new CpuGroup(),
  };
  const pidsOf = (): Record<keyof typeof groups, number[]> => ({
    'portal a': [portals[0]!.pid],
    'portal b': [portals[1]!.pid],
    mosquitto: [mosquitto.pid],
    'postgresql (backends)': backendPids,
    'fleet (simulator)': fleets.map((f) => f.pid),
  });
  const mark = async () => {
    await refreshBackends();
    const pids = pidsOf();
    for (const [name, group] of Object.entries(groups)) group.mark(pids[name as keyof typeof groups]);
  };
  const read = async () => {
    await refreshBackends();
    const pids = pidsOf();
    for (const [name, group] of Object.entries(groups)) group.read(pids[name as keyof typeof groups]);
  };
  /** CPU over a window; with `idle` (cores when idle) also the CPU above idle per sample. */
  const cpuTable = (seconds: number, samples: number, idle?: Record<keyof typeof groups, number>) => {
    const rows = [['process', 'CPU s', 'cores', 'µs / sample', ...(idle ? ['above idle'] : []), 'peak RSS']];
    for (const [name, group] of Object.entries(groups)) {
      const aboveIdle = idle ? group.ms - idle[name as keyof typeof groups] * seconds * 1000 : 0;
      rows.push([
        name,
        (group.ms / 1000).toFixed(1),
        (group.ms / 1000 / seconds).toFixed(2),
        samples > 0 ? fmt.int((group.ms * 1000) / samples) : 'n/a',
        ...(idle ? [fmt.int((aboveIdle * 1000) / samples)] : []),
        fmt.mib(group.peakRss),
      ]);
    }
    return table(rows);
  };

  // Connect: every gateway connects with its credential, subscribes and announces itself online.
  await mark();
  const machineAtConnect = machineCpuTicks();
  const connectFrom = performance.now();
  const connecting = fleets.map((fleet, w) =>
    fleet.call('connect', {
      brokerUrl: mosquitto.url,
      gateways: macs
        .slice(w * perWorker, (w + 1) * perWorker)
        .map((mac, i) => ({ mac, password: passwords[w * perWorker + i]! })),
      concurrency: Number(values.concurrency),
      seed: 1,
      trackEvery: Number(values['track-every']),
    } satisfies FleetStart),
  );
  const progress = setInterval(() => void read(), 2000);
  undo.push(async () => clearInterval(progress));
  await Promise.all(connecting);
  const connectMs = performance.now() - connectFrom;
  // Each connect's {"CS":1} costs the portal more than a sample (the status, its history, and what a gateway
  // coming back gets: pending instructions, rollouts, agent configuration, lock access), and telemetry waits
  // behind them at the broker: the connect ends when the portals have taken every announcement.
  // Taken is not handled: the portals are done when they have taken them all and hold none.
  const portalProgress = async () => {
    const counters = await Promise.all(
      portals.map((p) => p.call<{ received: number; pending: number }>('counters')),
    );
    return {
      received: counters.reduce((sum, c) => sum + c.received, 0),
      pending: counters.reduce((sum, c) => sum + c.pending, 0),
    };
  };
  let announced = (await fleetCounters()).announced;
  let portalsNow = await portalProgress();
  while (
    (portalsNow.received < announced || portalsNow.pending > 0) &&
    performance.now() - connectFrom < onlineTimeoutMs
  ) {
    await sleep(1000);
    announced = (await fleetCounters()).announced;
    portalsNow = await portalProgress();
  }
  const handledMs = performance.now() - connectFrom;
  const handled = portalsNow.received - portalsNow.pending;
  await read();
  const machineAfterConnect = machineCpuTicks();
  console.log(
    `\nconnect: ${fmt.int(gatewayCount)} gateways connected, subscribed and announced online (acknowledged by the broker) in ${(connectMs / 1000).toFixed(1)} s ` +
      `(${fmt.int(gatewayCount / (connectMs / 1000))} connections/s, ${values.concurrency} opening at once per fleet process, ${fleets.length} processes); ` +
      `machine busy ${fmt.pct((100 * (machineAfterConnect.busy - machineAtConnect.busy)) / (machineAfterConnect.total - machineAtConnect.total))}`,
  );
  console.log(
    `online announcements taken by the portals: ${fmt.int(handled)} of ${fmt.int(announced)} ${(handledMs / 1000).toFixed(1)} s after the first connect ` +
      `(${fmt.int(handled / (handledMs / 1000))}/s)${handled < announced ? `: NOT all within ${values['online-timeout']} min` : ''}`,
  );
  console.log(cpuTable(handledMs / 1000, gatewayCount).replace('µs / sample', 'µs / connect'));

  // A wrong credential is refused (the broker's password file is in force), and the idle cost: 10 s of the
  // connected fleet sending nothing (keepalives, the portals' probes and jobs).
  const refused = await mqtt
    .connectAsync(mosquitto.url, {
      clientId: macs[0]!,
      username: macs[0]!,
      password: 'not-its-credential',
      reconnectPeriod: 0,
    })
    .then(
      (client) => client.endAsync().then(() => false),
      () => true,
    );
  console.log(`a wrong credential is refused by the broker: ${refused ? 'yes' : 'NO'}`);
  await mark();
  const idleFrom = performance.now();
  await sleep(10_000);
  await read();
  const idleSeconds = (performance.now() - idleFrom) / 1000;
  const idleCores = Object.fromEntries(
    Object.entries(groups).map(([name, group]) => [name, group.ms / 1000 / idleSeconds]),
  ) as Record<keyof typeof groups, number>;
  console.log(
    `idle (connected, nothing sent, ${idleSeconds.toFixed(0)} s), cores: ${Object.entries(idleCores)
      .map(([name, cores]) => `${name} ${cores.toFixed(3)}`)
      .join(', ')}`,
  );

  // What the database holds before the telemetry: its growth per stored sample is the disk a sample costs.
  const tableSizes = async () => {
    const { rows } = await admin.query<{ name: string; bytes: string }>(
      'SELECT relname AS name, pg_total_relation_size(relid) AS bytes FROM pg_stat_user_tables',
    );
    return new Map(rows.map((r) => [r.name, Number(r.bytes)]));
  };
  const sizesBefore = await tableSizes();
  // Stored means in the telemetry table: the portals' own counts also count a message handled twice (one
  // redelivered after a consumer's reconnect, or taken over from an instance thought dead: its rows exist once).
  const storedRows = async () =>
    Number((await admin.query<{ n: string }>('SELECT count(*) AS n FROM telemetry')).rows[0]!.n);
  const samplesBefore = await storedRows();

  // Publish: one sample per gateway per interval; the first interval is the ramp (random offsets).
  await Promise.all(fleets.map((f) => f.call('publish', { intervalMs, durationMs } satisfies FleetPublish)));
  const publishFrom = performance.now();
  // Publish-to-stored latency of a sample of messages (every --track-every-th gateway's): each poll looks for
  // the tracked samples in the database and counts those it finds as stored when it started (ingest-peer's
  // method: figures are up to one poll, 250 ms, too high).
  const pending = new Map<string, TrackedSample>();
  const dbLatencies: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const started = Date.now();
      const sent = await Promise.all(fleets.map((f) => f.call<TrackedSample[]>('tracked')));
      for (const t of sent.flat()) pending.set(`${t.mac}:${t.ti}`, t);
      if (pending.size > 0) {
        const waiting = [...pending.values()];
        const at = Date.now();
        const { rows } = await admin.query<{ mac: string; ti: string }>(
          'SELECT mac, ti FROM telemetry WHERE mac = ANY($1::text[]) AND ti >= $2',
          [[...new Set(waiting.map((t) => t.mac))], Math.min(...waiting.map((t) => t.ti))],
        );
        for (const row of rows) {
          const key = `${row.mac}:${row.ti}`;
          const tracked = pending.get(key);
          if (!tracked) continue;
          dbLatencies.push(at - tracked.sentAt);
          pending.delete(key);
        }
      }
      await sleep(Math.max(0, 250 - (Date.now() - started)));
    }
  })();
  undo.push(async () => {
    polling = false;
    await poller;
  });
  console.log(
    `\npublishing: 1 sample / ${intervalMs / 1000} s per gateway = ${fmt.int(gatewayCount / (intervalMs / 1000))} messages/s expected, for ${values.minutes} min`,
  );
  console.log(
    '  time | connected | offered/s | acknowledged/s | stored/s | handled/s (a + b) | confirmed/s | load 1 min',
  );
  let previous = {
    at: publishFrom,
    fleet: await fleetCounters(),
    handled: await portalSamples(),
    stored: await storedRows(),
  };
  let windowStart: {
    at: number;
    fleet: FleetCounters;
    stored: number;
    machine: ReturnType<typeof machineCpuTicks>;
  } | null = null;
  while (performance.now() - publishFrom < durationMs) {
    await sleep(10_000);
    const now = {
      at: performance.now(),
      fleet: await fleetCounters(),
      handled: await portalSamples(),
      stored: await storedRows(),
    };
    const s = (now.at - previous.at) / 1000;
    const load = loadavg()[0]!;
    loads.push(load);
    console.log(
      [
        `${Math.round((now.at - publishFrom) / 1000)} s`.padStart(6),
        `${fmt.int(now.fleet.connected)}`.padStart(9),
        fmt.int((now.fleet.offered - previous.fleet.offered) / s).padStart(9),
        fmt.int((now.fleet.acknowledged - previous.fleet.acknowledged) / s).padStart(14),
        fmt.int((now.stored - previous.stored) / s).padStart(8),
        `${fmt.int((now.handled.reduce((a, b) => a + b, 0) - previous.handled.reduce((a, b) => a + b, 0)) / s)} (${now.handled.map((n, i) => fmt.int((n - previous.handled[i]!) / s)).join(' + ')})`.padStart(
          17,
        ),
        fmt.int((now.fleet.confirmed - previous.fleet.confirmed) / s).padStart(11),
        load.toFixed(2).padStart(10),
      ].join(' | '),
    );
    previous = now;
    // The steady window starts once every gateway has sent its first sample (after one interval).
    if (!windowStart && now.at - publishFrom >= intervalMs) {
      await mark();
      windowStart = {
        at: performance.now(),
        fleet: now.fleet,
        stored: now.stored,
        machine: machineCpuTicks(),
      };
    }
  }
  await read();
  const windowEnd = {
    at: performance.now(),
    fleet: await fleetCounters(),
    stored: await storedRows(),
    machine: machineCpuTicks(),
  };
  clearInterval(progress);

  // Drain: what was acknowledged gets stored (at most 60 s).
  const drainFrom = performance.now();
  let final = await fleetCounters();
  while (performance.now() - drainFrom < 60_000) {
    final = await fleetCounters();
    if ((await storedRows()) - samplesBefore >= final.acknowledged) break;
    await sleep(500);
  }
  const drainMs = performance.now() - drainFrom;
  polling = false;
  await poller;
  const latencies = (await Promise.all(fleets.map((f) => f.call<number[]>('latencies')))).flat();
  const inDatabase = Number(
    (await admin.query<{ n: string }>('SELECT count(*) AS n FROM telemetry')).rows[0]!.n,
  );

  const sizesAfter = await tableSizes();
  const samplesStored = (await storedRows()) - samplesBefore;
  const samplesHandled = (await portalSamples()).reduce((a, b) => a + b, 0);
  const growth = [...sizesAfter]
    .map(([name, bytes]) => ({ name, bytes: bytes - (sizesBefore.get(name) ?? 0) }))
    .filter((t) => t.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  const totalGrowth = growth.reduce((sum, t) => sum + t.bytes, 0);

  const w = windowStart!;
  const seconds = (windowEnd.at - w.at) / 1000;
  const storedInWindow = windowEnd.stored - w.stored;
  const machineBusy =
    (100 * (windowEnd.machine.busy - w.machine.busy)) / (windowEnd.machine.total - w.machine.total);
  console.log(
    `\nsteady window ${seconds.toFixed(0)} s (from the end of the first interval to the end of publishing):`,
  );
  console.log(
    `  offered ${fmt.int((windowEnd.fleet.offered - w.fleet.offered) / seconds)} messages/s, acknowledged by the broker ${fmt.int((windowEnd.fleet.acknowledged - w.fleet.acknowledged) / seconds)}/s, ` +
      `stored ${fmt.int(storedInWindow / seconds)} samples/s (1 sample a message); machine busy ${fmt.pct(machineBusy)} of 2 cores`,
  );
  console.log(
    `  load average during the run: min ${Math.min(...loads).toFixed(2)}, mean ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(2)}, max ${Math.max(...loads).toFixed(2)}`,
  );
  console.log(cpuTable(seconds, storedInWindow, idleCores));
  console.log(
    `\nwhole run: offered ${fmt.int(final.offered)}, acknowledged ${fmt.int(final.acknowledged)}, failed ${fmt.int(final.failed)}, ` +
      `confirmed stored ${fmt.int(final.confirmed)}, refused ${fmt.int(final.refused)}, reconnects ${fmt.int(final.reconnects)}; ` +
      `rows in the telemetry table ${fmt.int(inDatabase)} (samples the portals handled ${fmt.int(samplesHandled)}: the difference was handled twice); ` +
      `${fmt.int(final.acknowledged - inDatabase)} acknowledged by the broker not stored ${(drainMs / 1000).toFixed(0)} s after publishing ended`,
  );
  const spread = (values: number[]) =>
    `p50 ${fmt.ms(percentile(values, 50))}, p95 ${fmt.ms(percentile(values, 95))}, p99 ${fmt.ms(percentile(values, 99))}, max ${fmt.ms(percentile(values, 100))}`;
  console.log(
    `publish-to-stored latency, every ${values['track-every']}th gateway's samples found in the database (${fmt.int(dbLatencies.length)} samples, ` +
      `${fmt.int(pending.size)} not found by the end): ${spread(dbLatencies)}`,
  );
  console.log(
    `publish to the gateway's stored confirmation (docs/mqtt.md 2.3; ${fmt.int(latencies.length)} messages): ${spread(latencies)}`,
  );
  console.log(
    `database growth: ${fmt.mib(totalGrowth)} for ${fmt.int(samplesStored)} samples = ${fmt.int(totalGrowth / samplesStored)} bytes a sample (tables and their indexes, not WAL): ` +
      growth
        .slice(0, 5)
        .map((t) => `${t.name} ${fmt.int(t.bytes / samplesStored)}`)
        .join(', '),
  );
  const perSample = (name: keyof typeof groups) => (groups[name].ms * 1000) / storedInWindow;
  const portalUs = perSample('portal a') + perSample('portal b');
  console.log(
    `\nat 10,000 samples/s (100,000 gateways) this costs, in cores: portals ${((portalUs * 10_000) / 1e6).toFixed(2)}, ` +
      `Mosquitto ${((perSample('mosquitto') * 10_000) / 1e6).toFixed(2)}, PostgreSQL backends ${((perSample('postgresql (backends)') * 10_000) / 1e6).toFixed(2)}` +
      ' (x10 at 1,000,000 gateways; docs/scaling.md)',
  );
} finally {
  for (const step of undo.reverse()) await step().catch((e) => console.error('cleanup:', e));
}
