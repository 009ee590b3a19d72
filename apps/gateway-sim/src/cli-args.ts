import { parseArgs } from 'node:util';

export interface CliArgs {
  brokerUrl: string;
  count: number | undefined;
  credentialsFile: string | undefined;
  telemetryIntervalMs: number;
  seed: number;
  offlineProbability: number;
  protocolVersion: 4 | 5;
  help: boolean;
}

export const USAGE = `Usage: gateway-sim [options]

  --broker <url>                 MQTT broker (default mqtt://127.0.0.1:1884, the portal's embedded broker)
  --count <n>                    gateways to simulate (default 10; with --credentials: the first n of the file)
  --credentials <file>           JSON array of {"mac", "password", "scopeId"} issued by the portal
  --interval <ms>                telemetry interval per gateway (default 5000)
  --seed <n>                     seed of every random value, and of the generated MACs (default 1)
  --offline-probability <p>      chance per minute that a gateway drops offline, 0..1 (default 0)
  --mqtt-version <4|5>           MQTT 3.1.1 (4, default) or 5
  --help                         this text
`;

function integer(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be an integer >= ${min}, got '${text}'`);
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
      help: { type: 'boolean', default: false },
    },
  });
  const offlineProbability = Number(values['offline-probability']);
  if (!(offlineProbability >= 0 && offlineProbability <= 1)) {
    throw new Error(`--offline-probability must be between 0 and 1, got '${values['offline-probability']}'`);
  }
  const version = values['mqtt-version'];
  if (version !== '4' && version !== '5') throw new Error(`--mqtt-version must be 4 or 5, got '${version}'`);
  return {
    brokerUrl: values.broker,
    count: values.count === undefined ? undefined : integer('count', values.count, 1),
    credentialsFile: values.credentials,
    telemetryIntervalMs: integer('interval', values.interval, 10),
    seed: integer('seed', values.seed, 0),
    offlineProbability,
    protocolVersion: version === '5' ? 5 : 4,
    help: values.help,
  };
}
