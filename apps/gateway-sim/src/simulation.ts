import { resolveOptions, type SimulationOptions } from './options.ts';
import { type GatewayHandle, SimulatedGateway } from './simulated-gateway.ts';
import { emptyCounters, type SimulationStats } from './stats.ts';

export interface Simulation {
  gateways: readonly GatewayHandle[];
  /** Resolves once every gateway is connected; rejects after `timeoutMs` (default 10 s). */
  whenConnected(timeoutMs?: number): Promise<void>;
  /** Every gateway announces {"CS":0} and disconnects cleanly. */
  stop(): Promise<void>;
  stats(): SimulationStats;
}

const CONNECTED_POLL_MS = 50;

function telemetryTotals(gateways: readonly GatewayHandle[]) {
  const totals = { confirmedSamples: 0, refusedSamples: 0, droppedSamples: 0 };
  for (const gateway of gateways) {
    const { confirmed, refused, dropped } = gateway.telemetryTotals();
    totals.confirmedSamples += confirmed;
    totals.refusedSamples += refused;
    totals.droppedSamples += dropped;
  }
  return totals;
}

/** Starts one MQTT client per gateway; they connect, report and answer commands until stop(). */
export function startSimulation(options: SimulationOptions): Simulation {
  const resolved = resolveOptions(options);
  const counters = emptyCounters();
  const gateways = resolved.gateways.map(
    (credential) => new SimulatedGateway(credential, resolved, counters),
  );
  let stopped: Promise<void> | undefined;

  return {
    gateways,
    whenConnected(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          const waiting = gateways.filter((gateway) => !gateway.isConnected()).length;
          if (waiting === 0) resolve();
          else if (Date.now() > deadline)
            reject(new Error(`${waiting} gateway(s) not connected after ${timeoutMs} ms`));
          else setTimeout(check, CONNECTED_POLL_MS);
        };
        check();
      });
    },
    stop() {
      stopped ??= Promise.all(gateways.map((gateway) => gateway.stop())).then(() => undefined);
      return stopped;
    },
    stats() {
      return {
        ...counters,
        gateways: gateways.length,
        connected: gateways.filter((gateway) => gateway.isConnected()).length,
        backlogSamples: gateways.reduce((sum, gateway) => sum + gateway.backlogSize(), 0),
        ...telemetryTotals(gateways),
      };
    },
  };
}
