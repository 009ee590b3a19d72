import {
  type AgentConfigAck,
  agentConfigAck,
  controlCharacterMessage,
  type DeviceStateMessage,
  type DeviceStatusMessage,
  deviceStateMessage,
  deviceStatusMessage,
  type EventsMessage,
  eventsMessage,
  findControlCharacter,
  type InstructionResponse,
  instructionResponse,
  type LockEventsMessage,
  type LockReport,
  lockEventsMessage,
  lockReport,
  MAX_CLOCK_SKEW_MS,
  MAX_LOCK_CLOCK_AHEAD_MS,
  MAX_LOCK_EVENT_AGE_MS,
  MAX_SAMPLE_AGE_MS,
  type OnboardingStatus,
  onboardingStatus,
  type PumpReport,
  parseOnboardingStatusTopic,
  parseUpstreamTopic,
  pumpReport,
  RESPONSE_KINDS,
  type ScanReport,
  scanReport,
  type TelemetrySample,
  telemetryMessage,
  telemetrySample,
  type UpdateProgressMessage,
  updateProgressMessage,
} from '@portal/contract';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { EventEmitting } from '../../lib/events.ts';
import type { DevicePublisher } from '../../lib/live.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { CustomerRateLimits, DeviceRateSettings } from './device-rate.ts';
import { MessagePacing } from './message-pacing.ts';
import { type StoredConfirmations, telemetrySeq } from './stored-confirmations.ts';

/**
 * Entry point of every device upstream message, whichever broker carried it. `handle` resolves once
 * the message is stored (the caller acknowledges it then) or judged bad (counted, logged, dropped
 * whole); it rejects only when storing failed, so the message is not acknowledged and comes again.
 */
const SAMPLE_KEYS = new Set(Object.keys(telemetrySample.shape));
const now = () => Date.now();
const withinWindow = (ti: number, at: number) => ti >= at - MAX_SAMPLE_AGE_MS && ti <= at + MAX_CLOCK_SKEW_MS;

/** Where a gateway's status and state reports go (modules/gateways). */
export interface GatewayReports {
  recordStatus(device: DeviceIdentity, message: DeviceStatusMessage): Promise<boolean>;
  recordState(device: DeviceIdentity, message: DeviceStateMessage): Promise<void>;
}

/** Where samples and events go (modules/telemetry); `flush` stores what is batched. */
export interface TelemetryReports {
  recordSamples(device: DeviceIdentity, samples: TelemetrySample[]): Promise<void>;
  recordEvents(device: DeviceIdentity, message: EventsMessage): Promise<void>;
  flush(): Promise<void>;
}

/** Where instruction answers go (modules/instructions). */
export interface InstructionInbox {
  record(device: DeviceIdentity, answer: InstructionResponse): Promise<void>;
}

/** Where scan results, onboarding progress and state changes go for the gateway commands (modules/gateway-commands). */
export interface CommandInbox {
  recordScan(device: DeviceIdentity, report: ScanReport): Promise<void>;
  onboardingStatus(device: DeviceIdentity, status: OnboardingStatus): Promise<void>;
  stateChanged(device: DeviceIdentity, message: DeviceStateMessage): Promise<void>;
}

/**
 * Where the locks a gateway manages and their history go (modules/locks), and who hears that a gateway went
 * offline (its locks cannot be reached).
 */
export interface LockReports {
  recordLocks(device: DeviceIdentity, report: LockReport): Promise<void>;
  recordLockEvents(device: DeviceIdentity, message: LockEventsMessage): Promise<void>;
  gatewayOffline(device: DeviceIdentity): Promise<void>;
}

/** Where a gateway's answer to an agent configuration goes (modules/agent-config, docs/mqtt.md 3.7). */
export interface AgentConfigInbox {
  answer(device: DeviceIdentity, ack: AgentConfigAck): Promise<'recorded' | 'unknown version'>;
}

/**
 * Where a gateway's progress on an update goes (modules/firmware, docs/mqtt.md 3.8), and its state: the
 * firmware it runs confirms a boot whose `booted` report was lost (docs/rollouts.md).
 */
export interface UpdateInbox {
  progress(device: DeviceIdentity, message: UpdateProgressMessage): Promise<'recorded' | 'unknown update'>;
  stateReported(device: DeviceIdentity, message: DeviceStateMessage): Promise<void>;
}

/** Where a gateway's demo pump reports go (modules/pump, docs/mqtt.md 2.8). */
export interface PumpInbox {
  record(device: DeviceIdentity, report: PumpReport): Promise<void>;
}

/** A lock's history may be fetched late, and a lock's clock drifts (docs/mqtt.md 2.7). */
const withinLockWindow = (ti: number, at: number) =>
  ti >= at - MAX_LOCK_EVENT_AGE_MS && ti <= at + MAX_LOCK_CLOCK_AHEAD_MS;

/** Why a device message was refused: the `reason` label of `portal_ingest_refused_total` (docs/operations.md). */
export type RefusalCode =
  | 'retained'
  | 'unknown_topic'
  | 'not_json'
  | 'control_character'
  | 'invalid'
  | 'time_window'
  | 'unknown_reference'
  | 'too_large'
  | 'rate'
  | 'not_stored'
  | 'other';

/** How the transport carried a device message. */
export interface DeviceMessageFlags {
  retain?: boolean;
  /**
   * true: waiting for the gateway's rate would not slow the gateway down (a QoS 0 delivery from an external
   * broker, nothing acknowledged late), only pile messages up here: above the rate it is refused instead.
   */
  unpaced?: boolean;
}

export class DeviceInbox {
  /**
   * Running totals read by /metrics at scrape time (ingest.wiring.ts): plain additions on the hot path.
   * `received` counts every message taken, `handleMs` the time from taking one to its being stored or refused.
   */
  readonly counters = {
    received: 0,
    accepted: 0,
    rejected: 0,
    unknownFields: 0,
    slowedDown: 0,
    /** Of those, held back by their customer's messages-per-second quota (docs/quotas.md). */
    slowedByQuota: 0,
    samples: 0,
    handleMs: 0,
    refusedBy: new Map<RefusalCode, number>(),
  };
  private readonly pacing: MessagePacing;
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly gateways: GatewayReports,
    private readonly telemetry: TelemetryReports,
    private readonly logger: Logger,
    rate: DeviceRateSettings,
    private readonly instructions: InstructionInbox,
    private readonly commands: CommandInbox,
    private readonly locks: LockReports,
    private readonly agentConfig: AgentConfigInbox,
    private readonly updates: UpdateInbox,
    private readonly pump: PumpInbox,
    /** What the device side tells the modules that listen (lib/events.ts), once the message is stored. */
    private readonly events: EventEmitting,
    private readonly confirmations: StoredConfirmations,
    /**
     * The customers' messages-per-second quotas (modules/tenants) and the way to tell their gateways to slow
     * down; none: unlimited.
     */
    customers?: { limits: CustomerRateLimits; devices: DevicePublisher },
  ) {
    this.pacing = new MessagePacing(rate, this.counters, logger, customers);
  }

  /**
   * Every message a gateway publishes, whatever its topic, takes its turn in the gateway's rate and its
   * customer's (a messages-per-second quota, docs/quotas.md) first, and waits for the later of the two. One
   * flagged retained is refused: the protocol has gateways publish with retain false, and no broker should
   * keep what a gateway sends (docs/mqtt.md section 4).
   */
  async handle(
    device: DeviceIdentity,
    topic: string,
    payload: Buffer,
    flags: DeviceMessageFlags = {},
  ): Promise<void> {
    this.inFlight++;
    this.counters.received++;
    const started = performance.now();
    try {
      if (!(await this.pacing.take(device, topic, flags.unpaced ?? false))) return;
      if (flags.retain)
        return this.refuse(device, topic, 'retained message (publish with retain false)', 'retained');
      await this.dispatch(device, topic, payload);
    } finally {
      this.counters.handleMs += performance.now() - started;
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  /** Messages being handled now (taken, not yet stored or refused). */
  get pending(): number {
    return this.inFlight;
  }

  /** Waits until no message is being handled. */
  async drain(): Promise<void> {
    if (this.inFlight > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    await this.telemetry.flush();
  }

  private async dispatch(device: DeviceIdentity, topic: string, payload: Buffer): Promise<void> {
    const onboarding = parseOnboardingStatusTopic(topic);
    if (onboarding) return this.dispatchOnboarding(device, topic, onboarding, payload);
    const route = parseUpstreamTopic(topic);
    if (!route || route.mac !== device.mac)
      return this.refuse(device, topic, 'unknown topic', 'unknown_topic');
    const json = this.readJson(device, topic, payload);
    if (json === undefined) return;
    const parse = <T extends z.ZodType>(schema: T) => this.validate(device, topic, json, schema);

    switch (route.kind) {
      case 'status': {
        const message = parse(deviceStatusMessage);
        if (!message) return;
        // A report older than one already applied (they can arrive out of order) only joins the history.
        const newest = await this.gateways.recordStatus(device, message);
        if (newest) await this.events.emit('gatewayStatus', { device, message });
        if (newest && message.CS === 1) this.gatewayBack(device);
        if (newest && message.CS === 0) await this.locks.gatewayOffline(device);
        return this.accepted(message);
      }
      case 'state': {
        const message = parse(deviceStateMessage);
        if (message) await this.gateways.recordState(device, message);
        if (message) await this.events.emit('gatewayState', { device, message });
        if (message) await this.commands.stateChanged(device, message);
        if (message) await this.updates.stateReported(device, message);
        return this.accepted(message);
      }
      case 'telemetry': {
        // A numbered message is confirmed once stored, or once refused for good (it would never be stored).
        const seq = telemetrySeq(json);
        const message = parse(telemetryMessage);
        if (!message) return this.confirmations.note(device.mac, seq, 'refused');
        const outside = message.samples.find((s) => !withinWindow(s.TI, now()));
        if (outside) {
          this.refuseTime(device, topic, 'sample', outside.TI);
          return this.confirmations.note(device.mac, seq, 'refused');
        }
        this.noteUnknownFields(device, topic, json as { samples: Record<string, unknown>[] });
        await this.telemetry.recordSamples(device, message.samples);
        await this.events.emit('samplesRecorded', { device, samples: message.samples });
        this.counters.samples += message.samples.length;
        this.confirmations.note(device.mac, seq, 'stored');
        return this.accepted(message);
      }
      case 'events': {
        const message = parse(eventsMessage);
        if (!message) return;
        if (!withinWindow(message.TI, now())) {
          return this.refuseTime(device, topic, 'event', message.TI);
        }
        await this.telemetry.recordEvents(device, message);
        return this.accepted(message);
      }
      case 'response': {
        // Answers to instructions: the uid in the topic must be the answer's.
        if (!RESPONSE_KINDS.includes(route.rest[0] as (typeof RESPONSE_KINDS)[number])) {
          return this.refuse(device, topic, 'unknown response kind', 'unknown_topic');
        }
        const message = parse(instructionResponse);
        if (!message) return;
        if (route.rest[1] !== message.uid)
          return this.refuse(device, topic, 'uid differs from the topic', 'invalid');
        await this.instructions.record(device, message);
        return this.accepted(message);
      }
      case 'scan': {
        const message = parse(scanReport);
        if (!message) return;
        if (!withinWindow(message.TI, now())) {
          return this.refuseTime(device, topic, 'scan', message.TI);
        }
        await this.commands.recordScan(device, message);
        return this.accepted(message);
      }
      case 'locks': {
        const message = parse(lockReport);
        if (!message) return;
        if (!withinWindow(message.TI, now())) {
          return this.refuseTime(device, topic, 'report', message.TI);
        }
        if (message.kind === 'full' && message.part > message.parts) {
          return this.refuse(device, topic, `part ${message.part} of ${message.parts}`, 'invalid');
        }
        await this.locks.recordLocks(device, message);
        await this.events.emit('locksReported', { device, report: message });
        return this.accepted(message);
      }
      case 'lock-events': {
        const message = parse(lockEventsMessage);
        if (!message) return;
        const outside = message.events.find((e) => !withinLockWindow(e.TI, now()));
        if (outside) {
          return this.refuseTime(device, topic, 'lock event', outside.TI);
        }
        await this.locks.recordLockEvents(device, message);
        await this.events.emit('lockEventsRecorded', { device, message });
        return this.accepted(message);
      }
      case 'agent-config': {
        const message = parse(agentConfigAck);
        if (!message) return;
        if ((await this.agentConfig.answer(device, message)) === 'unknown version') {
          return this.refuse(
            device,
            topic,
            `agent config version ${message.cfv} is not the customer's`,
            'unknown_reference',
          );
        }
        return this.accepted(message);
      }
      case 'update': {
        const message = parse(updateProgressMessage);
        if (!message) return;
        if ((await this.updates.progress(device, message)) === 'unknown update') {
          return this.refuse(
            device,
            topic,
            `progress for update ${message.uid} it was never given`,
            'unknown_reference',
          );
        }
        return this.accepted(message);
      }
      case 'pump': {
        const message = parse(pumpReport);
        if (!message) return;
        if (!withinWindow(message.TI, now()))
          return this.refuseTime(device, topic, 'pump report', message.TI);
        await this.pump.record(device, message);
        return this.accepted(message);
      }
    }
  }

  /**
   * A gateway back: the modules listening to `gatewayOnline` send again what waits for it (pending instructions,
   * then the lock ledger's queue, the agent configuration, the firmware update). Not awaited by the status
   * message's handler: behind an external broker their QoS 2 publishes would wait for packets the same
   * connection reads only once that handler is done.
   */
  private gatewayBack(device: DeviceIdentity): void {
    void this.events
      .emit('gatewayOnline', device)
      .catch((error) => this.logger.warn({ err: error, mac: device.mac }, 'gateway back: resume failed'));
  }

  /** `gateways/{scopeId}/onboarding/status/{mac}`: only the gateway's own MAC and its own customer. */
  private async dispatchOnboarding(
    device: DeviceIdentity,
    topic: string,
    route: { scopeId: string; mac: string },
    payload: Buffer,
  ): Promise<void> {
    if (route.mac !== device.mac || route.scopeId !== device.tenantId) {
      return this.refuse(device, topic, 'onboarding status of another gateway or customer', 'unknown_topic');
    }
    const json = this.readJson(device, topic, payload);
    const status = json === undefined ? null : this.validate(device, topic, json, onboardingStatus);
    if (!status) return;
    await this.commands.onboardingStatus(device, status);
    return this.accepted(status);
  }

  /**
   * The payload's JSON, or undefined when it is not JSON or holds a control character in any string (the
   * contract's text rule; PostgreSQL cannot store U+0000): refused, counted, logged, and still acknowledged.
   */
  private readJson(device: DeviceIdentity, topic: string, payload: Buffer): unknown {
    let json: unknown;
    const text = payload.toString('utf8');
    try {
      json = JSON.parse(text);
    } catch {
      this.refuse(device, topic, 'payload is not JSON', 'not_json');
      return undefined;
    }
    // JSON refuses a raw control character in a string, so a parsed one came from an escape (\u0000, \b, \f):
    // a text without a backslash holds none, and the walk (an allocation per value) is skipped.
    if (!text.includes('\\')) return json;
    const path = findControlCharacter(json);
    if (!path) return json;
    this.refuse(device, topic, controlCharacterMessage(path.join('.')), 'control_character');
    return undefined;
  }

  /** The message as `schema` reads it, or null when it is not valid (rejected with the reasons). */
  private validate<T extends z.ZodType>(
    device: DeviceIdentity,
    topic: string,
    json: unknown,
    schema: T,
  ): z.infer<T> | null {
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    this.refuse(
      device,
      topic,
      result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      'invalid',
    );
    return null;
  }

  /** Fields the protocol does not define are ignored; they are counted and logged so a vendor sees them. */
  private noteUnknownFields(
    device: DeviceIdentity,
    topic: string,
    { samples }: { samples: Record<string, unknown>[] },
  ): void {
    const unknown = new Set(
      samples.flatMap((sample) => Object.keys(sample).filter((key) => !SAMPLE_KEYS.has(key))),
    );
    if (unknown.size === 0) return;
    this.counters.unknownFields++;
    this.logger.info({ mac: device.mac, topic, fields: [...unknown] }, 'unknown fields ignored');
  }

  private accepted(message: unknown): void {
    if (message) this.counters.accepted++;
  }

  /** A message whose time lies outside the window the protocol accepts (docs/mqtt.md). */
  private refuseTime(device: DeviceIdentity, topic: string, what: string, ti: number): void {
    this.refuse(device, topic, `${what} time ${ti} outside the accepted window`, 'time_window');
  }

  /** Refuses a message whole: counted and logged with the gateway, the topic and the reason. */
  refuse(device: DeviceIdentity, topic: string, reason: string, code: RefusalCode = 'other'): void {
    this.counters.rejected++;
    this.counters.refusedBy.set(code, (this.counters.refusedBy.get(code) ?? 0) + 1);
    this.logger.warn(
      { mac: device.mac, tenantId: device.tenantId, topic, reason },
      'device message rejected',
    );
  }
}
