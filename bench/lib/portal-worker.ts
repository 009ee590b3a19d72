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
  /** Also listen on HTTP (a free loopback port), e.g. for a health probe. */
  listen?: boolean;
}
export interface PortalStarted {
  credentials: { mac: string; password: string }[];
  /** The embedded broker's TCP port; null in external-broker mode. */
  mqttPort: number | null;
  /** The HTTP port when asked to listen. */
  httpPort?: number;
}

let portal: Portal | null = null;

serveHarness({
  async start(argument) {
    const { env, macs, listen } = argument as PortalStart;
    // BENCH_PORTAL_LOG=warn (or error, info) shows the portal's own log on stderr.
    portal = await buildApp(
      loadConfig(env),
      pino({ level: process.env.BENCH_PORTAL_LOG ?? 'silent' }, pino.destination(2)),
    );
    const root = await new TenantsRepository(portal.database.db).findByKind('root');
    const credentials = [];
    for (const [i, mac] of macs.entries()) {
      credentials.push(await portal.services.gateways.provision(root!.id, mac, `Bench ${i + 1}`));
    }
    let httpPort: number | undefined;
    if (listen) {
      await portal.app.listen({ port: 0, host: '127.0.0.1' });
      const address = portal.app.server.address();
      httpPort = typeof address === 'object' && address ? address.port : undefined;
    }
    return { credentials, mqttPort: portal.messaging.tcpPort(), httpPort } satisfies PortalStarted;
  },
  counters: () => ({
    ...portal?.inbox.counters,
    pending: portal?.inbox.pending ?? 0,
    pool: portal?.database.poolStats(),
  }),
  async stop() {
    await portal?.app.close();
  },
});
