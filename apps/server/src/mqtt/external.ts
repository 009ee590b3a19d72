import {
  DEVICE_UPSTREAM_FILTER,
  deviceUp,
  LIVE_ROOT,
  parseUpstreamTopic,
  sharedSubscription,
} from '@portal/contract';
import mqtt, { type IPublishPacket } from 'mqtt';
import type { DeviceIdentity } from '../modules/gateways/gateways.service.ts';
import { type AedesDeps, createAedesBroker } from './aedes-broker.ts';
import type { Messaging } from './messaging.ts';

const IDENTITY_TTL_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;
const CONNECT_TIMEOUT_MS = 30_000;

/**
 * The server as a client of an external broker (MQTT_URL). Device traffic arrives through a shared
 * subscription, so N portal instances each process a message once; it is acknowledged only after it is
 * stored. Browsers still connect to this process's `/mqtt` (a local Aedes under the same ACL), which
 * relays the live channels every instance publishes on the external broker.
 */
export async function createExternalMessaging(
  deps: AedesDeps & { url: string; clientId: string; shareGroup: string },
): Promise<Messaging> {
  const browsers = await createAedesBroker(deps);
  const identities = new Map<string, { identity: DeviceIdentity | null; until: number }>();
  const client = mqtt.connect(deps.url, {
    clientId: deps.clientId,
    protocolVersion: 5,
    clean: false,
    properties: { sessionExpiryInterval: 3600 },
    reconnectPeriod: 1000,
    resubscribe: false,
    connectTimeout: 10_000,
    manualConnect: true,
  });

  const identify = async (mac: string) => {
    const cached = identities.get(mac);
    if (cached && cached.until > Date.now()) return cached.identity;
    const identity = await deps.gateways.identify(mac);
    identities.set(mac, { identity, until: Date.now() + IDENTITY_TTL_MS });
    return identity;
  };

  client.handleMessage = (packet: IPublishPacket, done: (error?: Error) => void) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const route = parseUpstreamTopic(packet.topic);
    if (!route) {
      // A live channel or onboarding status: hand it to this instance's browsers.
      browsers.aedes.publish(
        { cmd: 'publish', topic: packet.topic, payload, qos: 1, retain: false, dup: false },
        () => done(),
      );
      return;
    }
    identify(route.mac)
      .then((device) => {
        if (!device) {
          deps.logger.warn(
            { mac: route.mac, topic: packet.topic },
            'message from an unknown gateway dropped',
          );
          return;
        }
        return deps.inbox.handle(device, packet.topic, payload);
      })
      .then(
        () => done(),
        (error: Error) => {
          deps.logger.error(
            { err: error, topic: packet.topic },
            'device message not stored; not acknowledged',
          );
          done(error);
        },
      );
  };

  let lost = false;
  let backoff = 1000;
  client.on('connect', () => {
    if (lost) deps.logger.info({ url: redact(deps.url) }, 'MQTT broker is back');
    lost = false;
    backoff = 1000;
    client.options.reconnectPeriod = backoff;
    // Subscribe on every connect, even when the broker says it kept the session: some brokers
    // (Mosquitto 2.0) do not restore shared subscriptions from persistence after a restart.
    client.subscribe(
      {
        [sharedSubscription(DEVICE_UPSTREAM_FILTER, deps.shareGroup)]: { qos: 1 },
        [`${LIVE_ROOT}/#`]: { qos: 1 },
        [deviceUp.onboardingStatus('+', '+')]: { qos: 1 },
        resubscribe: true,
      } as Parameters<typeof client.subscribe>[0],
      (error) => error && deps.logger.error({ err: error }, 'MQTT subscribe failed'),
    );
  });
  client.on('close', () => {
    if (!lost && !client.disconnecting)
      deps.logger.warn({ url: redact(deps.url) }, 'MQTT broker lost; reconnecting');
    lost = true;
  });
  client.on('reconnect', () => {
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    client.options.reconnectPeriod = backoff;
  });
  client.on('error', (error) => deps.logger.warn({ err: error }, 'MQTT client error'));

  const publish = (topic: string, payload: unknown, qos: 0 | 1 | 2 = 1) =>
    new Promise<void>((resolve, reject) =>
      client.publish(topic, JSON.stringify(payload), { qos }, (error) => (error ? reject(error) : resolve())),
    );

  return {
    mode: 'external',
    live: { publish: (topic, payload) => void publish(topic, payload, 1).catch(() => {}) },
    publishToDevices: publish,
    handleUpgrade: browsers.handleUpgrade,
    async start() {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          client.removeListener('connect', onConnect);
          reject(new Error(`Cannot reach the MQTT broker at MQTT_URL (${redact(deps.url)})`));
        }, CONNECT_TIMEOUT_MS);
        const onConnect = () => {
          clearTimeout(timer);
          resolve();
        };
        client.once('connect', onConnect);
        client.connect();
      });
      deps.logger.info(
        { url: redact(deps.url), clientId: deps.clientId },
        'connected to external MQTT broker',
      );
    },
    healthy: () => client.connected,
    tcpPort: () => null,
    async close() {
      // Stop receiving first; a message taken but not yet acknowledged comes again (and is a no-op).
      await client.endAsync(false);
      await deps.inbox.drain();
      await browsers.close();
    },
  };
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
