import type { RolloutSettings, WaveSize } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { FileStorage } from '../files/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { FirmwareRepository } from './firmware.repository.ts';
import { firmwareRoutes } from './firmware.routes.ts';
import { FirmwareService } from './firmware.service.ts';

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
}) {
  const logger = options.logger.child({ component: 'firmware' });
  const firmware = new FirmwareService({
    db: options.db,
    repo: new FirmwareRepository(options.db),
    storage: options.storage,
    tenants: options.tenants,
    logger,
    maxBytes: options.config.FIRMWARE_MAX_BYTES,
    rolloutDefaults: () => rolloutDefaults(options.config),
  });
  return {
    firmware,
    routes: (app) => app.register(firmwareRoutes, { firmware, maxBytes: options.config.FIRMWARE_MAX_BYTES }),
  } satisfies ModuleParts & Record<string, unknown>;
}
