import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EventEmitting } from '../../lib/events.ts';
import type { DeviceDisconnector, LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { GatewayListRepository } from './gateway-list.repository.ts';
import { GatewayRegistryRepository } from './gateway-registry.repository.ts';
import { gatewayRegistryRoutes } from './gateway-registry.routes.ts';
import { GatewayRegistryService, type UserDirectory } from './gateway-registry.service.ts';
import { GatewaysQuery, type GatewayVersionsPort } from './gateways.query.ts';
import { GatewaysRepository } from './gateways.repository.ts';
import { gatewaysRoutes } from './gateways.routes.ts';
import { GatewaysService } from './gateways.service.ts';

/**
 * Gateways: their records and reported state (`gateways`, which the device side feeds), the lists with their
 * latest samples and the reach check other modules ask (`query`), and the registry (register, edit, move,
 * delete), which drops a moved gateway's connection and tells whoever listens to `registry.onMoved`. The
 * lists show the firmware versions assigned to each gateway once the firmware module, built later, fills
 * `showVersions` (firmware.wiring.ts).
 */
export function createGatewaysModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  tenants: TenantsService;
  samples: Pick<TelemetryService, 'recentByMac' | 'latestByMac'>;
  devices: DeviceDisconnector;
  users: UserDirectory;
  /** The portal's event bus: a gateway's change of connection is told as `notable` (docs/webhooks.md). */
  events?: EventEmitting;
}) {
  const { db, live, tenants } = options;
  const repo = new GatewaysRepository(db);
  const gateways = new GatewaysService(repo, live, options.events);
  let versions: GatewayVersionsPort = async () => new Map();
  const query = new GatewaysQuery(repo, tenants, options.samples, new GatewayListRepository(db), (list) =>
    versions(list),
  );
  const registry = new GatewayRegistryService(new GatewayRegistryRepository(db), query, tenants, {
    live,
    devices: options.devices,
    users: options.users,
  });
  return {
    gateways,
    query,
    registry,
    /** Where the firmware module puts the versions the gateway lists show. */
    showVersions: (port: GatewayVersionsPort) => {
      versions = port;
    },
    /** Columns of a gateway's row other modules keep (they name no gateways SQL): whitelist, pump report. */
    columns: {
      saveWhitelist: (mac: string, names: string[], all: boolean) => repo.saveWhitelist(mac, names, all),
      savePumpReport: (mac: string, reading: { TI: number }) => repo.savePumpReport(mac, reading),
    },
    routes: async (app) => {
      await app.register(gatewaysRoutes, { query });
      await app.register(gatewayRegistryRoutes, { registry });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
