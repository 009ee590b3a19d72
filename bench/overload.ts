/**
 * Overload: the fleet offers 3x the portal's sustained rate for --minutes, then stops. What must hold
 * (issue 20.5): the portal slows gateways down instead of growing without bound, its memory (RSS) stays under
 * the ceiling documented in docs/operations.md ("Overload"), /api/health stays answered (p99 under 500 ms,
 * probed every 100 ms from a thread of its own), and within --recovery minutes after the load drops every
 * acknowledged sample is stored and health latency is back to its idle level.
 *
 *   node --import tsx bench/overload.ts [--backend real|embedded] [--minutes 10] [--factor 3]
 *     [--rate <sustained samples/s; measured when omitted>] [--gateways 50] [--window 20] [--recovery 2]
 *     [--rss-ceiling-mib 1024] [--device-max-rate 100000]
 *
 * Each gateway keeps at most --window messages unacknowledged (as a device with a bounded in-flight window
 * does); a message due while its window is full is held back at the gateway (counted: the device's backlog).
 * real: the portal in PostgreSQL mode behind a Mosquitto of the bench's own (the broker acknowledges gateways
 * and holds the portal's backlog); embedded: the portal on its defaults (PGlite + Aedes; the portal's own
 * PUBACKs pace the gateways). Stored samples are the portal's own count (acknowledged only once stored).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Worker as Thread } from 'node:worker_threads';
import { deviceUp, FLOW_CONTROL_TOPIC } from '@portal/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { FlowGate } from '../apps/gateway-sim/src/flow-control.ts';
import {
  createPostgresDatabase,
  endBrokerSessions,
  isolatedPortalEnv,
  randomMac,
} from '../apps/server/test/harness.ts';
import { fmt, machineLine, percentile } from './lib/conditions.ts';
import { startMosquitto } from './lib/mosquitto.ts';
import type { PortalStart, PortalStarted } from './lib/portal-worker.ts';
import { processRss } from './lib/proc.ts';
import { GatewayTelemetry } from './lib/telemetry.ts';
import { startWorker } from './lib/worker.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'real' },
    minutes: { type: 'string', default: '10' },
    factor: { type: 'string', default: '3' },
    rate: { type: 'string' },
    gateways: { type: 'string', default: '50' },
    window: { type: 'string', default: '20' },
    recovery: { type: 'string', default: '2' },
    'rss-ceiling-mib': { type: 'string', default: '1024' },
    'device-max-rate': { type: 'string', default: '100000' },
  },
});
const backend = values.backend === 'embedded' ? 'embedded' : 'real';
const minutes = Number(values.minutes);
const factor = Number(values.factor);
const gatewayCount = Number(values.gateways);
const window = Number(values.window);
const recoveryMs = Number(values.recovery) * 60_000;
const rssCeiling = Number(values['rss-ceiling-mib']) * 1024 * 1024;
const MiB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

/** /api/health every 100 ms from a thread of its own (the fleet's work does not delay the probe). */
function startHealthProbe(url: string) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    let stop = false;
    parentPort.on('message', () => { stop = true; });
    (async () => {
      while (!stop) {
        const started = performance.now();
        let ok = false;
        try {
          const response = await fetch(workerData.url, { signal: AbortSignal.timeout(10000) });
          ok = response.status === 200 || response.status === 503;
          await response.arrayBuffer();
        } catch {}
        const ms = performance.now() - started;
        parentPort.postMessage({ at: Date.now(), ms, ok });
        await new Promise((r) => setTimeout(r, Math.max(0, 100 - ms)));
      }
      parentPort.postMessage('done');
    })();`;
  const thread = new Thread(code, { eval: true, workerData: { url } });
  const probes: { at: number; ms: number; ok: boolean }[] = [];
  const finished = new Promise<void>((resolve) =>
    thread.on('message', (m) => (m === 'done' ? resolve() : probes.push(m))),
  );
  return {
    probes,
    between: (from: number, to: number) => probes.filter((p) => p.at >= from && p.at < to),
    async stop() {
      thread.postMessage('stop');
      await finished;
      await thread.terminate();
    },
  };
}

const summarise = (probes: { ms: number; ok: boolean }[]) => {
  const ms = probes.map((p) => p.ms);
  return {
    count: probes.length,
    failed: probes.filter((p) => !p.ok).length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.length ? Math.max(...ms) : Number.NaN,
  };
};

/** The fleet: each gateway publishes on a cadence, at most `window` unacknowledged; the rest is held back. */
class Fleet {
  acked = 0;
  offered = 0;
  heldBack = 0;
  /** Of heldBack, the messages held because the portal asked to slow down (gateways/flow-control). */
  heldByFlowControl = 0;
  errors = 0;
  private inFlight: number[];
  /** Each gateway obeys the portal's flow control as the simulator does (apps/gateway-sim/src/flow-control.ts). */
  readonly gates: FlowGate[];
  private timer: NodeJS.Timeout | null = null;
  private readonly telemetry: GatewayTelemetry[];

  constructor(private readonly clients: MqttClient[]) {
    this.inFlight = clients.map(() => 0);
    this.telemetry = clients.map((c, i) => new GatewayTelemetry(c.options.clientId!, i + 1));
    this.gates = clients.map((client) => {
      const gate = new FlowGate();
      client.on('message', (topic, payload) => {
        if (topic === FLOW_CONTROL_TOPIC) gate.apply(payload.toString('utf8'));
      });
      return gate;
    });
  }

  /** Subscribes every gateway to the flow-control topic (a device does after each connect). */
  async listen(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.subscribeAsync(FLOW_CONTROL_TOPIC, { qos: 1 })));
  }

  /** Gateways slowed now, and the rate they were given. */
  slowed(): { count: number } {
    return { count: this.gates.filter((g) => g.limited()).length };
  }

  private send(g: number): void {
    this.offered++;
    if (this.inFlight[g]! >= window) {
      this.heldBack++;
      return;
    }
    // Beyond the rate the portal allows, the message stays in the device's backlog, as a full window's does.
    if (!this.gates[g]!.tryTake()) {
      this.heldBack++;
      this.heldByFlowControl++;
      return;
    }
    this.inFlight[g]!++;
    const { payload } = this.telemetry[g]!.next(1);
    this.clients[g]!.publish(
      deviceUp.telemetry(this.clients[g]!.options.clientId!),
      payload,
      { qos: 1 },
      (e) => {
        this.inFlight[g]!--;
        if (e) this.errors++;
        else this.acked++;
      },
    );
  }

  /** Offers `perSecond` samples/s in ticks of 10 ms spread over the gateways; 0 stops. */
  offer(perSecond: number): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (perSecond <= 0) return;
    let owed = 0;
    let next = 0;
    let last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      owed += ((now - last) / 1000) * perSecond;
      last = now;
      for (; owed >= 1; owed--) {
        this.send(next);
        next = (next + 1) % this.clients.length;
      }
    }, 10);
  }

  /**
   * Closed loop on what is stored: at most `outstanding` samples published and not yet stored (the broker
   * acknowledges at once in real mode, so its PUBACKs alone would not pace the fleet), for `ms`.
   */
  async saturate(ms: number, stored: () => Promise<number>, outstanding = 3000): Promise<void> {
    const until = performance.now() + ms;
    const base = (await stored()) - this.acked - this.pending();
    let next = 0;
    while (performance.now() < until) {
      const room = outstanding - (this.acked + this.pending() - ((await stored()) - base));
      for (let i = 0; i < room; i++) {
        this.send(next);
        next = (next + 1) % this.clients.length;
      }
      await sleep(20);
    }
  }

  pending(): number {
    return this.inFlight.reduce((a, b) => a + b, 0);
  }
}

// ---------------------------------------------------------------------------------------------------------

const loadBefore = loadavg()[0]!;
const undo: (() => Promise<unknown>)[] = [];
const dataDir = await mkdtemp(join(tmpdir(), 'bench-overload-'));
undo.push(() => rm(dataDir, { recursive: true, force: true }));
try {
  const macs = Array.from({ length: gatewayCount }, () => randomMac());
  const env: Record<string, string> = {
    ...isolatedPortalEnv(dataDir),
    ROOT_PASSWORD: `bench-${randomMac()}`,
    DEVICE_MAX_RATE: values['device-max-rate'],
    DEVICE_BURST: '1000000',
  };
  let mosquittoPid: number | null = null;
  if (backend === 'real') {
    const mosquitto = await startMosquitto();
    undo.push(() => mosquitto.stop());
    mosquittoPid = mosquitto.pid;
    const database = await createPostgresDatabase();
    undo.push(database.drop);
    const clientId = `bench-overload-${randomMac()}`;
    undo.push(() => endBrokerSessions(mosquitto.url, clientId, 32));
    Object.assign(env, {
      DATABASE_URL: database.url,
      MQTT_URL: mosquitto.url,
      MQTT_CLIENT_ID: clientId,
      MQTT_SHARE_GROUP: `bench-${randomMac()}`,
    });
  }
  const portal = await startWorker(new URL('./lib/portal-worker.ts', import.meta.url));
  undo.push(() => portal.stop());
  const started = await portal.call<PortalStarted>('start', {
    env,
    macs,
    listen: true,
  } satisfies PortalStart);
  const brokerUrl = backend === 'real' ? env.MQTT_URL! : `mqtt://127.0.0.1:${started.mqttPort}`;
  const clients = await Promise.all(
    started.credentials.map(({ mac, password }) =>
      mqtt.connectAsync(brokerUrl, {
        clientId: mac,
        username: mac,
        password,
        clean: true,
        reconnectPeriod: 0,
      }),
    ),
  );
  undo.push(() => Promise.all(clients.map((c) => c.endAsync(true))));
  const probe = startHealthProbe(`http://127.0.0.1:${started.httpPort}/api/health`);
  undo.push(() => probe.stop());
  const stored = async () => (await portal.call<{ samples: number; pending: number }>('counters')).samples;
  const fleet = new Fleet(clients);
  await fleet.listen();

  console.log(
    `overload benchmark — ${backend === 'real' ? 'PostgreSQL + Mosquitto' : 'embedded (PGlite + Aedes)'}`,
  );
  console.log(`${machineLine()}; load average before the run ${loadBefore.toFixed(2)}`);
  console.log(
    `fleet: ${gatewayCount} gateways, 1 sample per QoS 1 message, at most ${window} unacknowledged each; ` +
      `DEVICE_MAX_RATE=${values['device-max-rate']} (each bench gateway stands for many)`,
  );

  // Idle health latency: the level "back to normal" is measured against.
  const idleFrom = Date.now();
  await sleep(10_000);
  const idle = summarise(probe.between(idleFrom, Date.now()));

  let sustained = Number(values.rate);
  if (!values.rate) {
    await fleet.saturate(5_000, stored);
    const before = await stored();
    const t0 = performance.now();
    await fleet.saturate(15_000, stored);
    sustained = ((await stored()) - before) / ((performance.now() - t0) / 1000);
    while (fleet.pending() > 0 || (await stored()) < fleet.acked) await sleep(100);
    console.log(`sustained rate (closed loop, 15 s): ${fmt.int(sustained)} samples/s`);
  }
  const offered = sustained * factor;
  console.log(
    `offering ${fmt.int(offered)} samples/s (${factor} x ${fmt.int(sustained)}) for ${minutes} min\n`,
  );

  const overloadFrom = Date.now();
  const storedAtStart = await stored();
  const ackedAtStart = fleet.acked;
  const offeredAtStart = fleet.offered;
  const heldAtStart = fleet.heldBack;
  const heldByFlowAtStart = fleet.heldByFlowControl;
  fleet.offer(offered);
  let peakRss = 0;
  let peakMosquitto = 0;
  let peakPending = 0;
  const header = [
    't (s)',
    'offered/s',
    'acked/s',
    'stored/s',
    'held back',
    'slowed gw',
    'portal in flight',
    'portal RSS',
    'broker RSS',
    'health p99',
  ];
  console.log(header.join(' | '));
  let last = { at: Date.now(), offered: fleet.offered, acked: fleet.acked, stored: storedAtStart };
  while (Date.now() - overloadFrom < minutes * 60_000) {
    await sleep(10_000);
    const counters = await portal.call<{ samples: number; pending: number }>('counters');
    const stats = await portal.stats();
    const brokerRss = mosquittoPid ? processRss(mosquittoPid) : 0;
    peakRss = Math.max(peakRss, stats.rss);
    peakMosquitto = Math.max(peakMosquitto, brokerRss);
    peakPending = Math.max(peakPending, counters.pending);
    const now = Date.now();
    const s = (now - last.at) / 1000;
    const health = summarise(probe.between(last.at, now));
    console.log(
      [
        Math.round((now - overloadFrom) / 1000),
        fmt.int((fleet.offered - last.offered) / s),
        fmt.int((fleet.acked - last.acked) / s),
        fmt.int((counters.samples - last.stored) / s),
        fmt.int(fleet.heldBack),
        String(fleet.slowed().count),
        fmt.int(counters.pending),
        MiB(stats.rss),
        mosquittoPid ? MiB(brokerRss) : '-',
        fmt.ms(health.p99),
      ].join(' | '),
    );
    last = { at: now, offered: fleet.offered, acked: fleet.acked, stored: counters.samples };
  }
  fleet.offer(0);
  const loadDropped = Date.now();
  const during = summarise(probe.between(overloadFrom, loadDropped));
  const ackedDuring = fleet.acked - ackedAtStart;

  // Recovery: every acknowledged sample stored, and health latency back to its idle level.
  let allStoredAt: number | null = null;
  while (Date.now() - loadDropped < recoveryMs) {
    const samples = await stored();
    if (fleet.pending() === 0 && samples - storedAtStart >= fleet.acked - ackedAtStart) {
      allStoredAt = Date.now();
      break;
    }
    await sleep(250);
  }
  const settleFrom = Date.now();
  await sleep(10_000);
  const after = summarise(probe.between(settleFrom, Date.now()));
  const finalStored = (await stored()) - storedAtStart;
  const finalStats = await portal.stats();
  // The recovery drains the broker's backlog as fast as it can: its memory counts too.
  peakRss = Math.max(peakRss, finalStats.maxRss);

  console.log('');
  console.log(`load average at the end ${loadavg()[0]!.toFixed(2)}`);
  console.log(
    `offered ${fmt.int(fleet.offered - offeredAtStart)} samples in ${minutes} min; acknowledged ${fmt.int(ackedDuring)} during the load ` +
      `(${fmt.int(fleet.acked - ackedAtStart)} in all); held back at the gateways ${fmt.int(fleet.heldBack - heldAtStart)} (of which by the portal's flow control ${fmt.int(fleet.heldByFlowControl - heldByFlowAtStart)}, the rest a full window); publish errors ${fleet.errors}`,
  );
  console.log(
    `portal RSS peak ${MiB(peakRss)} (ceiling ${MiB(rssCeiling)}: ${peakRss <= rssCeiling ? 'under' : 'ABOVE'}), ` +
      `at the end ${MiB(finalStats.rss)}; messages in the portal at most ${fmt.int(peakPending)}` +
      (mosquittoPid ? `; broker RSS peak ${MiB(peakMosquitto)} (the backlog waits there)` : ''),
  );
  console.log(
    `/api/health idle: p50 ${fmt.ms(idle.p50)}, p99 ${fmt.ms(idle.p99)}; during the load: ${during.count} probes, ` +
      `${during.failed} failed, p50 ${fmt.ms(during.p50)}, p99 ${fmt.ms(during.p99)}, max ${fmt.ms(during.max)} ` +
      `(goal p99 < 500 ms: ${during.p99 < 500 && during.failed === 0 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `after the load: everything acknowledged stored ${allStoredAt ? `${((allStoredAt - loadDropped) / 1000).toFixed(1)} s after it dropped` : `NOT within ${recoveryMs / 60_000} min`} ` +
      `(${fmt.int(finalStored)} of ${fmt.int(fleet.acked - ackedAtStart)}); health then p50 ${fmt.ms(after.p50)}, p99 ${fmt.ms(after.p99)} ` +
      `(idle p99 ${fmt.ms(idle.p99)})`,
  );
} finally {
  for (const step of undo.reverse()) await step().catch((e) => console.error('cleanup:', e));
}
