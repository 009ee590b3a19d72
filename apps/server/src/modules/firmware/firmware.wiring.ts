import type { DeviceStateMessage, RolloutSettings, UpdateProgressMessage, WaveSize } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { EventEmitting, EventListening } from '../../lib/events.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { FileStorage } from '../files/index.ts';
import type { GatewayVersionsPort } from '../gateways/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { FirmwareRepository } from './firmware.repository.ts';
import { firmwareRoutes } from './firmware.routes.ts';
import { FirmwareService } from './firmware.service.ts';
import { RolloutEngineRepository } from './rollout-engine.repository.ts';
import { RolloutsRepository } from './rollouts.repository.ts';
import { downloadRoutes, rolloutsRoutes } from './rollouts.routes.ts';
import { RolloutsService } from './rollouts.service.ts';

/** '1%,10%,100%' or '10,30,50,100' as wave sizes. */
export function parseWaves(text: string): WaveSize[] {
  return text.split(',').map((part) => {
    const value = part.trim();
    return value.endsWith('%') ? { percent: Number(value.slice(0, -1)) } : { count: Number(value) };
  });
}

export function rolloutDefaults(config: Config): RolloutSettings {
  return {
    waves: parseWaves(config.FIRMWARE_WAVES),
    concurrency: config.FIRMWARE_CONCURRENCY,
    paceMs: Math.round(config.FIRMWARE_WAVE_PACE_SECONDS * 1000),
    healthWindowMs: Math.round(config.FIRMWARE_HEALTH_WINDOW_SECONDS * 1000),
    updateTimeoutMs: Math.round(config.FIRMWARE_UPDATE_TIMEOUT_SECONDS * 1000),
    failureThresholdPercent: config.FIRMWARE_FAILURE_THRESHOLD_PERCENT,
    failureThresholdCount: null,
  };
}

/**
 * Firmware, customer firmware and OS patches: the stored versions (upload, list, delete), apply to a customer,
 * and the staged rollouts that deliver them to the gateways.
 */
export function createFirmwareModule(options: {
  db: Kysely<Database>;
  config: Config;
  live: LivePublisher;
  devices: DevicePublisher;
  tenants: TenantsService;
  storage: FileStorage;
  logger: Logger;
  /** The portal's public address, for the download URLs. */
  origin: () => string;
  /** A gateway back (`gatewayOnline`): it gets the update instructions it has not started. */
  events: EventListening & EventEmitting;
  /** The gateway lists (the gateways module): they show the versions assigned to each gateway. */
  gatewayLists: { showVersions(port: GatewayVersionsPort): void };
}) {
  const logger = options.logger.child({ component: 'firmware' });
  const repo = new FirmwareRepository(options.db);
  const engine = new RolloutEngineRepository(options.db);
  const rollouts = new RolloutsService({
    db: options.db,
    rollouts: new RolloutsRepository(options.db),
    engine,
    files: repo,
    tenants: options.tenants,
    live: options.live,
    devices: options.devices,
    logger: logger.child({ component: 'rollouts' }),
    origin: options.origin,
    downloadTtlMs: Math.round(options.config.FIRMWARE_DOWNLOAD_TTL_SECONDS * 1000),
    tickMs: Math.round(options.config.FIRMWARE_TICK_SECONDS * 1000),
    events: options.events,
  });
  const firmware = new FirmwareService({
    db: options.db,
    repo,
    storage: options.storage,
    tenants: options.tenants,
    logger,
    maxBytes: options.config.FIRMWARE_MAX_BYTES,
    rolloutDefaults: () => rolloutDefaults(options.config),
    onApplied: () => void rollouts.tick(),
  });
  options.events.on('gatewayOnline', (device) => rollouts.gatewayOnline(device));
  options.gatewayLists.showVersions((list) => firmware.gatewayVersions(list));
  return {
    firmware,
    rollouts,
    /** Ingest's UpdateInbox port: the gateways' progress, and their state (the firmware they run). */
    updates: {
      progress: (device: DeviceIdentity, message: UpdateProgressMessage) =>
        rollouts.progress(device, message),
      stateReported: (device: DeviceIdentity, state: DeviceStateMessage) =>
        rollouts.stateReported(device, state),
    },
    routes: async (app) => {
      await app.register(firmwareRoutes, { firmware, maxBytes: options.config.FIRMWARE_MAX_BYTES });
      await app.register(rolloutsRoutes, { rollouts });
      await app.register(downloadRoutes, { engine, storage: options.storage });
    },
    start: () => rollouts.start(),
    stop: () => rollouts.stop(),
  } satisfies ModuleParts & Record<string, unknown>;
}
