/**
 * Ingest against a peer: the same telemetry load through
 *   ours      — the portal in PostgreSQL mode (DATABASE_URL + MQTT_URL = Mosquitto, shared subscription),
 *   peer      — Mosquitto -> a minimal mqtt.js subscriber batching multi-row INSERTs (bench/lib/peer-worker.ts),
 *   embedded  — the portal on its defaults (PGlite + its Aedes broker),
 *   ours2     — (only when asked) two portal instances in PostgreSQL mode on one database and one Mosquitto,
 *               one share group, each with --consumers connections: the ceiling of two against one,
 * one after the other in one run. Each pipeline runs in a process of its own (CPU and memory are its own);
 * this process is the fleet (K mqtt.js gateways) and the stopwatch.
 *
 * Phases per pipeline, after a warm-up:
 *   paced     the fleet offers --rate data points/s (a data point is one metric value; a sample carries 9)
 *             for --paced s, open loop: each gateway sends a message of --burst samples on a fixed cadence.
 *             The embedded pipeline is also run at half the rate (its goal).
 *   capacity  closed loop for --capacity s: gateways send as fast as the pipeline stores, with at most
 *             --outstanding samples published but not yet queryable. Its rate is the pipeline's ceiling.
 *
 * Latency is publish -> queryable. External broker: a poller in this process queries the pipeline's table
 * for the TIs still missing every --poll-ms ms; a sample counts as stored at the start of the poll that
 * first sees it (so figures overstate by up to one poll interval). Embedded: the portal acknowledges a
 * message only once stored, so the PUBACK's arrival is the time.
 *
 *   node --import tsx bench/ingest-peer.ts [--gateways 50] [--rate 15000] [--burst 1] [--paced 5]
 *     [--capacity 5] [--outstanding 3000] [--consumers 32] [--pipelines ours,peer,embedded[,ours2]]
 *     [--mosquitto mqtt://127.0.0.1:1883] [--device-max-rate 100000] [--poll-ms 20] [--drain-timeout 20]
 *
 * After each phase it waits until every sample is queryable, giving up after --drain-timeout s or 3 s
 * without progress (a message the pipeline failed to store stays unacknowledged at the broker), and names
 * what is missing. BENCH_DEBUG=1 prints phase timings.
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (TEST_POSTGRES_URL); starts its own Mosquitto unless --mosquitto.
 * Creates one database per PostgreSQL pipeline and drops it; ends the portal's broker sessions.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { deviceUp } from '@portal/contract';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import {
  createPostgresDatabase,
  endBrokerSessions,
  isolatedPortalEnv,
  REAL_POSTGRES,
  randomMac,
} from '../apps/server/test/harness.ts';
import { fmt, machineLine, mosquittoVersion, packageVersion, percentile } from './lib/conditions.ts';
import {
  type PhaseResult,
  type PipelineKey,
  type PipelineResult,
  printReport,
  TITLES,
} from './lib/ingest-report.ts';
import { MOSQUITTO_BIN, MOSQUITTO_SETTINGS, type StartedMosquitto, startMosquitto } from './lib/mosquitto.ts';
import type { PeerStart } from './lib/peer-worker.ts';
import type { PortalStart, PortalStarted } from './lib/portal-worker.ts';
import { cpuBetween, cpuSnapshot, machineCpuTicks, processCpuMs } from './lib/proc.ts';
import { Poller, Tracker } from './lib/sample-tracker.ts';
import { DATA_POINTS_PER_SAMPLE, GatewayTelemetry } from './lib/telemetry.ts';
import { type ProcessStats, startWorker, type Worker } from './lib/worker.ts';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '50' },
    rate: { type: 'string', default: '15000' },
    burst: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '2' },
    paced: { type: 'string', default: '5' },
    capacity: { type: 'string', default: '5' },
    outstanding: { type: 'string', default: '3000' },
    consumers: { type: 'string', default: '32' },
    pipelines: { type: 'string', default: 'ours,peer,embedded' },
    mosquitto: { type: 'string' },
    'poll-ms': { type: 'string', default: '20' },
    'drain-timeout': { type: 'string', default: '20' },
    'device-max-rate': { type: 'string', default: '100000' },
  },
});
const gatewayCount = Number(values.gateways);
const rate = Number(values.rate);
const burst = Number(values.burst);
const warmupSeconds = Number(values.warmup);
const pacedSeconds = Number(values.paced);
const capacitySeconds = Number(values.capacity);
const outstandingLimit = Number(values.outstanding);
const consumers = Number(values.consumers);
const pollMs = Number(values['poll-ms']);
const drainTimeoutMs = Number(values['drain-timeout']) * 1000;
const deviceMaxRate = values['device-max-rate'];
const pipelineKeys = values.pipelines.split(',') as PipelineKey[];
for (const key of pipelineKeys) {
  if (!['ours', 'ours2', 'peer', 'embedded'].includes(key))
    throw new Error(`unknown pipeline ${key}: ours, peer, embedded`);
}

const suffix = () => randomBytes(4).toString('hex');

// ---------------------------------------------------------------------------------------------------------
// Pipelines.

interface Pipeline {
  key: PipelineKey;
  worker: Worker;
  /** ours2: the second portal instance (its CPU and memory are added to the first's). */
  others?: Worker[];
  brokerUrl: string;
  credentials: { mac: string; password: string }[];
  /** Embedded: the PUBACK means stored. Otherwise a poller on `database` watches `table`. */
  ackMeansStored: boolean;
  database?: { url: string; name: string };
  table?: string;
  cleanup(): Promise<void>;
}

/** Starts a pipeline's process (and database); on failure, undoes what it had done. */
async function setUp(key: PipelineKey, macs: string[], brokerUrl: string): Promise<Pipeline> {
  const undo: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch((e) => console.error('cleanup:', e));
  };
  try {
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-ingest-peer-'));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));
    const postgres = async () => {
      const database = await createPostgresDatabase();
      undo.push(database.drop);
      return { url: database.url, name: new URL(database.url).pathname.slice(1) };
    };
    const worker = async (file: string) => {
      const started = await startWorker(new URL(file, import.meta.url));
      undo.push(() => started.stop());
      return started;
    };
    const portalEnv: Record<string, string> = {
      ...isolatedPortalEnv(dataDir),
      ROOT_PASSWORD: `bench-${suffix()}`,
      DEVICE_MAX_RATE: deviceMaxRate,
      DEVICE_BURST: '1000000',
    };

    if (key === 'peer') {
      const database = await postgres();
      const peer = await worker('./lib/peer-worker.ts');
      const start: PeerStart = {
        databaseUrl: database.url,
        brokerUrl,
        connections: consumers,
        group: `peer-${suffix()}`,
      };
      const { table } = await peer.call<{ table: string }>('start', start);
      const credentials = macs.map((mac) => ({ mac, password: 'unused' }));
      return { key, worker: peer, brokerUrl, credentials, ackMeansStored: false, database, table, cleanup };
    }

    if (key === 'ours' || key === 'ours2') {
      const database = await postgres();
      const shareGroup = `bench-${suffix()}`;
      // ours2: two instances on the one database and broker, in one share group, each with `consumers`
      // connections; the first provisions the gateways, the second starts on the migrated database.
      const instances = [];
      for (let i = 0; i < (key === 'ours2' ? 2 : 1); i++) {
        const clientId = `bench-ingest-${suffix()}`;
        // Registered before the portal starts so it runs after the portal stopped (undo runs in reverse).
        undo.push(() => endBrokerSessions(brokerUrl, clientId, consumers));
        const portal = await worker('./lib/portal-worker.ts');
        const start: PortalStart = {
          env: {
            ...portalEnv,
            DATABASE_URL: database.url,
            MQTT_URL: brokerUrl,
            MQTT_CLIENT_ID: clientId,
            MQTT_SHARE_GROUP: shareGroup,
            MQTT_CONSUMERS: String(consumers),
          },
          macs: i === 0 ? macs : [],
        };
        instances.push({ portal, started: await portal.call<PortalStarted>('start', start) });
      }
      const [first, ...others] = instances;
      return {
        key,
        worker: first!.portal,
        others: others.map((o) => o.portal),
        credentials: first!.started.credentials,
        brokerUrl,
        ackMeansStored: false,
        database,
        table: 'telemetry',
        cleanup,
      };
    }

    const portal = await worker('./lib/portal-worker.ts');
    const start: PortalStart = { env: portalEnv, macs };
    const { credentials, mqttPort } = await portal.call<PortalStarted>('start', start);
    const embeddedUrl = `mqtt://127.0.0.1:${mqttPort}`;
    return { key, worker: portal, brokerUrl: embeddedUrl, credentials, ackMeansStored: true, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Phases.

interface Snapshot {
  at: number;
  deadlocks: number;
  worker: ProcessStats;
  postgres: Map<number, number>;
  mosquittoMs: number | null;
  harness: NodeJS.CpuUsage;
  machine: { busy: number; total: number };
}

class Bench {
  readonly tracker: Tracker;
  private readonly telemetry: GatewayTelemetry[];
  private readonly topics: string[];
  private clients: MqttClient[] = [];
  private poller: Poller | null = null;
  publishErrors = 0;

  constructor(
    readonly pipeline: Pipeline,
    private readonly admin: pg.Client,
    private readonly mosquittoPid: number | null,
  ) {
    const macs = pipeline.credentials.map((c) => c.mac);
    this.tracker = new Tracker(macs.length);
    this.telemetry = macs.map((mac, g) => new GatewayTelemetry(mac, g + 1));
    this.topics = macs.map((mac) => deviceUp.telemetry(mac));
  }

  async connect(): Promise<void> {
    this.clients = await Promise.all(
      this.pipeline.credentials.map(({ mac, password }) =>
        mqtt.connectAsync(this.pipeline.brokerUrl, {
          clientId: mac,
          username: mac,
          password,
          protocolVersion: 4,
          clean: true,
          keepalive: 30,
          reconnectPeriod: 0,
          connectTimeout: 10_000,
        }),
      ),
    );
    const { database, table } = this.pipeline;
    if (database && table) {
      const macs = this.pipeline.credentials.map((c) => c.mac);
      this.poller = await Poller.start(database.url, table, macs, this.tracker, pollMs);
    }
  }

  async close(): Promise<void> {
    // Forced: a message the pipeline never acknowledged must not hold the end.
    await Promise.all(this.clients.map((c) => c.endAsync(true)));
    await this.poller?.stop();
  }

  private publish(g: number): Promise<void> {
    const { payload, tis } = this.telemetry[g]!.next(burst);
    this.tracker.sent(g, tis, performance.now());
    return new Promise((resolve) => {
      this.clients[g]!.publish(this.topics[g]!, payload, { qos: 1 }, (error) => {
        if (error) this.publishErrors++;
        else if (this.pipeline.ackMeansStored) {
          const now = performance.now();
          for (const ti of tis) this.tracker.markStored(g, ti, now);
          this.tracker.notify();
        }
        resolve();
      });
    });
  }

  private async snapshot(): Promise<Snapshot> {
    const { database } = this.pipeline;
    let pids: number[] = [];
    let deadlocks = Number.NaN;
    if (database) {
      const stat = await this.admin.query<{ deadlocks: string }>(
        'SELECT deadlocks FROM pg_stat_database WHERE datname = $1',
        [database.name],
      );
      deadlocks = Number(stat.rows[0]?.deadlocks ?? Number.NaN);
      const { rows } = await this.admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> $2',
        [database.name, this.poller?.pid ?? 0],
      );
      pids = rows.map((r) => r.pid);
    }
    return {
      at: performance.now(),
      deadlocks,
      worker: await combinedStats([this.pipeline.worker, ...(this.pipeline.others ?? [])]),
      postgres: cpuSnapshot(pids),
      mosquittoMs: this.mosquittoPid ? processCpuMs(this.mosquittoPid) : null,
      harness: process.cpuUsage(),
      machine: machineCpuTicks(),
    };
  }

  /** Open loop: `dpPerSecond` offered for `seconds`, each gateway on a fixed cadence (staggered). */
  async paced(label: string, dpPerSecond: number, seconds: number): Promise<PhaseResult> {
    this.tracker.reset();
    const intervalMs = (gatewayCount * burst * DATA_POINTS_PER_SAMPLE * 1000) / dpPerSecond;
    const before = await this.snapshot();
    const started = performance.now();
    const sent = new Array<number>(gatewayCount).fill(0);
    for (;;) {
      const elapsed = performance.now() - started;
      if (elapsed >= seconds * 1000) break;
      for (let g = 0; g < gatewayCount; g++) {
        const due = Math.floor((elapsed - (g * intervalMs) / gatewayCount) / intervalMs) + 1;
        while (sent[g]! < due) {
          void this.publish(g);
          sent[g]!++;
        }
      }
      await sleep(2);
    }
    return this.finish(label, started, seconds, this.tracker.published / seconds, before);
  }

  /** Closed loop: as fast as stored, at most `outstandingLimit` samples published and not yet queryable. */
  async capacity(label: string, seconds: number): Promise<PhaseResult> {
    this.tracker.reset();
    const before = await this.snapshot();
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      this.clients.map(async (_, g) => {
        while (performance.now() < end) {
          if (this.tracker.outstanding() + burst > outstandingLimit) {
            await this.tracker.progress(20);
            continue;
          }
          await this.publish(g);
        }
      }),
    );
    return this.finish(label, started, seconds, Number.NaN, before);
  }

  /**
   * The stored rate is the steady one: samples that became queryable from 1 s after the start (ramp) to the
   * end of publishing, per second. A pipeline that keeps up stores at the offered rate; one that falls
   * behind stores at its ceiling while its backlog grows.
   */
  private async finish(
    label: string,
    started: number,
    seconds: number,
    offered: number,
    before: Snapshot,
  ): Promise<PhaseResult> {
    const { tracker } = this;
    const drainStarted = performance.now();
    if (!(await tracker.drained(drainTimeoutMs))) {
      const missing = tracker.logs.flatMap((log, g) =>
        log.tis.filter((_, i) => !log.done[i]).map((ti) => `${this.pipeline.credentials[g]!.mac}/${ti}`),
      );
      console.log(
        `  ${TITLES[this.pipeline.key]}, ${label}: ${missing.length} samples not queryable ` +
          `${((performance.now() - drainStarted) / 1000).toFixed(0)} s after the phase, e.g. ${missing.slice(0, 3).join(', ')}`,
      );
    }
    const after = await this.snapshot();
    if (process.env.BENCH_DEBUG) {
      const slowestPoll = this.poller ? `, slowest poll query ${fmt.ms(this.poller.slowestQueryMs)}` : '';
      console.log(
        `  ${label}: ${seconds} s + drain ${((performance.now() - drainStarted) / 1000).toFixed(1)} s${slowestPoll}`,
      );
      if (this.poller) this.poller.slowestQueryMs = 0;
    }
    const ramp = Math.min(1000, (seconds * 1000) / 3);
    const from = started + ramp;
    const to = started + seconds * 1000;
    const steady = tracker.storedAt.filter((at) => at >= from && at < to).length;
    const window = (after.at - before.at) / 1000;
    const cpuPct = (ms: number) => (ms / (window * 1000)) * 100;
    const harness = process.cpuUsage(before.harness);
    const machineTicks = after.machine.total - before.machine.total;
    return {
      label,
      offeredDp: offered * DATA_POINTS_PER_SAMPLE,
      published: tracker.published,
      stored: tracker.stored,
      storedDp: (steady / ((to - from) / 1000)) * DATA_POINTS_PER_SAMPLE,
      p50: percentile(tracker.latencies, 50),
      p99: percentile(tracker.latencies, 99),
      max: percentile(tracker.latencies, 100),
      deadlocks: after.deadlocks - before.deadlocks,
      pipelineCpu: cpuPct(after.worker.cpuMs - before.worker.cpuMs),
      pipelineRss: after.worker.rss,
      pipelinePeakRss: after.worker.maxRss,
      postgresCpu: this.pipeline.database ? cpuPct(cpuBetween(before.postgres, after.postgres)) : Number.NaN,
      mosquittoCpu:
        this.pipeline.ackMeansStored || before.mosquittoMs === null || after.mosquittoMs === null
          ? Number.NaN
          : cpuPct(after.mosquittoMs - before.mosquittoMs),
      harnessCpu: cpuPct((harness.user + harness.system) / 1000),
      machineBusy: ((after.machine.busy - before.machine.busy) / machineTicks) * availableParallelism() * 100,
    };
  }
}

// ---------------------------------------------------------------------------------------------------------
// The run.

const runStarted = performance.now();
const load1 = loadavg()[0]!;
let ownMosquitto: StartedMosquitto | null = null;
const admin = new pg.Client({ connectionString: REAL_POSTGRES });
await admin.connect();
const results: PipelineResult[] = [];
try {
  if (!values.mosquitto) ownMosquitto = await startMosquitto();
  const mosquittoUrl = values.mosquitto ?? ownMosquitto!.url;
  const macs = Array.from({ length: gatewayCount }, () => randomMac());
  const { rows: versionRows } = await admin.query<{ server_version: string }>('SHOW server_version');
  const messageBytes = Buffer.byteLength(new GatewayTelemetry(macs[0]!).next(burst).payload);
  const intervalMs = (gatewayCount * burst * DATA_POINTS_PER_SAMPLE * 1000) / rate;

  console.log('ingest benchmark — ours vs a peer pipeline, QoS 1 telemetry, publish -> queryable');
  console.log(`machine: ${machineLine()}; load average before the run ${load1.toFixed(2)}`);
  console.log(
    `software: PostgreSQL ${versionRows[0]!.server_version.split(' ')[0]}, ${mosquittoVersion(MOSQUITTO_BIN)}` +
      `${ownMosquitto ? ` (own instance: ${MOSQUITTO_SETTINGS.join('; ')})` : ` at ${mosquittoUrl}`}, ` +
      `Aedes ${packageVersion('aedes')}, PGlite ${packageVersion('@electric-sql/pglite')}, mqtt.js ${packageVersion('mqtt')}`,
  );
  console.log(
    `fleet: ${gatewayCount} gateways (MQTT 3.1.1, QoS 1), messages of ${burst} sample(s) x ${DATA_POINTS_PER_SAMPLE} metrics ` +
      `(simulator's sensor model), ~${messageBytes} bytes each; paced: ${fmt.int(rate)} dp/s = ${fmt.int(rate / DATA_POINTS_PER_SAMPLE)} samples/s ` +
      `offered for ${pacedSeconds} s (each gateway every ${intervalMs.toFixed(1)} ms), embedded also at ${fmt.int(rate / 2)} dp/s; ` +
      `capacity: closed loop for ${capacitySeconds} s with <= ${fmt.int(outstandingLimit)} samples in the pipeline; warm-up ${warmupSeconds} s`,
  );
  console.log(
    `pipelines: ours with MQTT_CONSUMERS=${consumers} (portal default 32) and DEVICE_MAX_RATE=${deviceMaxRate} (each bench ` +
      `gateway stands for many real ones); peer with ${consumers} connections, batches of <= 500 rows / 100 ms; ` +
      `latency poll every ${pollMs} ms\n`,
  );

  for (const key of pipelineKeys) {
    const setupStarted = performance.now();
    const pipeline = await setUp(key, macs, mosquittoUrl);
    const bench = new Bench(pipeline, admin, key === 'embedded' ? null : (ownMosquitto?.pid ?? null));
    try {
      await bench.connect();
      const setupSeconds = (performance.now() - setupStarted) / 1000;
      if (warmupSeconds > 0) await bench.paced('warm-up', rate, warmupSeconds);
      const paced: PhaseResult[] = [];
      if (key === 'embedded')
        paced.push(await bench.paced(`${fmt.int(rate / 2)} dp/s`, rate / 2, pacedSeconds));
      paced.push(await bench.paced(`${fmt.int(rate)} dp/s`, rate, pacedSeconds));
      const capacity = await bench.capacity('capacity', capacitySeconds);
      const counters = await pipeline.worker.call<Record<string, number>>('counters');
      for (const other of pipeline.others ?? []) {
        const more = await other.call<Record<string, number>>('counters');
        for (const [name, value] of Object.entries(more))
          if (typeof value === 'number') counters[name] = (counters[name] ?? 0) + value;
      }
      results.push({ key, paced, capacity, counters, publishErrors: bench.publishErrors, setupSeconds });
      console.log(
        `${TITLES[key]}: done (set-up ${setupSeconds.toFixed(1)} s; counters ${JSON.stringify(counters)}` +
          `${bench.publishErrors ? `; ${bench.publishErrors} publish errors` : ''})`,
      );
    } finally {
      const t = performance.now();
      await bench.close();
      await pipeline.cleanup();
      if (process.env.BENCH_DEBUG) console.log(`  cleanup ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
  }
} finally {
  await admin.end();
  await ownMosquitto?.stop();
}

printReport(results, { pipelineKeys, rate, outstandingLimit });
console.log(`total ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);

/** Several processes as one pipeline: CPU and memory added up (peak: the sum of each one's peak). */
async function combinedStats(workers: Worker[]): Promise<ProcessStats> {
  const all = await Promise.all(workers.map((w) => w.stats()));
  return {
    cpuMs: all.reduce((sum, s) => sum + s.cpuMs, 0),
    rss: all.reduce((sum, s) => sum + s.rss, 0),
    maxRss: all.reduce((sum, s) => sum + s.maxRss, 0),
  };
}
