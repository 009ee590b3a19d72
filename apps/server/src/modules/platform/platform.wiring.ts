import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { platformRoutes } from './platform.routes.ts';
import { PlatformService } from './platform.service.ts';

/** Health, version details and the browsers' MQTT settings. */
export function createPlatformModule(options: {
  config: Config;
  database: DatabaseHandle;
  broker: () => { ok: boolean; mode: 'embedded' | 'external' };
  webDist: URL;
}): ModuleParts {
  const platform = new PlatformService(options.config, options.database, options.broker, options.webDist);
  return { routes: (app) => app.register(platformRoutes, { platform }) };
}
