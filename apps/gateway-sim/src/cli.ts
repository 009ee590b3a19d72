import { type CliArgs, parseCliArgs, USAGE } from './cli-args.ts';
import { generateCredentials, loadCredentials } from './credentials.ts';
import type { GatewayCredential } from './options.ts';
import { type Simulation, startSimulation } from './simulation.ts';
import type { SimulationStats } from './stats.ts';

const SUMMARY_PERIOD_MS = 1_000;
const DEFAULT_COUNT = 10;

async function gatewaysFor(args: CliArgs): Promise<GatewayCredential[]> {
  if (!args.credentialsFile) return generateCredentials(args.count ?? DEFAULT_COUNT, args.seed);
  const credentials = await loadCredentials(args.credentialsFile);
  return args.count === undefined ? credentials : credentials.slice(0, args.count);
}

function summaryLine(stats: SimulationStats, previousSent: number): string {
  const time = new Date().toISOString().slice(11, 19);
  return [
    time,
    `connected ${stats.connected}/${stats.gateways}`,
    `sent ${stats.messagesSent} (+${stats.messagesSent - previousSent})`,
    `received ${stats.messagesReceived}`,
    `malformed ${stats.malformedMessages}`,
    `reconnects ${stats.reconnects}`,
    `backlog ${stats.backlogSamples}`,
    `stored ${stats.confirmedSamples}`,
  ].join('  ');
}

function stopOnSignals(simulation: Simulation, summary: NodeJS.Timeout): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting without a clean disconnect`);
      process.exit(1);
    }
    stopping = true;
    clearInterval(summary);
    console.log(`${signal}: disconnecting ${simulation.gateways.length} gateway(s)...`);
    simulation.stop().then(
      () => {
        console.log(summaryLine(simulation.stats(), simulation.stats().messagesSent));
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`stop failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const args = parseCliArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const gateways = await gatewaysFor(args);
  console.log(`gateway-sim: ${gateways.length} gateway(s) -> ${args.brokerUrl} (seed ${args.seed})`);
  if (args.cameraRemoval)
    console.log(
      `cameras: removed after ${args.cameraRemoval.afterMs / 1000} s${args.cameraRemoval.refitAfterMs === undefined ? '' : `, fitted again ${args.cameraRemoval.refitAfterMs / 1000} s later`}`,
    );
  const simulation = startSimulation({
    brokerUrl: args.brokerUrl,
    gateways,
    telemetryIntervalMs: args.telemetryIntervalMs,
    offlineProbability: args.offlineProbability,
    seed: args.seed,
    protocolVersion: args.protocolVersion,
    locks: args.locks,
    ...(args.cameraRemoval ? { cameraRemoval: args.cameraRemoval } : {}),
    logger: { info: () => {}, warn: (message) => console.error(message) },
  });
  let previousSent = 0;
  const summary = setInterval(() => {
    const stats = simulation.stats();
    console.log(summaryLine(stats, previousSent));
    previousSent = stats.messagesSent;
  }, SUMMARY_PERIOD_MS);
  stopOnSignals(simulation, summary);
}

main().catch((error: unknown) => {
  console.error(`gateway-sim: ${(error as Error).message} (see --help)`);
  process.exit(2);
});
