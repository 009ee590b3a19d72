import { parseArgs } from 'node:util';
import { DEFAULT_LOCK_SETTINGS as L, type LockSettings } from './lock-settings.ts';

export interface CliArgs {
  brokerUrl: string;
  count: number | undefined;
  credentialsFile: string | undefined;
  telemetryIntervalMs: number;
  seed: number;
  offlineProbability: number;
  protocolVersion: 4 | 5;
  /** --camera-removal-after / --camera-refit-after, in ms: every gateway with a camera loses it (and gets it back). */
  cameraRemoval: { afterMs: number; refitAfterMs?: number } | undefined;
  /** The lock settings given on the command line (the others keep their defaults). */
  locks: Partial<LockSettings>;
  help: boolean;
}

/** Command-line options of the lock settings: name, setting, kind of value. */
const LOCK_OPTIONS = [
  ['lock-openings-per-hour', 'openingsPerHour', 'number'],
  ['lock-refusal-rate', 'refusalRate', 'rate'],
  ['lock-jam-rate', 'jamRate', 'rate'],
  ['lock-out-of-range-per-hour', 'outOfRangePerHour', 'rate'],
  ['lock-memory-capacity', 'memoryCapacity', 'integer'],
  ['lock-unreachable-rate', 'unreachableRate', 'rate'],
  ['lock-reject-rate', 'rejectRate', 'rate'],
  ['lock-battery-drain', 'batteryDrainPerOperation', 'number'],
  ['lock-clock-drift-ppm', 'clockDriftPpm', 'number'],
] as const;

export const USAGE = `Usage: gateway-sim [options]

  --broker <url>                 MQTT broker (default mqtt://127.0.0.1:1884, the portal's embedded broker)
  --count <n>                    gateways to simulate (default 10; with --credentials: the first n of the file)
  --credentials <file>           JSON array of {"mac", "password", "scopeId"} issued by the portal
  --interval <ms>                telemetry interval per gateway (default 5000)
  --seed <n>                     seed of every random value, and of the generated MACs (default 1)
  --offline-probability <p>      chance per minute that a gateway drops offline, 0..1 (default 0)
  --mqtt-version <4|5>           MQTT 3.1.1 (4, default) or 5
  --camera-removal-after <s>     every gateway with a camera module (CMS 1) loses it this many seconds after it
                                 starts: its state says CMS 0 and the portal's camera alerts fire
  --camera-refit-after <s>       with --camera-removal-after: the camera is fitted again this long after

 Locks (each gateway's locks, their day and the lock instructions; docs/mqtt.md section 7):
  --lock-openings-per-hour <n>   openings per lock per hour at the busiest hour (default ${L.openingsPerHour}; night 15-20 %)
  --lock-refusal-rate <p>        share of attempts refused: wrong code, unknown card (default ${L.refusalRate})
  --lock-jam-rate <p>            chance per bolt movement that it jams (default ${L.jamRate})
  --lock-out-of-range-per-hour <p>  chance per lock per hour to go out of radio range (default ${L.outOfRangePerHour})
  --lock-memory-capacity <n>     users a lock holds; beyond: LOCK_MEMORY_FULL (default ${L.memoryCapacity})
  --lock-unreachable-rate <p>    share of lock instructions failing LOCK_UNREACHABLE in range (default ${L.unreachableRate})
  --lock-reject-rate <p>         share of lock instructions the lock refuses, REJECTED (default ${L.rejectRate})
  --lock-battery-drain <pct>     battery percent per bolt movement (default ${L.batteryDrainPerOperation})
  --lock-clock-drift-ppm <n>     largest lock clock drift, ppm (default ${L.clockDriftPpm})
  --help                         this text
`;

function integer(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be an integer >= ${min}, got '${text}'`);
  return value;
}

function lockValue(name: string, text: string, kind: 'number' | 'rate' | 'integer'): number {
  if (kind === 'integer') return integer(name, text, 1);
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || (kind === 'rate' && value > 1))
    throw new Error(
      `--${name} must be ${kind === 'rate' ? 'between 0 and 1' : 'a number >= 0'}, got '${text}'`,
    );
  return value;
}

/** Parses the command line; throws an Error whose message names the bad option. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      broker: { type: 'string', default: 'mqtt://127.0.0.1:1884' },
      count: { type: 'string' },
      credentials: { type: 'string' },
      interval: { type: 'string', default: '5000' },
      seed: { type: 'string', default: '1' },
      'offline-probability': { type: 'string', default: '0' },
      'mqtt-version': { type: 'string', default: '4' },
      'camera-removal-after': { type: 'string' },
      'camera-refit-after': { type: 'string' },
      ...Object.fromEntries(LOCK_OPTIONS.map(([name]) => [name, { type: 'string' as const }])),
      help: { type: 'boolean', default: false },
    },
  });
  const offlineProbability = Number(values['offline-probability']);
  if (!(offlineProbability >= 0 && offlineProbability <= 1)) {
    throw new Error(`--offline-probability must be between 0 and 1, got '${values['offline-probability']}'`);
  }
  const version = values['mqtt-version'];
  if (version !== '4' && version !== '5') throw new Error(`--mqtt-version must be 4 or 5, got '${version}'`);
  const seconds = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value <= 0)
      throw new Error(`--${name} must be a number of seconds > 0, got '${text}'`);
    return Math.round(value * 1000);
  };
  const removalMs = seconds('camera-removal-after', values['camera-removal-after']);
  const refitMs = seconds('camera-refit-after', values['camera-refit-after']);
  if (refitMs !== undefined && removalMs === undefined)
    throw new Error('--camera-refit-after needs --camera-removal-after');
  const locks: Partial<LockSettings> = {};
  for (const [name, setting, kind] of LOCK_OPTIONS) {
    const text = (values as Record<string, unknown>)[name];
    if (typeof text === 'string') locks[setting] = lockValue(name, text, kind);
  }
  return {
    brokerUrl: values.broker,
    count: values.count === undefined ? undefined : integer('count', values.count, 1),
    credentialsFile: values.credentials,
    telemetryIntervalMs: integer('interval', values.interval, 10),
    seed: integer('seed', values.seed, 0),
    offlineProbability,
    protocolVersion: version === '5' ? 5 : 4,
    cameraRemoval:
      removalMs === undefined
        ? undefined
        : { afterMs: removalMs, ...(refitMs === undefined ? {} : { refitAfterMs: refitMs }) },
    locks,
    help: values.help,
  };
}
