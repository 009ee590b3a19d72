/**
 * A slice of bench/fleet-scale.ts's gateway fleet in a process of its own (one Node process cannot hold 20,000
 * MQTT connections at a useful speed). Each gateway speaks the device protocol through the simulator's own
 * connection (apps/gateway-sim GatewayLink: client id = username = MAC, its credential, the will, back-off,
 * the portal's flow control): after every connect it subscribes to its downstream topics and
 * `gateways/{mac}/receive/stored`, announces itself online, then sends one numbered telemetry sample (`seq`,
 * docs/mqtt.md 2.3) of the simulator's sensor model every interval, from a random offset. The portal's stored
 * confirmation of a `seq` gives the publish-to-stored latency. Not simulated: state, locks, events, backlog.
 */
import { deviceDown, deviceUp, storedConfirmation } from '@portal/contract';
import { gatewaySubscriptions } from '../../apps/gateway-sim/src/downstream-messages.ts';
import { GatewayLink } from '../../apps/gateway-sim/src/gateway-link.ts';
import { deriveSeed, type Random, seededRandom } from '../../apps/gateway-sim/src/random.ts';
import {
  type RoomProfile,
  randomRoomProfile,
  sensorSample,
} from '../../apps/gateway-sim/src/sensor-model.ts';
import { emptyCounters } from '../../apps/gateway-sim/src/stats.ts';
import { serveHarness } from './worker.ts';

export interface FleetStart {
  brokerUrl: string;
  gateways: { mac: string; password: string }[];
  /** Connections opening at once; the next one starts when one is up. */
  concurrency: number;
  seed: number;
  /** Every n-th gateway's samples are tracked (mac, TI, wall-clock send time) for the harness's latency poll. */
  trackEvery: number;
}
/** A tracked sample: the harness looks for (mac, ti) in the database and takes `sentAt` (epoch ms) from it. */
export interface TrackedSample {
  mac: string;
  ti: number;
  sentAt: number;
}
export interface FleetPublish {
  intervalMs: number;
  durationMs: number;
}
export interface FleetCounters {
  /** Connections up now. */
  connected: number;
  /** Online announcements ({"CS":1}) the broker acknowledged, one per connect. */
  announced: number;
  /** Samples due (a timer fired while connected). */
  offered: number;
  /** Publishes the broker acknowledged. */
  acknowledged: number;
  /** Publishes that failed or found the gateway offline. */
  failed: number;
  confirmed: number;
  refused: number;
  reconnects: number;
}

class FleetGateway {
  readonly link: GatewayLink;
  private readonly random: Random;
  private readonly room: RoomProfile;
  private seq: number;
  /** seq -> when its publish started (performance.now()), until confirmed. */
  readonly sent = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  connectedOnce: Promise<void>;

  constructor(
    readonly mac: string,
    password: string,
    brokerUrl: string,
    seed: number,
    private readonly fleet: Fleet,
    private readonly tracked: boolean,
  ) {
    this.random = seededRandom(deriveSeed(seed, mac, 'sensors'));
    this.room = randomRoomProfile(this.random);
    this.seq = Date.now();
    let connected: () => void = () => {};
    this.connectedOnce = new Promise((resolve) => {
      connected = resolve;
    });
    this.link = new GatewayLink(
      {
        brokerUrl,
        mac,
        password,
        protocolVersion: 4,
        keepaliveSeconds: 30,
        random: seededRandom(deriveSeed(seed, mac, 'network')),
      },
      {
        onConnect: () => void this.announce().then(connected),
        onMessage: (topic, payload) => this.receive(topic, payload),
        onClose: () => {},
      },
      fleet.linkCounters,
      { info: () => {}, warn: (message) => fleet.warn(message) },
    );
  }

  private async announce(): Promise<void> {
    await this.link.subscribe([
      ...gatewaySubscriptions(this.mac).map((s) => s.filter),
      deviceDown.stored(this.mac),
    ]);
    if (await this.link.publishJson(deviceUp.status(this.mac), { CS: 1, TI: Date.now() }))
      this.fleet.counters.announced++;
  }

  start(intervalMs: number): void {
    this.timer = setTimeout(
      () => {
        this.sendSample();
        this.timer = setInterval(() => this.sendSample(), intervalMs);
      },
      Math.floor(this.random() * intervalMs),
    );
  }

  stopSending(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
  }

  private sendSample(): void {
    const counters = this.fleet.counters;
    counters.offered++;
    const seq = ++this.seq;
    this.sent.set(seq, performance.now());
    const sample = sensorSample(Date.now(), this.random, this.room);
    if (this.tracked) this.fleet.tracked.push({ mac: this.mac, ti: sample.TI, sentAt: Date.now() });
    void this.link.publishJson(deviceUp.telemetry(this.mac), { seq, samples: [sample] }).then((ok) => {
      if (ok) counters.acknowledged++;
      else {
        counters.failed++;
        this.sent.delete(seq);
      }
    });
  }

  private receive(topic: string, payload: string): void {
    if (topic !== deviceDown.stored(this.mac)) return;
    const parsed = storedConfirmation.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    const now = performance.now();
    for (const seq of parsed.data.stored) {
      const at = this.sent.get(seq);
      if (at === undefined) continue;
      this.sent.delete(seq);
      this.fleet.counters.confirmed++;
      this.fleet.latencies.push(now - at);
    }
    for (const seq of parsed.data.refused ?? []) {
      if (this.sent.delete(seq)) this.fleet.counters.refused++;
    }
  }
}

class Fleet {
  readonly counters: FleetCounters = {
    connected: 0, // counted when asked (counters)
    announced: 0,
    offered: 0,
    acknowledged: 0,
    failed: 0,
    confirmed: 0,
    refused: 0,
    reconnects: 0,
  };
  readonly linkCounters = emptyCounters();
  readonly latencies: number[] = [];
  readonly tracked: TrackedSample[] = [];
  private warnings = 0;
  gateways: FleetGateway[] = [];

  warn(message: string): void {
    // The first few only: a broker that refuses 5,000 connections would otherwise flood the harness's output.
    if (++this.warnings <= 5) console.error(`fleet ${process.pid}: ${message}`);
  }

  /** Opens every connection, at most `concurrency` at once; resolves when all announced themselves. */
  async connect({ brokerUrl, gateways, concurrency, seed, trackEvery }: FleetStart): Promise<void> {
    let next = 0;
    const opener = async () => {
      while (next < gateways.length) {
        const index = next++;
        const { mac, password } = gateways[index]!;
        const gateway = new FleetGateway(mac, password, brokerUrl, seed, this, index % trackEvery === 0);
        this.gateways.push(gateway);
        await gateway.connectedOnce;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, gateways.length) }, opener));
  }
}

const fleet = new Fleet();

serveHarness({
  connect: (argument) => fleet.connect(argument as FleetStart),
  publish(argument) {
    const { intervalMs, durationMs } = argument as FleetPublish;
    for (const gateway of fleet.gateways) gateway.start(intervalMs);
    setTimeout(() => {
      for (const gateway of fleet.gateways) gateway.stopSending();
    }, durationMs);
    return null;
  },
  counters: (): FleetCounters => ({
    ...fleet.counters,
    connected: fleet.gateways.filter((gateway) => gateway.link.connected).length,
    reconnects: fleet.linkCounters.reconnects,
  }),
  /** The tracked samples sent since the last call, then forgotten. */
  tracked: () => fleet.tracked.splice(0),
  /** The latencies (ms) measured since the last call, then forgotten. */
  latencies: () => fleet.latencies.splice(0),
  async stop() {
    await Promise.all(fleet.gateways.map((gateway) => gateway.link.disconnect()));
  },
});
