/**
 * The portal, built in a process of its own for bench/ingest-peer.ts (so its CPU and memory are its own):
 * `start` builds it from the given environment and provisions the given gateways under the root tenant.
 */
import pino from 'pino';
import { buildApp, type Portal } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { TenantsRepository } from '../../apps/server/src/modules/tenants/tenants.repository.ts';
import { serveHarness } from './worker.ts';

export interface PortalStart {
  env: Record<string, string>;
  macs: string[];
}
export interface PortalStarted {
  credentials: { mac: string; password: string }[];
  /** The embedded broker's TCP port; null in external-broker mode. */
  mqttPort: number | null;
}

let portal: Portal | null = null;

serveHarness({
  async start(argument) {
    const { env, macs } = argument as PortalStart;
    portal = await buildApp(loadConfig(env), pino({ level: 'silent' }));
    const root = await new TenantsRepository(portal.database.db).findByKind('root');
    const credentials = [];
    for (const [i, mac] of macs.entries()) {
      credentials.push(await portal.services.gateways.provision(root!.id, mac, `Bench ${i + 1}`));
    }
    return { credentials, mqttPort: portal.messaging.tcpPort() } satisfies PortalStarted;
  },
  counters: () => ({ ...portal?.inbox.counters }),
  async stop() {
    await portal?.app.close();
  },
});
