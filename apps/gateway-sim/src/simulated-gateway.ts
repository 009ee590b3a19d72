import {
  deviceDown,
  type GatewayCommand,
  type ReportedLock,
  storedConfirmation,
  type TelemetrySample,
} from '@portal/contract';
import { AgentConfigApplier } from './agent-config.ts';
import { AlertCommands } from './alert-commands.ts';
import { type DeviceFacts, driftSignalLevel } from './device-profile.ts';
import {
  type DownstreamMessage,
  gatewaySubscriptions,
  type Instruction,
  kindOfTopic,
  parseDownstream,
  type Subscription,
} from './downstream-messages.ts';
import { type AlertLevels, alertTransitions } from './events.ts';
import { FirmwareUpdater } from './firmware-updater.ts';
import type { GatewayHandle } from './gateway-handle.ts';
import { GatewayLink } from './gateway-link.ts';
import { GatewayLocks, nearbyLocksOf } from './gateway-locks.ts';
import { GatewayReporter } from './gateway-reporter.ts';
import { gatewayProfile } from './history.ts';
import { type InstructionPlan, planInstruction } from './instructions.ts';
import { LockActivities } from './lock-activities.ts';
import { isLockInstruction } from './lock-commands.ts';
import { type GatewayLiveState, LockEngine } from './lock-engine.ts';
import { type SimulatedLock, timeZoneOf } from './lock-model.ts';
import type { GatewayCredential, ResolvedOptions } from './options.ts';
import { PumpDevice } from './pump-device.ts';
import { chance, deriveSeed, type Random, seededRandom, uniform } from './random.ts';
import { type RoomProfile, sensorSample } from './sensor-model.ts';
import type { SimulationCounters } from './stats.ts';
import { TelemetryBacklog } from './telemetry-backlog.ts';
import { Timers } from './timers.ts';

export type { GatewayHandle } from './gateway-handle.ts';

const OUTAGE_CHECK_MS = 1_000;
/** How often telemetry waiting too long for the portal's confirmation is looked for (telemetry-backlog.ts). */
const CONFIRM_CHECK_MS = 5_000;

/** One simulated gateway: measures, reports, answers the portal's commands, and now and then goes offline. */
export class SimulatedGateway implements GatewayHandle {
  readonly mac: string;
  readonly scopeId: string | undefined;
  private readonly sensorRandom: Random;
  private readonly behaviourRandom: Random;
  private readonly facts: DeviceFacts;
  private readonly room: RoomProfile;
  private readonly engine: LockEngine<SimulatedLock>;
  /** The lock fleet, its instructions and its reports (gateway-locks.ts). */
  private readonly locksSide: GatewayLocks;
  private readonly backlog = new TelemetryBacklog();
  private readonly timers = new Timers();
  private readonly subscriptions: Subscription[];
  private readonly link: GatewayLink;
  private readonly report: GatewayReporter;
  private readonly activities: LockActivities;
  /** The poll/record/post cadence, as the customer's agent configuration sets it (agent-config.ts). */
  private readonly agentConfig: AgentConfigApplier;
  private readonly updater: FirmwareUpdater;
  /** The alerts the portal configured (ALERT-CONFIG commands, alert-commands.ts). */
  private readonly alertCommands: AlertCommands;
  /** The demo pump and soil sensor, when fitted (credential.pump; pump-device.ts). */
  private readonly pump: PumpDevice | undefined;
  private alertLevels: AlertLevels = {};
  private lastSample: TelemetrySample | undefined;
  /** An instruction still being carried out (a hotspot switch); a reboot answers it with GATEWAY_REBOOTED. */
  private pendingInstruction: InstructionPlan | undefined;
  private readonly answersInstructions: boolean;
  /** Set: diagnostics and camera captures are answered ERROR with this value ('' for none). */
  private readonly instructionFailure: string | undefined;
  private bootedAt = Date.now();
  private away = false;
  private stopping = false;

  constructor(
    credential: GatewayCredential,
    private readonly options: ResolvedOptions,
    private readonly counters: SimulationCounters,
  ) {
    this.mac = credential.mac;
    this.scopeId = credential.scopeId;
    const streamOf = (name: string) => seededRandom(deriveSeed(options.seed, this.mac, name));
    this.sensorRandom = streamOf('sensors');
    this.behaviourRandom = streamOf('behaviour');
    const profileRandom = streamOf('profile');
    const profile = gatewayProfile(profileRandom);
    this.facts = profile.facts;
    if (credential.camera !== undefined) this.facts.CMS = credential.camera ? 1 : 0;
    this.answersInstructions = credential.answerInstructions ?? true;
    this.instructionFailure = credential.instructionFailure;
    this.room = profile.room;
    const startedAt = Date.now();
    const { nearby, whitelist } = nearbyLocksOf(
      this.mac,
      profileRandom,
      options,
      {
        now: startedAt,
        timeZone: timeZoneOf(this.facts.LCTN.CTY),
        bootTag: startedAt.toString(36),
      },
      credential.whitelist,
    );
    this.engine = new LockEngine(this.behaviourRandom, nearby, whitelist, startedAt);
    this.subscriptions = gatewaySubscriptions(this.mac, this.scopeId);
    this.link = new GatewayLink(
      {
        brokerUrl: options.brokerUrl,
        mac: this.mac,
        ...(credential.password === undefined ? {} : { password: credential.password }),
        protocolVersion: options.protocolVersion,
        keepaliveSeconds: options.keepaliveSeconds,
        random: streamOf('network'),
      },
      {
        onConnect: (isReconnect) => void this.announce(isReconnect),
        onMessage: (topic, payload) => this.receive(topic, payload),
        onClose: () => this.backlog.release(),
      },
      counters,
      options.logger,
    );
    this.report = new GatewayReporter(this.mac, this.link, this.facts, this.engine);
    this.activities = new LockActivities(
      this.engine,
      this.timers,
      this.report,
      options.scanDurationMs,
      (macs) => this.locksSide.probed(macs),
    );
    this.locksSide = new GatewayLocks({
      nearby,
      engine: this.engine,
      settings: options.locks,
      utcOffsetHours: this.room.utcOffsetHours,
      fleetRandom: streamOf('locks'),
      commandRandom: streamOf('lock-commands'),
      timers: this.timers,
      report: this.report,
      isConnected: () => this.link.connected,
      isStopping: () => this.stopping,
      ...(credential.lockFailure === undefined ? {} : { forcedFailure: credential.lockFailure }),
    });
    this.agentConfig = new AgentConfigApplier(this.mac, this.timers, options, this.link, {
      poll: (record) => this.measure(record),
      post: () => void this.flushBacklog(),
    });
    this.updater = new FirmwareUpdater(this.mac, this.timers, options, streamOf('firmware'), this.link, {
      versions: this.facts,
      reboot: () => this.restart(),
    });
    this.alertCommands = new AlertCommands(this.mac, {
      event: (name, value) => this.report.change(name, value),
      warn: (message) => options.logger.warn(message),
    });
    this.pump = credential.pump
      ? new PumpDevice(this.mac, this.timers, streamOf('pump'), {
          publish: (topic, report) => void this.link.publishJson(topic, report),
          warn: (message) => options.logger.warn(message),
        })
      : undefined;
    this.timers.every('state', options.stateIntervalMs, () => this.reportSignalAndState());
    this.timers.every('telemetry-confirmations', CONFIRM_CHECK_MS, () => {
      if (this.link.connected && this.backlog.resendUnconfirmed(false) > 0) void this.flushBacklog();
    });
    const removal = credential.cameraRemoval ?? options.cameraRemoval;
    if (removal && this.facts.CMS === 1)
      this.timers.once('camera-removal', removal.afterMs, () => {
        this.setCamera(false);
        if (removal.refitAfterMs !== undefined)
          this.timers.once('camera-refit', removal.refitAfterMs, () => this.setCamera(true));
      });
    if (options.offlineProbability > 0)
      this.timers.every('outage-check', OUTAGE_CHECK_MS, () => this.maybeGoOffline());
  }

  isConnected(): boolean {
    return this.link.connected;
  }

  liveState(): GatewayLiveState {
    return this.engine.snapshot();
  }

  locks(): ReportedLock[] {
    return this.locksSide.reports();
  }

  lockQueueDepth(): number {
    return this.locksSide.queueDepth;
  }

  backlogSize(): number {
    return this.backlog.size;
  }

  telemetryTotals(): { confirmed: number; refused: number; dropped: number } {
    const { confirmedSamples: confirmed, refusedSamples: refused, droppedSamples: dropped } = this.backlog;
    return { confirmed, refused, dropped };
  }

  hasCamera(): boolean {
    return this.facts.CMS === 1;
  }

  /** Fits or removes the camera module: the state reports the new CMS at once (or at the next connect). */
  setCamera(fitted: boolean): void {
    const cms = fitted ? 1 : 0;
    if (this.facts.CMS === cms) return;
    this.facts.CMS = cms;
    this.options.logger.info(`${this.mac}: camera module ${fitted ? 'fitted' : 'removed'}`);
    if (this.link.connected) void this.report.state();
  }

  /** Takes no more samples; what waits is still sent until the portal confirms it (a drain before shutdown). */
  stopMeasuring(): void {
    this.timers.cancel('telemetry');
    this.timers.cancel('agent-post');
    void this.flushBacklog();
  }

  simulateOutage(durationMs: number): void {
    if (this.stopping || this.away) return;
    this.away = true;
    this.counters.outages++;
    this.options.logger.info(`${this.mac}: offline for ${Math.round(durationMs / 1000)} s`);
    this.link.dropAbruptly();
    this.timers.once('outage-over', durationMs, () => {
      this.away = false;
      this.link.resume();
    });
  }

  /** Stops every timer, says goodbye with {"CS":0} and closes the connection. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.timers.cancelAll();
    await this.link.disconnect();
  }

  /** On every connect: subscribe, say online, report state and locks, then lock history and the backlog. */
  private async announce(isReconnect: boolean): Promise<void> {
    this.options.logger.info(`${this.mac}: ${isReconnect ? 'reconnected' : 'connected'}`);
    await this.link.subscribe([
      ...this.subscriptions.map((s) => s.filter),
      this.agentConfig.filter,
      this.updater.filter,
      deviceDown.stored(this.mac),
    ]);
    await this.report.online();
    await this.report.state();
    this.pump?.start();
    await this.updater.afterConnect();
    await this.locksSide.reportAll();
    await this.locksSide.flush();
    // What the previous connection sent may have been lost with it (a broker restart): sent again unless confirmed.
    if (isReconnect) this.backlog.resendUnconfirmed(true);
    await this.flushBacklog();
  }

  private measure(record: boolean): void {
    const now = Date.now();
    const sample = sensorSample(now, this.sensorRandom, this.room);
    this.lastSample = sample;
    if (record) this.backlog.add(sample);
    if (this.options.selfAlerts) {
      const { levels, alerts } = alertTransitions(this.alertLevels, sample);
      this.alertLevels = levels;
      alerts.push(...this.alertCommands.transitions(sample));
      if (alerts.length > 0) void this.report.events({ SA: alerts });
    }
    if (this.engine.isScanDue(now)) this.activities.startScan('Scheduler');
  }

  private async flushBacklog(): Promise<void> {
    for (let batch = this.backlog.takeBatch(); batch; batch = this.backlog.takeBatch()) {
      if (!(await this.report.telemetry(batch.samples, batch.seq))) {
        this.backlog.release();
        return;
      }
      this.backlog.published(batch.seq);
    }
  }

  /** The portal stored (or refused) numbered telemetry messages: they leave the backlog, and more may go. */
  private confirmed(payload: string): void {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {}
    const confirmation = storedConfirmation.safeParse(json);
    if (!confirmation.success) {
      this.counters.malformedMessages++;
      this.options.logger.warn(`${this.mac}: ignored stored confirmation: ${payload.slice(0, 200)}`);
      return;
    }
    this.backlog.confirm(confirmation.data);
    void this.flushBacklog();
  }

  private reportSignalAndState(): void {
    this.facts.SS = driftSignalLevel(this.facts, this.behaviourRandom);
    void this.report.state();
  }

  private maybeGoOffline(): void {
    const perCheck = 1 - (1 - this.options.offlineProbability) ** (OUTAGE_CHECK_MS / 60_000);
    if (!this.link.connected || !chance(this.behaviourRandom, perCheck)) return;
    const { min, max } = this.options.offlineDurationMs;
    this.simulateOutage(Math.round(uniform(this.behaviourRandom, min, max)));
  }

  /** Validates and dispatches a downstream message; a bad one is counted and logged, never thrown. */
  private receive(topic: string, payload: string): void {
    if (topic === deviceDown.stored(this.mac)) {
      this.confirmed(payload);
      return;
    }
    if (
      this.agentConfig.handled(topic, payload) ||
      this.updater.handled(topic, payload) ||
      this.alertCommands.handled(topic, payload) ||
      (this.pump?.handled(topic, payload) ?? false)
    )
      return;
    const kind = kindOfTopic(this.subscriptions, topic);
    if (!kind) return;
    const outcome = parseDownstream(kind, payload);
    if (!outcome.ok) {
      this.counters.malformedMessages++;
      this.options.logger.warn(`${this.mac}: ignored message on ${topic}: ${outcome.reason}`);
      return;
    }
    this.counters.commandsHandled++;
    try {
      this.handle(outcome.message);
    } catch (error) {
      this.options.logger.warn(`${this.mac}: failed to handle ${kind}: ${(error as Error).message}`);
    }
  }

  private handle(message: DownstreamMessage): void {
    switch (message.kind) {
      case 'command':
        this.runCommand(message.command);
        break;
      case 'whitelist':
        this.locksSide.fleet.noteRemoved(this.engine.setWhitelist(message.whitelist));
        this.report.change('Whitelist updated', message.whitelist === '*' ? '*' : message.whitelist.length);
        break;
      case 'forceProbe':
        this.activities.startProbe(message.locks);
        break;
      case 'instruction':
        this.runInstruction(message.instruction);
        break;
      case 'onboardingScan':
        if (this.scopeId) this.activities.startOnboarding(this.scopeId, message.totalScanCycles);
        break;
      case 'onboardingStop':
        if (this.scopeId) this.activities.stopOnboarding(this.scopeId);
        break;
    }
  }

  private runCommand(command: GatewayCommand): void {
    switch (command.command) {
      case 'SCAN':
        this.activities.startScan('Portal');
        break;
      case 'FORCE-IDLE':
        this.activities.forceIdle();
        this.report.change('Forced to idle', 'Portal');
        break;
      case 'REMOVE-BLACKLISTED-LOCKS':
        this.report.change('Blacklisted locks removed', this.engine.removeBlacklistedLocks());
        break;
      case 'RESET':
        void this.restart();
        break;
      case 'POLLING-INTERVAL':
        this.engine.setPollIntervalMinutes(command.pollingInterval, Date.now());
        this.report.change('Poll interval updated', command.pollingInterval);
        break;
      case 'RSSI-VALUE':
        this.engine.setRssiThreshold(command.rssiValue);
        this.report.change('RSSI threshold updated', command.rssiValue);
        break;
    }
  }

  /** RESET: report the reboot, go away cleanly (CS 0), come back after the restart delay, idle. */
  private async restart(): Promise<void> {
    if (this.away) return;
    this.away = true;
    this.activities.forceIdle();
    this.timers.cancel('hotspot', 'logs');
    this.locksSide.interrupt();
    this.facts.HSIPRC = 0;
    const interrupted = this.pendingInstruction;
    this.pendingInstruction = undefined;
    if (interrupted) {
      const { response } = interrupted;
      void this.report.response(interrupted.responseKind, {
        ...response,
        status: 'ERROR',
        value: 'GATEWAY_REBOOTED',
        TI: Date.now(),
      });
    }
    await this.report.events({ SE: [{ nme: 'Gateway reboot', val: 'Portal' }] });
    await this.link.disconnect();
    if (this.stopping) return;
    this.timers.once('restart', this.options.restartDelayMs, () => {
      this.bootedAt = Date.now();
      this.away = false;
      this.link.resume();
    });
  }

  private runInstruction(instruction: Instruction): void {
    if (!this.answersInstructions) return;
    if (isLockInstruction(instruction.type)) {
      this.locksSide.receive(instruction);
      return;
    }
    const plan = planInstruction(instruction, {
      facts: this.facts,
      live: this.engine.snapshot(),
      uptimeSeconds: Math.round((Date.now() - this.bootedAt) / 1000),
      cpuPercent: this.lastSample?.CP ?? 0,
      memoryMegabytes: this.lastSample?.MM ?? 0,
      now: Date.now(),
      mac: this.mac,
      ...(this.instructionFailure === undefined ? {} : { instructionFailure: this.instructionFailure }),
    });
    if (plan.progress) {
      this.answerWithProgress(plan, plan.progress);
      return;
    }
    const target = plan.hotspotTarget;
    if (target === undefined) {
      void this.report.response(plan.responseKind, plan.response);
      return;
    }
    // The hotspot switch takes a while: report it in progress (HSIPRC 1), then the new HS, then answer.
    this.facts.HSIPRC = 1;
    this.pendingInstruction = plan;
    void this.report.state();
    this.timers.once('hotspot', this.options.hotspotSwitchMs, () => {
      this.pendingInstruction = undefined;
      this.facts.HS = target;
      this.facts.HSIPRC = 0;
      void this.report.state();
      void this.report.response(plan.responseKind, plan.response);
    });
  }

  /** A device-logs upload: PROGRESS answers step by step (an interrupted one is answered by the reboot). */
  private answerWithProgress(plan: InstructionPlan, percents: number[]): void {
    this.pendingInstruction = plan;
    const step = (index: number) => {
      if (index === percents.length) {
        this.pendingInstruction = undefined;
        void this.report.response(plan.responseKind, { ...plan.response, TI: Date.now() });
        return;
      }
      void this.report.response(plan.responseKind, {
        ...plan.response,
        status: 'PROGRESS',
        value: percents[index],
        TI: Date.now(),
      });
      this.timers.once('logs', this.options.logsStepMs, () => step(index + 1));
    };
    this.timers.once('logs', this.options.logsStepMs, () => step(0));
  }
}
