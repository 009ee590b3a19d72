import { statSync } from 'node:fs';
import type { AppDetails, FrontendAppDetails, Health, MqttConfig } from '@portal/contract';
// Imported, not read from disk: the built server (one bundle under dist/) carries it.
import serverPackage from '../../../package.json' with { type: 'json' };
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';

/** The build time of a deployed file (the built bundle, the web app's index.html), else the process start. */
function builtAt(file: URL): string {
  try {
    return statSync(file).mtime.toISOString();
  } catch {
    return new Date().toISOString();
  }
}

export class PlatformService {
  /** Build times read once: they do not change while the process runs. */
  private readonly builtAt: Record<'frontend' | 'server', string>;

  constructor(
    private readonly config: Config,
    private readonly database: DatabaseHandle,
    /** The broker's state as the transport reports it. */
    private readonly broker: () => { ok: boolean; mode: 'embedded' | 'external' },
    webDist: URL,
  ) {
    this.builtAt = {
      frontend: builtAt(new URL('index.html', webDist)),
      server: builtAt(new URL(import.meta.url)),
    };
  }

  async health(): Promise<Health> {
    const dbOk = await this.database.ping();
    const broker = this.broker();
    return {
      status: dbOk && broker.ok ? 'ok' : 'degraded',
      database: { ok: dbOk, backend: this.database.backend },
      broker,
    };
  }

  appDetails(part: 'frontend' | 'iot' | 'auth'): AppDetails | FrontendAppDetails {
    const names = {
      frontend: 'IoT Portal web app',
      iot: 'IoT Portal IoT service',
      auth: 'IoT Portal auth service',
    };
    const buildTime = this.builtAt[part === 'frontend' ? 'frontend' : 'server'];
    const details = { name: names[part], version: serverPackage.version, buildTime };
    // The web app's settings that come from the server's configuration.
    return part === 'frontend' ? { ...details, mapTileUrl: this.config.MAP_TILE_URL } : details;
  }

  /** Browsers always use the portal's own `/mqtt`, on the address they reached the portal at. */
  mqttConfig(requestHost: string | undefined, requestProtocol: string): MqttConfig {
    const base = new URL(this.config.PUBLIC_URL ?? `${requestProtocol}://${requestHost ?? 'localhost'}`);
    const secure = base.protocol === 'https:';
    return {
      mqttHost: base.hostname,
      mqttProtocol: secure ? 'wss' : 'ws',
      mqttPort: base.port ? Number(base.port) : secure ? 443 : 80,
      mqttPath: '/mqtt',
      retryCount: this.config.MQTT_RETRY_COUNT,
    };
  }
}
