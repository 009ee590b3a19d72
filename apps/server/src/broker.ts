import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { Meter } from './lib/metrics.ts';
import type { AedesDeps } from './mqtt/aedes-broker.ts';
import { createEmbeddedMessaging } from './mqtt/embedded.ts';
import { createExternalMessaging } from './mqtt/external.ts';
import type { Messaging } from './mqtt/messaging.ts';

/** The broker side the configuration asks for: a client of MQTT_URL, or the embedded broker. */
export function createMessaging(
  config: Config,
  deps: Omit<AedesDeps, 'sessionCheckMs' | 'maxPacketBytes'> & { db?: Kysely<Database>; meter?: Meter },
): Promise<Messaging> {
  const brokerDeps = {
    ...deps,
    sessionCheckMs: config.LIVE_SESSION_CHECK_SECONDS * 1000,
    maxPacketBytes: config.MQTT_MAX_PACKET_BYTES,
  };
  return config.MQTT_URL
    ? createExternalMessaging({
        ...brokerDeps,
        url: config.MQTT_URL,
        clientId: config.MQTT_CLIENT_ID ?? `portal-${hostname()}-${config.PORT}`,
        shareGroup: config.MQTT_SHARE_GROUP,
        consumers: config.MQTT_CONSUMERS,
        inFlightPerConsumer: config.MQTT_CONSUMER_IN_FLIGHT,
        flowControl: {
          highMs: config.FLOW_CONTROL_LAG_HIGH_MS,
          lowMs: Math.min(config.FLOW_CONTROL_LAG_LOW_MS, config.FLOW_CONTROL_LAG_HIGH_MS),
          probeEveryMs: config.FLOW_CONTROL_PROBE_MS,
        },
        db: deps.db,
      })
    : createEmbeddedMessaging({ ...brokerDeps, mqttPort: config.MQTT_PORT, host: config.HOST });
}
