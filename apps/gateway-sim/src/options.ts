import { type LockInstructionFailure, normalizeMac } from '@portal/contract';
import { type FirmwareFailureRates, NO_FIRMWARE_FAILURES } from './firmware-updater.ts';
import { type LockSettings, resolveLockSettings } from './lock-settings.ts';

/** Anything with info and warn taking a message: console, pino, or a test spy. */
export interface SimulationLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** One gateway to simulate: its MAC, the credential the portal issued, and its customer scope if known. */
export interface GatewayCredential {
  mac: string;
  password?: string;
  scopeId?: string;
  /** false: the gateway takes instructions but never answers them (tests of the portal's time-outs). */
  answerInstructions?: boolean;
  /** Whether a camera module is fitted (CMS); default: drawn at random with the other device facts. */
  camera?: boolean;
  /**
   * Set: the gateway answers every DIAGNOSTICS and CAMERA_CAPTURE instruction with status ERROR and this
   * string as value ('GATEWAY_REBOOTED', 'ERR_SENDING_ZIP', ...); '' answers ERROR with no value (an empty
   * response). Tests of the portal's error answers.
   */
  instructionFailure?: string;
  /** Set: every lock instruction (docs/mqtt.md 3.6) is answered ERROR with this reason (tests of the ledger). */
  lockFailure?: LockInstructionFailure;
  /** true: the demo pump and soil sensor are fitted (pump-device.ts, docs/mqtt.md 2.8); default false. */
  pump?: boolean;
  /**
   * '*': the installer whitelisted every nearby lock, so the gateway manages all of them from the start; default
   * drawn at random ('*' one time in five, else about 60 % of the locks, none now and then).
   */
  whitelist?: '*';
  /**
   * This gateway's own scripted camera removal, in place of the simulation's `cameraRemoval` (same meaning); the
   * portal's demo launcher gives it to one demo gateway (DEMO_CAMERA_REMOVAL_AFTER).
   */
  cameraRemoval?: { afterMs: number; refitAfterMs?: number };
}

export interface SimulationOptions {
  brokerUrl: string;
  gateways: GatewayCredential[];
  /** How often each gateway takes a telemetry sample; default 5000 ms. */
  telemetryIntervalMs?: number;
  /** How often each gateway re-publishes its state; default 60000 ms (it also does on every change). */
  stateIntervalMs?: number;
  /** Chance per minute that a gateway loses its connection (the broker then sends its will); default 0. */
  offlineProbability?: number;
  /** How long such an outage lasts, drawn between min and max; default 10 s to 90 s. */
  offlineDurationMs?: { min: number; max: number };
  /** Seed of every random choice; the same seed and MACs give the same values. Default: a random seed. */
  seed?: number;
  logger?: SimulationLogger;
  /** MQTT 3.1.1 (4, default) or 5. */
  protocolVersion?: 4 | 5;
  keepaliveSeconds?: number;
  /** How long a BLE scan takes; default 3000 ms (probing takes half of it). */
  scanDurationMs?: number;
  /** How long a RESET keeps the gateway away; default 3000 ms. */
  restartDelayMs?: number;
  /** How long a hotspot switch takes; default 5000 ms. */
  hotspotSwitchMs?: number;
  /** Time between the progress answers of a device-logs upload; default 500 ms. */
  logsStepMs?: number;
  /**
   * Whether the gateway raises CO2 and CPU alert items (SA) of its own; default false: the portal's alert
   * engine raises them from the rules its users define (docs/alert-engine.md). Old firmware did.
   */
  selfAlerts?: boolean;
  /**
   * How the simulated locks behave: daily traffic, refusals, jams, out of range, memory capacity, battery,
   * clock drift, instruction durations and failure rates (lock-settings.ts; defaults DEFAULT_LOCK_SETTINGS).
   */
  locks?: Partial<LockSettings>;
  /** Updates (firmware-updater.ts): the failure rates of a real fleet (default none) and the install time. */
  firmware?: { failures?: Partial<FirmwareFailureRates>; installMs?: number };
  /**
   * A scripted camera removal: every gateway with a camera module (CMS 1) loses it `afterMs` after it starts
   * (its state then says CMS 0: the portal's camera alerts fire) and, with `refitAfterMs`, gets it back that
   * long after. Default: cameras stay as they are (GatewayHandle.setCamera changes one at any time).
   */
  cameraRemoval?: { afterMs: number; refitAfterMs?: number };
}

export interface ResolvedOptions
  extends Required<Omit<SimulationOptions, 'logger' | 'locks' | 'firmware' | 'cameraRemoval'>> {
  logger: SimulationLogger;
  cameraRemoval: { afterMs: number; refitAfterMs?: number } | undefined;
  locks: LockSettings;
  firmware: { failures: FirmwareFailureRates; installMs: number };
}

const SILENT_LOGGER: SimulationLogger = { info: () => {}, warn: () => {} };

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got ${value}`);
  return value;
}

function checkRemoval(name: string, removal: { afterMs: number; refitAfterMs?: number }): void {
  positive(`${name}.afterMs`, removal.afterMs);
  if (removal.refitAfterMs !== undefined) positive(`${name}.refitAfterMs`, removal.refitAfterMs);
}

/** Applies the defaults and refuses options that cannot work (bad MAC, duplicate MAC, bad numbers). */
export function resolveOptions(options: SimulationOptions): ResolvedOptions {
  const seen = new Set<string>();
  const gateways = options.gateways.map((gateway) => {
    const mac = normalizeMac(gateway.mac);
    if (!mac) throw new Error(`Invalid gateway MAC: ${gateway.mac}`);
    if (seen.has(mac)) throw new Error(`Duplicate gateway MAC: ${mac}`);
    seen.add(mac);
    if (gateway.cameraRemoval) checkRemoval(`${mac} cameraRemoval`, gateway.cameraRemoval);
    return { ...gateway, mac };
  });
  const offlineProbability = options.offlineProbability ?? 0;
  if (!(offlineProbability >= 0 && offlineProbability <= 1)) {
    throw new Error(`offlineProbability must be between 0 and 1, got ${offlineProbability}`);
  }
  const removal = options.cameraRemoval;
  if (removal) checkRemoval('cameraRemoval', removal);
  const offlineDurationMs = options.offlineDurationMs ?? { min: 10_000, max: 90_000 };
  if (positive('offlineDurationMs.min', offlineDurationMs.min) > offlineDurationMs.max) {
    throw new Error('offlineDurationMs.min must not exceed offlineDurationMs.max');
  }
  return {
    brokerUrl: options.brokerUrl,
    gateways,
    telemetryIntervalMs: positive('telemetryIntervalMs', options.telemetryIntervalMs ?? 5_000),
    stateIntervalMs: positive('stateIntervalMs', options.stateIntervalMs ?? 60_000),
    offlineProbability,
    offlineDurationMs,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 32),
    logger: options.logger ?? SILENT_LOGGER,
    protocolVersion: options.protocolVersion ?? 4,
    keepaliveSeconds: positive('keepaliveSeconds', options.keepaliveSeconds ?? 30),
    scanDurationMs: positive('scanDurationMs', options.scanDurationMs ?? 3_000),
    restartDelayMs: positive('restartDelayMs', options.restartDelayMs ?? 3_000),
    hotspotSwitchMs: positive('hotspotSwitchMs', options.hotspotSwitchMs ?? 5_000),
    logsStepMs: positive('logsStepMs', options.logsStepMs ?? 500),
    selfAlerts: options.selfAlerts ?? false,
    cameraRemoval: removal,
    locks: resolveLockSettings(options.locks),
    firmware: {
      failures: { ...NO_FIRMWARE_FAILURES, ...options.firmware?.failures },
      installMs: options.firmware?.installMs ?? 2_000,
    },
  };
}
