import {
  type AgentConfigAck,
  type AgentConfigDeviceMessage,
  agentConfigDeviceMessage,
  deviceDown,
  deviceUp,
} from '@portal/contract';
import type { Timers } from './timers.ts';

/** What the cadence drives on its gateway. */
export interface CadenceHooks {
  /** A poll: read the sensors (alerts follow every poll); `record` keeps the reading as a telemetry sample. */
  poll(record: boolean): void;
  /** Send the recorded samples. */
  post(): void;
}

/** The cadence a gateway runs at: every poll, a record every n-th poll, a post on its own period or after a record. */
export interface Cadence {
  pollMs: number;
  recordEvery: number;
  /** null: post right after each record (the simulator's own cadence before any configuration). */
  postMs: number | null;
}

/**
 * The agent configuration on a simulated gateway (docs/mqtt.md 3.7): it receives the customer's configuration
 * on `gateways/{mac}/receive/agent-config`, applies the poll group (poll `pti`, record `dpf`, post `ppf`, in
 * seconds) to its timers, and answers the version it applied (or why it refused it).
 */
export class AgentConfigApplier {
  readonly filter: string;
  private cadenceNow: Cadence;
  private applied: AgentConfigDeviceMessage | undefined;
  private polls = 0;
  private readonly warn: (message: string) => void;

  /** Starts the cadence at once: the simulator's telemetry interval until a configuration arrives. */
  constructor(
    private readonly mac: string,
    private readonly timers: Timers,
    options: { telemetryIntervalMs: number; logger: { warn(message: string): void } },
    private readonly link: { publishJson(topic: string, payload: unknown): Promise<boolean> },
    private readonly hooks: CadenceHooks,
  ) {
    this.filter = deviceDown.agentConfig(mac);
    this.warn = (message) => options.logger.warn(message);
    this.cadenceNow = { pollMs: options.telemetryIntervalMs, recordEvery: 1, postMs: null };
    this.start();
  }

  /** True when the message was on the configuration topic (and so handled here). */
  handled(topic: string, payload: string): boolean {
    if (topic !== this.filter) return false;
    this.receive(payload);
    return true;
  }

  /** The version applied, if any. */
  get version(): number | undefined {
    return this.applied?.cfv;
  }

  get cadence(): Cadence {
    return { ...this.cadenceNow };
  }

  start(): void {
    const { pollMs, recordEvery, postMs } = this.cadenceNow;
    this.polls = 0;
    this.timers.every('telemetry', pollMs, () => {
      const record = this.polls++ % recordEvery === 0;
      this.hooks.poll(record);
      if (record && postMs === null) this.hooks.post();
    });
    if (postMs === null) this.timers.cancel('agent-post');
    else this.timers.every('agent-post', postMs, () => this.hooks.post());
  }

  /** A message on the configuration topic: applied and answered; a bad one refused (answered when it has a version). */
  receive(payload: string): void {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      this.warn(`${this.mac}: agent config is not JSON`);
      return;
    }
    const parsed = agentConfigDeviceMessage.safeParse(json);
    if (!parsed.success) {
      const cfv = (json as { cfv?: unknown })?.cfv;
      const reason = parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')
        .slice(0, 200);
      this.warn(`${this.mac}: agent config refused: ${reason}`);
      if (Number.isInteger(cfv) && (cfv as number) >= 1) void this.answer(cfv as number, 'REJECTED', reason);
      return;
    }
    const message = parsed.data;
    const { pti, dpf, ppf } = message.cfg.poll;
    const next: Cadence = {
      pollMs: pti * 1000,
      recordEvery: Math.max(1, Math.round(dpf / pti)),
      postMs: ppf * 1000,
    };
    const same =
      next.pollMs === this.cadenceNow.pollMs &&
      next.recordEvery === this.cadenceNow.recordEvery &&
      next.postMs === this.cadenceNow.postMs;
    this.applied = message;
    this.cadenceNow = next;
    // A repeat (QoS 1, or the same version again on reconnect) changes nothing but is answered again.
    if (!same) this.start();
    void this.answer(message.cfv, 'APPLIED');
  }

  private answer(cfv: number, status: AgentConfigAck['status'], reason?: string): Promise<boolean> {
    const ack: AgentConfigAck = { cfv, TI: Date.now(), status, ...(reason ? { reason } : {}) };
    return this.link.publishJson(deviceUp.agentConfig(this.mac), ack);
  }
}
