/**
 * The demo fleet's side in the portal, for the launcher (apps/launcher) that runs the simulated gateways
 * beside it: the demo customer and its gateways' credentials, the broker they connect to, and their history.
 * The server itself never starts a simulation. The package's `@portal/server/demo` entry.
 */
import { DEMO_SIMULATION_SEED, prepareDemo } from './bootstrap.ts';
import type { StartedPortal } from './main.ts';
import {
  type DemoHistoryModel,
  gatewaysWithoutHistory,
  writeDemoHistory,
} from './modules/telemetry/demo-history.ts';

export { DEMO_CUSTOMER_NAME } from './bootstrap.ts';
export type { DemoHistoryModel };

export interface DemoFleet {
  /** The demo customer's tenant id. */
  tenantId: string;
  /** Each demo gateway's MAC, its credential (re-issued at every start) and its customer scope. */
  gateways: { mac: string; password: string; scopeId: string }[];
  /** Where the gateways connect: the external broker, or the embedded one's TCP port on this host. */
  brokerUrl: string;
  /** The simulation's seed: the live samples continue the history written under the same seed. */
  seed: number;
  /**
   * Writes the history of the gateways that had none when the fleet was prepared (in the background: call it
   * once the simulation runs; it logs what it wrote and never rejects).
   */
  writeHistory: () => Promise<void>;
}

/**
 * Prepares the demo fleet of a started portal when its configuration asks for one (`DEMO` on and
 * `DEMO_GATEWAYS` above 0); null otherwise. The gateways without history are found here, before they start
 * sending (docs/decisions.md, the demo fleet's history); `history` is the simulator's model of their past.
 */
export async function prepareDemoFleet(
  { portal, config, logger }: StartedPortal,
  history: DemoHistoryModel,
): Promise<DemoFleet | null> {
  if (!config.DEMO || config.DEMO_GATEWAYS <= 0) return null;
  const { db } = portal.database;
  const demo = await prepareDemo(db, portal.services.gateways, config.DEMO_GATEWAYS);
  const historyUntil = Date.now();
  const withoutHistory = await gatewaysWithoutHistory(
    db,
    demo.devices.map((d) => d.mac),
  );
  const writeHistory = async () => {
    if (withoutHistory.length === 0) return;
    try {
      const written = await writeDemoHistory(db, withoutHistory, {
        model: history,
        seed: DEMO_SIMULATION_SEED,
        now: historyUntil,
      });
      logger.info({ ...written, ms: Date.now() - historyUntil }, 'demo history written');
    } catch (error) {
      logger.warn({ err: error }, 'demo history not written');
    }
  };
  return {
    tenantId: demo.tenantId,
    gateways: demo.devices,
    brokerUrl: config.MQTT_URL ?? `mqtt://127.0.0.1:${portal.messaging.tcpPort()}`,
    seed: DEMO_SIMULATION_SEED,
    writeHistory,
  };
}
