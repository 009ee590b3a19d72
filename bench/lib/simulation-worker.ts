/**
 * Simulated gateways in a process of their own (`startWorker(new URL('./simulation-worker.ts', import.meta.url))`),
 * so a bench's portal does not share its event loop and memory with the fleet it serves: the portal's RSS is
 * then the portal's alone. The options must be plain data (no logger: warnings go to stderr).
 */
import { type Simulation, type SimulationOptions, startSimulation } from '@portal/gateway-sim';
import { serveHarness } from './worker.ts';

let simulation: Simulation | undefined;

serveHarness({
  start: (options) => {
    simulation = startSimulation({
      ...(options as SimulationOptions),
      // BENCH_SIM_LOG=info: every gateway's connects and reconnects too.
      logger: {
        info: (message) => process.env.BENCH_SIM_LOG === 'info' && console.error(`simulation: ${message}`),
        warn: (message) => console.error(`simulation: ${message}`),
      },
    });
    return null;
  },
  whenConnected: (timeoutMs) => simulation?.whenConnected(timeoutMs as number),
  stop: () => simulation?.stop(),
});
