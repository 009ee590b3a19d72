import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp, type Portal } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { TenantsRepository } from '../../apps/server/src/modules/tenants/tenants.repository.ts';
import {
  createPostgresDatabase,
  endBrokerSessions,
  isolatedPortalEnv,
  REAL_MQTT,
} from '../../apps/server/test/harness.ts';

export const BENCH_ROOT_PASSWORD = 'bench-only-1';

export interface BenchPortal {
  portal: Portal;
  rootTenantId: string;
  /** Where gateways connect: the embedded broker, or the real Mosquitto. */
  brokerUrl: string;
  /** The portal's environment (another portal on the same database and data folder takes it). */
  env: Record<string, string>;
  /** Closes the portal (app.close) and builds a new one on the same database and data folder; answers it. */
  restart(): Promise<Portal>;
  /** Closes the current portal (the restarted one, if any) and drops everything. */
  close(): Promise<void>;
}

/**
 * The portal built in this process with its own data: PGlite + Aedes, or (real) a fresh PostgreSQL
 * database + the local Mosquitto. `close` drops everything it made, broker sessions included.
 */
export async function startBenchPortal(
  real: boolean,
  extraEnv: Record<string, string> = {},
): Promise<BenchPortal> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-portal-'));
  const database = real ? await createPostgresDatabase() : null;
  const clientId = `bench-${Date.now()}`;
  // A bench may bring its own broker (MQTT_URL in extraEnv); otherwise the local Mosquitto.
  const mqttUrl = extraEnv.MQTT_URL ?? REAL_MQTT;
  const env: Record<string, string> = {
    ...isolatedPortalEnv(dataDir),
    ROOT_PASSWORD: BENCH_ROOT_PASSWORD,
    ...(database
      ? {
          DATABASE_URL: database.url,
          MQTT_URL: mqttUrl,
          MQTT_CLIENT_ID: clientId,
          MQTT_SHARE_GROUP: clientId,
        }
      : {}),
    ...extraEnv,
  };
  // BENCH_PORTAL_LOG=warn (or another pino level): the portal's logs on stdout, to diagnose a run.
  const build = () => buildApp(loadConfig(env), pino({ level: process.env.BENCH_PORTAL_LOG ?? 'silent' }));
  const portal = await build();
  let current = portal;
  const root = await new TenantsRepository(portal.database.db).findByKind('root');
  return {
    portal,
    rootTenantId: root!.id,
    brokerUrl: real ? mqttUrl : `mqtt://127.0.0.1:${portal.messaging.tcpPort()}`,
    env,
    async restart() {
      await current.app.close();
      current = await build();
      return current;
    },
    async close() {
      await current.app.close();
      // The portal's persistent sessions at Mosquitto would otherwise queue device traffic for an hour.
      if (real) await endBrokerSessions(mqttUrl, clientId, portal.config.MQTT_CONSUMERS);
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A customer directly below the root tenant, in the default colours; its id. */
export async function insertBenchCustomer(
  portal: Portal,
  rootTenantId: string,
  name: string,
  customerId: string,
): Promise<string> {
  const row = await new TenantsRepository(portal.database.db).insert({
    name,
    customer_id: customerId,
    kind: 'customer',
    parent_id: rootTenantId,
    ancestors: [rootTenantId],
    primary_theme_color: '#4190c7',
    secondary_theme_color: '#B0BF5D',
  });
  return row.id;
}
