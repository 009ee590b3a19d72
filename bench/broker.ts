/**
 * Broker benchmark: the embedded broker (a bare Aedes, as the portal configures it, whose hooks ask the
 * real ACL module) against Mosquitto, with the same mqtt.js clients and the same telemetry payload.
 *
 * N publishers (gateway identities) each publish M QoS 1 messages to their own
 * `gateways/{mac}/send/telemetry`, keeping `--window` messages unacknowledged at most; one mqtt.js
 * subscriber receives all of them at QoS 1 over TCP. Measured per broker: the publish-acknowledged rate
 * (all PUBACKs received) and the end-to-end delivered rate (all messages at the subscriber), in rounds
 * that alternate the brokers; the medians are compared.
 *
 *   node --import tsx bench/broker.ts [--publishers 10] [--messages 5000] [--window 10] [--rounds 3]
 *                                     [--mosquitto mqtt://127.0.0.1:1883]
 *
 * Without --mosquitto it starts a Mosquitto of its own on a free port (settings in bench/lib/mosquitto.ts).
 * Neither broker touches the portal's database: this isolates the broker, the ACL included.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { deviceUp } from '@portal/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { randomMac } from '../apps/server/test/harness.ts';
import {
  fmt,
  machineLine,
  median,
  mosquittoVersion,
  packageVersion,
  percentile,
  table,
} from './lib/conditions.ts';
import { MOSQUITTO_BIN, MOSQUITTO_SETTINGS, type StartedMosquitto, startMosquitto } from './lib/mosquitto.ts';
import { processCpuMs, processRss } from './lib/proc.ts';
import { GatewayTelemetry } from './lib/telemetry.ts';
import { startWorker } from './lib/worker.ts';

const { values } = parseArgs({
  options: {
    publishers: { type: 'string', default: '10' },
    messages: { type: 'string', default: '5000' },
    window: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    mosquitto: { type: 'string' },
    'round-timeout': { type: 'string', default: '30' },
  },
});
const publisherCount = Number(values.publishers);
const perPublisher = Number(values.messages);
const unacknowledged = Number(values.window);
const rounds = Number(values.rounds);
const roundTimeoutMs = Number(values['round-timeout']) * 1000;

/** Username of the subscriber; the Aedes worker grants it the subscription (bench/lib/aedes-worker.ts). */
const SUBSCRIBER_USERNAME = 'bench-subscriber';
const TELEMETRY_FILTER = 'gateways/+/send/telemetry';
/** Offset of the first sample's TI digits in `{"samples":[{"TI":1234567890123,...`. */
const TI_OFFSET = '{"samples":[{"TI":'.length;

interface Broker {
  name: string;
  url: string;
  /** CPU time of the broker process so far (ms), or null when unknown. */
  cpuMs(): Promise<number | null>;
  rss(): Promise<number>;
}

interface RoundResult {
  ackRate: number;
  deliveredRate: number;
  delivered: number;
  duplicates: number;
  latencyP50: number;
  latencyP99: number;
  brokerCpu: number;
  /** Broker CPU time per message published (its PUBACK, the delivery and the subscriber's PUBACK included). */
  brokerUsPerMessage: number;
  clientCpu: number;
  brokerRss: number;
}

const connect = (url: string, clientId: string, username: string) =>
  mqtt.connectAsync(url, {
    clientId,
    username,
    password: 'bench',
    protocolVersion: 4, // the embedded broker speaks 3.1.1 only
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });

async function runRound(broker: Broker, macs: string[], messages: number): Promise<RoundResult> {
  const total = macs.length * messages;
  const topics = macs.map((mac) => deviceUp.telemetry(mac));
  const gatewayByTopic = new Map(topics.map((topic, g) => [topic, g]));
  // Payloads are built before the clock starts; each message carries one full sample.
  const seqByTi = macs.map(() => new Map<number, number>());
  const payloads = macs.map((mac, g) => {
    const telemetry = new GatewayTelemetry(mac, g);
    return Array.from({ length: messages }, (_, seq) => {
      const { payload, tis } = telemetry.next(1);
      seqByTi[g]!.set(tis[0]!, seq);
      return Buffer.from(payload);
    });
  });

  const subscriber = await connect(
    broker.url,
    `bench-sub-${randomBytes(4).toString('hex')}`,
    SUBSCRIBER_USERNAME,
  );
  const granted = await subscriber.subscribeAsync(TELEMETRY_FILTER, { qos: 1 });
  if (granted[0]?.qos !== 1) throw new Error(`${broker.name} refused the subscription (${granted[0]?.qos})`);
  const publishers: MqttClient[] = await Promise.all(macs.map((mac) => connect(broker.url, mac, mac)));

  const sentAt = new Float64Array(total);
  const seen = new Uint8Array(total);
  const latencies = new Float64Array(total);
  let delivered = 0;
  let duplicates = 0;
  let lastDelivery = 0;
  subscriber.on('message', (topic, payload) => {
    const now = performance.now();
    const g = gatewayByTopic.get(topic);
    const seq =
      g === undefined
        ? undefined
        : seqByTi[g]!.get(Number(payload.toString('latin1', TI_OFFSET, TI_OFFSET + 13)));
    if (g === undefined || seq === undefined) return;
    const index = g * messages + seq;
    if (seen[index]) {
      duplicates++;
      return;
    }
    seen[index] = 1;
    latencies[delivered++] = now - sentAt[index]!;
    lastDelivery = now;
  });

  const brokerCpuBefore = await broker.cpuMs();
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    publishers.map(async (client, g) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: unacknowledged }, async () => {
          while (next < messages) {
            const seq = next++;
            sentAt[g * messages + seq] = performance.now();
            await client.publishAsync(topics[g]!, payloads[g]![seq]!, { qos: 1 });
          }
        }),
      );
    }),
  );
  const acknowledged = performance.now();
  // Deliveries may trail the acknowledgements; give up after the round's time-out or 5 s without progress.
  for (let progress = delivered, quietSince = performance.now(); delivered < total; ) {
    await new Promise((r) => setTimeout(r, 20));
    const now = performance.now();
    if (delivered !== progress) [progress, quietSince] = [delivered, now];
    if (now - quietSince > 5000 || now - started > roundTimeoutMs) break;
  }
  const ended = Math.max(acknowledged, lastDelivery);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const brokerCpuAfter = await broker.cpuMs();
  const brokerRss = await broker.rss();

  await Promise.all([...publishers, subscriber].map((c) => c.endAsync()));
  const seconds = (ended - started) / 1000;
  const delivering = latencies.subarray(0, delivered);
  return {
    ackRate: total / ((acknowledged - started) / 1000),
    deliveredRate: delivered / ((lastDelivery - started) / 1000),
    delivered,
    duplicates,
    latencyP50: percentile(delivering, 50),
    latencyP99: percentile(delivering, 99),
    brokerCpu:
      brokerCpuBefore === null || brokerCpuAfter === null
        ? Number.NaN
        : ((brokerCpuAfter - brokerCpuBefore) / (seconds * 1000)) * 100,
    brokerUsPerMessage:
      brokerCpuBefore === null || brokerCpuAfter === null
        ? Number.NaN
        : ((brokerCpuAfter - brokerCpuBefore) * 1000) / total,
    clientCpu: ((clientCpu.user + clientCpu.system) / 1000 / (seconds * 1000)) * 100,
    brokerRss,
  };
}

const aedesWorker = await startWorker(new URL('./lib/aedes-worker.ts', import.meta.url));
let ownMosquitto: StartedMosquitto | null = null;
try {
  const aedesPort = await aedesWorker.call<number>('port');
  const aedes: Broker = {
    name: `Aedes ${packageVersion('aedes')} (embedded, ACL hooks)`,
    url: `mqtt://127.0.0.1:${aedesPort}`,
    cpuMs: async () => (await aedesWorker.stats()).cpuMs,
    rss: async () => (await aedesWorker.stats()).rss,
  };
  if (!values.mosquitto) ownMosquitto = await startMosquitto();
  const mosquittoPid = ownMosquitto?.pid;
  const mosquitto: Broker = {
    name: `${mosquittoVersion(MOSQUITTO_BIN)}${ownMosquitto ? ' (own instance)' : ''}`,
    url: values.mosquitto ?? ownMosquitto!.url,
    cpuMs: async () => (mosquittoPid ? processCpuMs(mosquittoPid) : null),
    rss: async () => (mosquittoPid ? processRss(mosquittoPid) : Number.NaN),
  };

  const macs = Array.from({ length: publisherCount }, () => randomMac());
  const sampleSize = Buffer.byteLength(new GatewayTelemetry(macs[0]!).next(1).payload);
  console.log('broker benchmark — embedded broker (Aedes) vs Mosquitto, QoS 1');
  console.log(`machine: ${machineLine()}; load average before the run ${loadavg()[0]!.toFixed(2)}`);
  console.log(
    `load: ${publisherCount} publishers x ${fmt.int(perPublisher)} QoS 1 messages to their own gateways/{mac}/send/telemetry, ` +
      `at most ${unacknowledged} unacknowledged per publisher; payload one telemetry sample (9 metrics), ${sampleSize} bytes; MQTT 3.1.1; ` +
      `1 subscriber on ${TELEMETRY_FILTER} at QoS 1; clients mqtt.js ${packageVersion('mqtt')}, all in this process`,
  );
  console.log(
    `Aedes: separate process (bench/lib/aedes-worker.ts), hooks call acl.ts canPublish for every publish and canSubscribe for ` +
      `gateways; its subscriber connects over TCP like the others and is granted ${TELEMETRY_FILTER} by the benchmark's hook ` +
      `(no acl.ts principal may read every gateway's telemetry)`,
  );
  console.log(
    `Mosquitto: ${mosquitto.url}${ownMosquitto ? `, started by the benchmark with: ${MOSQUITTO_SETTINGS.join('; ')}` : ' (existing instance; its CPU is not measured)'}`,
  );
  console.log(`rounds: ${rounds}, brokers alternating, after one warm-up round each\n`);

  for (const broker of [aedes, mosquitto]) await runRound(broker, macs, Math.min(1000, perPublisher));
  const results = new Map<Broker, RoundResult[]>([
    [aedes, []],
    [mosquitto, []],
  ]);
  const rows = [
    [
      'round',
      'broker',
      'acked msg/s',
      'delivered msg/s',
      'delivered',
      'p50',
      'p99',
      'broker CPU',
      'client CPU',
    ],
  ];
  const total = publisherCount * perPublisher;
  for (let round = 1; round <= rounds; round++) {
    for (const broker of round % 2 ? [aedes, mosquitto] : [mosquitto, aedes]) {
      const r = await runRound(broker, macs, perPublisher);
      results.get(broker)!.push(r);
      rows.push([
        String(round),
        broker === aedes ? 'Aedes' : 'Mosquitto',
        fmt.int(r.ackRate),
        fmt.int(r.deliveredRate),
        `${fmt.int(r.delivered)}/${fmt.int(total)}${r.duplicates ? ` (+${r.duplicates} dup)` : ''}`,
        fmt.ms(r.latencyP50),
        fmt.ms(r.latencyP99),
        fmt.pct(r.brokerCpu),
        fmt.pct(r.clientCpu),
      ]);
    }
  }
  console.log(table(rows));
  console.log('(p50/p99: publish -> delivered to the subscriber; CPU in % of one core over the round)\n');

  const summary = (broker: Broker) => {
    const list = results.get(broker)!;
    const pick = (f: (r: RoundResult) => number) => median(list.map(f));
    return {
      ack: pick((r) => r.ackRate),
      delivered: pick((r) => r.deliveredRate),
      p99: pick((r) => r.latencyP99),
      cpu: pick((r) => r.brokerCpu),
      us: pick((r) => r.brokerUsPerMessage),
      clientCpu: pick((r) => r.clientCpu),
      rss: pick((r) => r.brokerRss),
      lost: list.reduce((n, r) => n + (total - r.delivered), 0),
    };
  };
  const a = summary(aedes);
  const m = summary(mosquitto);
  const line = (name: string, x: ReturnType<typeof summary>) => [
    name,
    fmt.int(x.ack),
    fmt.int(x.delivered),
    fmt.ms(x.p99),
    fmt.pct(x.cpu),
    Number.isFinite(x.us) ? `${x.us.toFixed(1)} µs` : 'n/a',
    fmt.mib(x.rss),
    String(x.lost),
  ];
  console.log(
    table([
      [
        'median of rounds',
        'acked msg/s',
        'delivered msg/s',
        'p99',
        'broker CPU',
        'CPU/msg',
        'broker RSS',
        'lost',
      ],
      line(aedes.name, a),
      line(mosquitto.name, m),
    ]),
  );
  const ackRatio = a.ack / m.ack;
  const deliveredRatio = a.delivered / m.delivered;
  console.log(
    `\nembedded / Mosquitto: acknowledged ${fmt.ratio(ackRatio)}, delivered ${fmt.ratio(deliveredRatio)} ` +
      `(goal: at least 0.50 — ${Math.min(ackRatio, deliveredRatio) >= 0.5 ? 'met' : 'NOT met'})`,
  );
  // Both brokers use one core at most; when the clients' process is the one near a full core, the rates say
  // how fast the clients go, and the broker CPU per message is the better predictor of each broker's ceiling.
  if (Math.max(a.clientCpu, m.clientCpu) >= 85) {
    console.log(
      `note: the clients' process ran at ${fmt.pct(Math.max(a.clientCpu, m.clientCpu))} of a core, so it (not only the ` +
        `brokers) bounded these rates. CPU per message: Aedes ${a.us.toFixed(1)} µs, Mosquitto ${m.us.toFixed(1)} µs; ` +
        `at one full core each that is ${fmt.int(1e6 / a.us)} vs ${fmt.int(1e6 / m.us)} msg/s, ratio ${fmt.ratio(m.us / a.us)} (an estimate).`,
    );
  }
} finally {
  await aedesWorker.stop();
  await ownMosquitto?.stop();
}
