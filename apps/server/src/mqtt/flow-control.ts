import { FLOW_CONTROL_TOPIC, type FlowControlMessage, parseFlowControl } from '@portal/contract';
import type { Logger } from 'pino';
import { type Meter, noMeter } from '../lib/metrics.ts';

const PROBE_ROOT = 'gateways/portal-probe';

/**
 * The probe topic of one consumer connection (its MQTT client id). The connection subscribes to it alone (not
 * shared), so the probe waits in that connection's queue at the broker, behind the device traffic the shared
 * subscription gave it, and comes back to the instance that sent it: an instance reads only its own probes.
 * Outside the device filter (`gateways/+/send/#`); no gateway may publish or read it (its ACL names its MAC).
 */
export const flowProbeTopic = (connectionId: string) => `${PROBE_ROOT}/${connectionId}`;
export const isFlowProbe = (topic: string) => topic.startsWith(`${PROBE_ROOT}/`);

export interface FlowControlOptions {
  /** This instance (its MQTT client id); decides who may lift a slow-down. */
  instanceId: string;
  /** Publishes on the external broker; `expirySeconds` becomes the MQTT 5 Message Expiry Interval. */
  publish(topic: string, payload: string, options: { expirySeconds: number }): Promise<void>;
  /** The client ids of this instance's consumer connections: each gets a probe every period. */
  connections: readonly string[];
  /** The part of the shared subscription's traffic this instance receives (0-1]. */
  share(): number;
  /** Lag above which gateways are slowed (ms); 0 turns flow control off (the probe still measures). */
  highMs: number;
  /** Lag under which the slow-down is raised, then lifted once the fleet keeps up (ms). */
  lowMs: number;
  /** Interval of the probes and of the decisions (ms). */
  probeEveryMs: number;
  /** How long a slow-down holds at a gateway unless renewed (it is renewed every probe period). */
  validForSeconds: number;
  logger: Logger;
  meter?: Meter;
  now?: () => number;
}

/** Share of what the cluster stores per second given to the gateways while slowed: the rest drains the backlog. */
const RATE_SHARE = 0.8;
/** Ticks of stored-message counts the rate is averaged over. */
const RATE_WINDOW_TICKS = 10;
const MIN_RATE = 0.1;
/**
 * While the lag stays low, the standing rate is raised this much per EASE_AFTER_TICKS probe periods until the
 * fleet no longer uses it. Gentle and spaced: the lag answers a raise only once the broker's queues fill again,
 * and a ×1.5 every probe period overshot into 10 s bursts at twice the rate (bench/README.md, overload).
 */
const RAMP = 1.25;
/** Probe periods the lag must stay under `lowMs`, with the rate unchanged, before the rate is raised or lifted. */
const EASE_AFTER_TICKS = 3;
/**
 * The fleet keeps up (sends what it wants, nothing waits at the gateways) when the cluster stored less than this
 * share of the rate allowed over the last probe period: a fleet held back by the rate sends all of it.
 */
const KEEP_UP_SHARE = 2 / 3;

/**
 * Application-level back-pressure behind an external broker (docs/operations.md, Overload). The broker
 * acknowledges gateways at once, so their excess piles up in the portal's queues at the broker. Every
 * `probeEveryMs` the instance publishes a small QoS 1 probe to each of its consumer connections (flowProbeTopic):
 * the time it takes to come back is the wait behind that connection's queue, and the longest is the lag (this
 * server's clock only). Above `highMs` it publishes a slow-down on FLOW_CONTROL_TOPIC carrying a per-gateway rate
 * derived from what the cluster stores per second, renewed every probe period while it stands (not retained:
 * a gateway connecting meanwhile hears it within a period, and brokers run with retained messages off). Under `lowMs` it does not lift it at once (the gateways would flush what they
 * hold at no limit, and the lag climb back): it lifts it only when the fleet has also kept up, i.e. the cluster
 * stored less than KEEP_UP_SHARE of the rate allowed over the last probe period, so the gateways were not held
 * back; while they use the whole rate it raises the rate by RAMP per probe period instead (a raise the portal
 * cannot store brings the lag back, and the rate back to what the cluster stores). Several instances: the one
 * with the higher lag wins, only the instance whose slow-down stands raises or lifts it, and an instance that
 * died leaves a slow-down that expires.
 */
export class FlowControl {
  private readonly now: () => number;
  private seq = 0;
  /** Own probes not back yet, by seq: when sent, and on which connection's topic. */
  private readonly outstanding = new Map<number, { sentAt: number; topic: string }>();
  /** The wait of the last probe back, per consumer connection. */
  private readonly lastLagByConnection = new Map<string, number>();
  private stored = 0;
  private readonly ticks: { at: number; stored: number }[] = [];
  private macs = new Set<string>();
  private previousMacs = new Set<string>();
  private current: (FlowControlMessage & { instance?: string; receivedAt: number }) | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** What this instance last decided. */
  slow = false;
  maxRate: number | null = null;
  /** When this instance last changed the rate it publishes (a raise is judged once it stood a probe period). */
  private rateSetAt = 0;
  /** The time of the tick deciding now (the time its stored count was taken). */
  private decidedAt = 0;
  /** Probe periods in a row whose lag was under `lowMs`. */
  private lowLagTicks = 0;
  probesSent = 0;
  probesBack = 0;

  constructor(private readonly options: FlowControlOptions) {
    this.now = options.now ?? Date.now;
    const meter = options.meter ?? noMeter;
    meter.readings(
      'gauge',
      'portal_ingest_lag_seconds',
      "Wait of this instance's probe behind the external broker's queue (flow control)",
      () => [{ value: this.lagMs() / 1000 }],
    );
    meter.readings(
      'gauge',
      'portal_flow_control_slow',
      '1 while the slow-down this instance decided stands, else 0',
      () => [{ value: this.slow ? 1 : 0 }],
    );
    meter.readings(
      'gauge',
      'portal_flow_control_max_rate',
      'Messages a second per gateway in the slow-down this instance published (0 when none)',
      () => [{ value: this.maxRate ?? 0 }],
    );
  }

  /** The wait behind the broker: the longest of the connections' last probes, or longer while one is still out. */
  lagMs(): number {
    let lag = 0;
    for (const connectionLag of this.lastLagByConnection.values()) lag = Math.max(lag, connectionLag);
    const now = this.now();
    for (const { sentAt } of this.outstanding.values()) lag = Math.max(lag, now - sentAt);
    return lag;
  }

  /** A probe came back on its connection's own topic. */
  onProbe(topic: string, payload: Buffer): void {
    let probe: { i?: unknown; s?: unknown; t?: unknown };
    try {
      probe = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    // Another instance's (a session taken over still held its subscription): not ours to measure.
    if (probe.i !== this.options.instanceId || typeof probe.s !== 'number' || typeof probe.t !== 'number')
      return;
    if (!this.outstanding.has(probe.s)) return;
    // A connection's queue is in order: its earlier probes still out were lost (a dropped connection).
    for (const [seq, sent] of this.outstanding)
      if (sent.topic === topic && seq <= probe.s) this.outstanding.delete(seq);
    this.lastLagByConnection.set(topic, Math.max(0, this.now() - probe.t));
    this.probesBack++;
  }

  /** A device message was stored (the rate the cluster sustains). */
  noteStored(mac: string): void {
    this.stored++;
    this.macs.add(mac);
  }

  /** The last flow-control message heard (this instance's or another's). */
  onFlowMessage(payload: Buffer): void {
    const text = payload.toString('utf8');
    const message = parseFlowControl(text);
    if (!message) {
      this.current = null;
      return;
    }
    let instance: string | undefined;
    try {
      instance = (JSON.parse(text) as { instance?: string }).instance;
    } catch {}
    this.current = { ...message, instance, receivedAt: this.now() };
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.probeEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // A slow-down of ours is lifted on a clean stop; after a crash it expires.
    if (this.slow && this.current?.instance === this.options.instanceId)
      await this.publishState(false, 0, null);
  }

  /** Cluster-wide messages stored a second, and per active gateway what the gateways may send while slowed. */
  rates(): { clusterPerSecond: number; gateways: number; perGateway: number } {
    const first = this.ticks[0];
    const last = this.ticks[this.ticks.length - 1];
    const seconds = first && last ? (last.at - first.at) / 1000 : 0;
    const own = seconds > 0 ? (last!.stored - first!.stored) / seconds : 0;
    const clusterPerSecond = own / Math.max(this.options.share(), 0.01);
    const gateways = Math.max(1, new Set([...this.previousMacs, ...this.macs]).size);
    const perGateway = Math.max(
      MIN_RATE,
      Math.round(((RATE_SHARE * clusterPerSecond) / gateways) * 100) / 100,
    );
    return { clusterPerSecond, gateways, perGateway };
  }

  /** Cluster-wide messages stored a second over the last `periods` probe periods; null before enough ticks. */
  private recentClusterPerSecond(periods: number): { perSecond: number; since: number } | null {
    const previous = this.ticks[this.ticks.length - 1 - periods];
    const last = this.ticks[this.ticks.length - 1];
    if (!previous || !last || last.at <= previous.at) return null;
    const own = (last.stored - previous.stored) / ((last.at - previous.at) / 1000);
    return { perSecond: own / Math.max(this.options.share(), 0.01), since: previous.at };
  }

  /** One probe and one decision (exported for tests). */
  async tick(): Promise<void> {
    const now = this.now();
    this.decidedAt = now;
    this.ticks.push({ at: now, stored: this.stored });
    if (this.ticks.length > RATE_WINDOW_TICKS) {
      this.ticks.shift();
      this.previousMacs = this.macs;
      this.macs = new Set();
    }
    // Probes never answered (a lost connection drops them) do not hold the lag up for ever.
    for (const [seq, { sentAt }] of this.outstanding) {
      if (now - sentAt > this.options.validForSeconds * 4000) this.outstanding.delete(seq);
    }
    for (const connection of this.options.connections) {
      const seq = ++this.seq;
      const topic = flowProbeTopic(connection);
      this.outstanding.set(seq, { sentAt: now, topic });
      this.probesSent++;
      const probe = JSON.stringify({ i: this.options.instanceId, s: seq, t: now });
      this.options
        .publish(topic, probe, { expirySeconds: 0 })
        .catch((error: Error) => this.options.logger.warn({ err: error }, 'flow control: probe not sent'));
    }
    if (this.options.highMs <= 0) return;
    await this.decide();
  }

  private async decide(): Promise<void> {
    const lag = this.lagMs();
    const current = this.current;
    const currentLive =
      current && this.now() - current.receivedAt < current.validForSeconds * 1000 ? current : null;
    const currentMine = currentLive?.instance === this.options.instanceId;
    this.lowLagTicks = lag < this.options.lowMs ? this.lowLagTicks + 1 : 0;
    if (lag > this.options.highMs) {
      // Highest lag wins: another instance's standing slow-down is replaced only by a longer wait.
      if (currentLive?.state !== 'slow' || currentMine || lag >= currentLive.lagMs) {
        await this.publishState(true, lag, this.rates().perGateway);
      }
    } else if (lag < this.options.lowMs) {
      if (this.slow && (currentMine || !currentLive)) await this.easeOff(lag);
      else this.slow = false;
    } else if (this.slow && (currentMine || !currentLive)) {
      // Between the thresholds a standing slow-down of ours is renewed at what the cluster stores (hysteresis).
      await this.publishState(true, lag, this.rates().perGateway);
    }
  }

  /**
   * The lag is low under a slow-down of ours. Once it stayed low for EASE_AFTER_TICKS probe periods under an
   * unchanged rate, the slow-down is lifted if the fleet kept up with that rate (the cluster stored less than
   * KEEP_UP_SHARE of it), else the rate is raised by RAMP. Until then it is renewed as it is: one short dip of the
   * lag or of the stored rate (a slow commit) says nothing yet.
   */
  private async easeOff(lag: number): Promise<void> {
    const rate = this.maxRate ?? this.rates().perGateway;
    const recent = this.recentClusterPerSecond(EASE_AFTER_TICKS);
    if (!recent || this.rateSetAt > recent.since || this.lowLagTicks < EASE_AFTER_TICKS)
      return this.publishState(true, lag, rate);
    const allowed = rate * this.rates().gateways;
    if (recent.perSecond < KEEP_UP_SHARE * allowed) return this.publishState(false, lag, null);
    await this.publishState(true, lag, Math.round(rate * RAMP * 100) / 100);
  }

  private async publishState(slow: boolean, lag: number, rate: number | null): Promise<void> {
    const { clusterPerSecond, gateways } = this.rates();
    const message: FlowControlMessage & { instance: string } = {
      state: slow ? 'slow' : 'normal',
      maxMessagesPerSecond: slow ? Math.max(MIN_RATE, rate ?? MIN_RATE) : null,
      validForSeconds: this.options.validForSeconds,
      lagMs: Math.round(lag),
      instance: this.options.instanceId,
    };
    if (slow !== this.slow) {
      this.options.logger.warn(
        {
          lagMs: message.lagMs,
          maxMessagesPerSecond: message.maxMessagesPerSecond,
          clusterPerSecond,
          gateways,
        },
        slow ? 'flow control: gateways slowed down' : 'flow control: slow-down lifted',
      );
    }
    if (slow !== this.slow || message.maxMessagesPerSecond !== this.maxRate) {
      this.rateSetAt = this.decidedAt;
    }
    this.slow = slow;
    this.maxRate = message.maxMessagesPerSecond;
    try {
      await this.options.publish(FLOW_CONTROL_TOPIC, JSON.stringify(message), {
        expirySeconds: this.options.validForSeconds,
      });
    } catch (error) {
      this.options.logger.warn({ err: error }, 'flow control: message not published');
    }
  }
}
