import {
  DEVICE_UPSTREAM_FILTER,
  deviceTopicMac,
  deviceUp,
  FLOW_CONTROL_TOPIC,
  LIVE_ROOT,
  MAC_PATTERN,
  sharedSubscription,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Database } from '../db/schema.ts';
import type { Meter } from '../lib/metrics.ts';
import type { DeviceIdentity } from '../lib/principal.ts';
import { type AedesDeps, createAedesBroker } from './aedes-broker.ts';
import { FlowControl, type FlowControlOptions, flowProbeTopic, isFlowProbe } from './flow-control.ts';
import type { Messaging } from './messaging.ts';
import { publishPacketBytes } from './packet-size.ts';
import { pipelineAcks } from './pipelined-acks.ts';
import { SessionTakeover } from './session-takeover.ts';

const IDENTITY_TTL_MS = 60_000;
const MAX_CACHED_IDENTITIES = 100_000;
/**
 * Reconnect attempts to a lost broker: 250 ms, then every second. No longer back-off: a broker that restarts
 * restores no shared subscription (Mosquitto 2.0), so until the portal is back, what gateways send has no
 * subscriber; the sooner it subscribes again, the less gateways must send again (docs/mqtt.md 2.3). A refused
 * TCP connection a second per connection costs a broker nothing.
 */
const FIRST_RECONNECT_MS = 250;
const RECONNECT_MS = 1000;
const CONNECT_TIMEOUT_MS = 30_000;
const BROKER_DROPPED_TOPIC = '$SYS/broker/publish/messages/dropped';
/** Pause before a connection holding messages that could not be stored is started again. */
const REDELIVER_AFTER_MS = 2_000;
/**
 * Room above MQTT_MAX_PACKET_BYTES in the maximum packet size the portal's connections announce: a delivery
 * carries the broker's framing (MQTT 5 properties), a little more than the gateway's own packet.
 */
const DELIVERY_FRAMING_BYTES = 1024;

export interface ExternalOptions extends AedesDeps {
  url: string;
  clientId: string;
  shareGroup: string;
  /** Connections taking device traffic. */
  consumers: number;
  /** Messages of one connection handled at once, none acknowledged before it is stored (MQTT_CONSUMER_IN_FLIGHT). */
  inFlightPerConsumer: number;
  /** Where instances record that they are alive, so that a dead one's broker sessions are taken over. */
  db?: Kysely<Database>;
  /** Application-level back-pressure (modules/flow-control); absent: none. */
  flowControl?: Pick<FlowControlOptions, 'highMs' | 'lowMs' | 'probeEveryMs'> & { validForSeconds?: number };
  meter?: Meter;
}

/**
 * The server as a client of an external broker (MQTT_URL). Device traffic arrives through a shared
 * subscription, so N portal instances (and the connections of each) process a message once; it is
 * acknowledged only after it is stored. Browsers still connect to this process's `/mqtt` (a local Aedes
 * under the same ACL), which relays the live channels every instance publishes on the external broker.
 */
export async function createExternalMessaging(deps: ExternalOptions): Promise<Messaging> {
  const browsers = await createAedesBroker(deps);
  const identities = new Map<string, { identity: DeviceIdentity | null; until: number }>();
  const identify = async (mac: string) => {
    if (!MAC_PATTERN.test(mac)) return null;
    const cached = identities.get(mac);
    if (cached && cached.until > Date.now()) return cached.identity;
    const identity = await deps.access.identifyDevice(mac);
    // Bounded whatever MACs the traffic names: expired entries go first, then everything.
    if (identities.size >= MAX_CACHED_IDENTITIES) {
      for (const [key, entry] of identities) if (entry.until <= Date.now()) identities.delete(key);
      if (identities.size >= MAX_CACHED_IDENTITIES) identities.clear();
    }
    identities.set(mac, { identity, until: Date.now() + IDENTITY_TTL_MS });
    return identity;
  };

  /**
   * Device traffic as the broker delivers it. The broker's own limits (docs/operations.md) should already
   * hold gateways to their topics and packet size; the portal checks again: a message above
   * MQTT_MAX_PACKET_BYTES is refused here (counted, logged, acknowledged), and the inbox refuses any topic the
   * protocol does not document and anything flagged retained. Much larger deliveries never reach it: its
   * connections announce a maximum packet size the broker must respect.
   */
  const takeDeviceMessage = async ({ topic, payload: body, retain, qos }: IPublishPacket) => {
    const payload = Buffer.isBuffer(body) ? body : Buffer.from(body);
    // A flow-control probe waited in the connection's queue behind device traffic: it measures the lag.
    if (isFlowProbe(topic)) return void flow?.onProbe(topic, payload);
    const mac = deviceTopicMac(topic) ?? upstreamTreeMac(topic);
    const device = mac && (await identify(mac));
    if (!device) {
      deps.logger.warn({ topic }, 'message from an unknown gateway dropped');
      return;
    }
    const size = publishPacketBytes(topic, payload.length);
    if (size > deps.maxPacketBytes) {
      deps.inbox.refuse(
        device,
        topic,
        `message of ${size} bytes above MQTT_MAX_PACKET_BYTES (${deps.maxPacketBytes})`,
        'too_large',
      );
      return;
    }
    try {
      // QoS 0: nothing is acknowledged late, so waiting for the gateway's rate would slow nobody down.
      await deps.inbox.handle(device, topic, payload, { retain, unpaced: qos === 0 });
    } catch (error) {
      // Not stored: a QoS 1 message is not acknowledged and comes again; a QoS 0 one never does, so say so.
      if (qos > 0) throw error;
      const reason = `not stored (${(error as Error).message}); QoS 0 is not delivered again`;
      return deps.inbox.refuse(device, topic, reason, 'not_stored');
    }
    flow?.noteStored(device.mac);
  };

  const relayToBrowsers = (topic: string, payload: Buffer) =>
    new Promise<void>((resolve) =>
      browsers.aedes.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, () =>
        resolve(),
      ),
    );

  // The consumer connections take device traffic only. The live channels (published and relayed) and the
  // flow-control message have a connection of their own: behind device messages waiting for their commit in a
  // consumer's window, live messages (one per stored batch and gateway) would pile up at the broker and hold
  // up that consumer's share of device traffic, and the probe with it.
  let flow: FlowControl | undefined;
  const consumerIds = Array.from({ length: deps.consumers }, (_, index) => `${deps.clientId}-${index}`);
  const clients = consumerIds.map((consumerId, index) => {
    const subscriptions: Record<string, { qos: 1 }> = {
      [sharedSubscription(DEVICE_UPSTREAM_FILTER, deps.shareGroup)]: { qos: 1 },
      // Onboarding progress is device traffic too: handled once, then relayed on live.onboarding.
      [sharedSubscription(deviceUp.onboardingStatus('+', '+'), deps.shareGroup)]: { qos: 1 },
    };
    // The connection's own probe topic (not shared): the probe queues behind the device traffic it was given.
    if (deps.flowControl) subscriptions[flowProbeTopic(consumerId)] = { qos: 1 };
    const client = connectConsumer(deps, consumerId, subscriptions, takeDeviceMessage);
    // Connection 0 carried the live channels before they had a connection of their own: its persistent
    // session may still hold that subscription.
    if (index === 0) client.on('connect', () => client.unsubscribe(`${LIVE_ROOT}/#`));
    return client;
  });
  const liveSubscriptions: Record<string, { qos: 0 | 1 }> = {
    [`${LIVE_ROOT}/#`]: { qos: 1 },
    // Mosquitto's count of messages it dropped at its queue limits (a QoS 0 flood no portal read in time).
    [BROKER_DROPPED_TOPIC]: { qos: 0 },
  };
  const brokerDrops = { total: 0, seen: null as number | null };
  deps.meter?.readings(
    'gauge',
    'portal_broker_dropped_messages',
    "Messages the external broker says it dropped at its queue limits (Mosquitto's $SYS count, any client)",
    () => [{ value: brokerDrops.total }],
  );
  // The flow-control message, whichever instance published it (renewed every probe period while slow).
  if (deps.flowControl) liveSubscriptions[FLOW_CONTROL_TOPIC] = { qos: 1 };
  const publisher = connectConsumer(
    deps,
    `${deps.clientId}-live`,
    liveSubscriptions,
    (packet) => {
      if (packet.topic === FLOW_CONTROL_TOPIC) {
        flow?.onFlowMessage(asBuffer(packet.payload));
        return Promise.resolve();
      }
      if (packet.topic === BROKER_DROPPED_TOPIC) {
        const total = Number(asBuffer(packet.payload).toString('utf8'));
        if (!Number.isFinite(total)) return Promise.resolve();
        // Logged when it grows; the first reading (and a broker restarted, counting from 0) is a baseline.
        if (brokerDrops.seen !== null && total > brokerDrops.seen)
          deps.logger.warn(
            { dropped: total - brokerDrops.seen, droppedSinceBrokerStart: total },
            'the MQTT broker dropped messages at its queue limits (max_queued_messages, max_queued_bytes)',
          );
        brokerDrops.seen = total;
        brokerDrops.total = total;
        return Promise.resolve();
      }
      if (!packet.topic.startsWith(`${LIVE_ROOT}/`)) return Promise.resolve();
      return relayToBrowsers(packet.topic, asBuffer(packet.payload));
    },
    false,
  );
  const connections = [...clients, publisher];
  flow =
    deps.flowControl &&
    new FlowControl({
      instanceId: deps.clientId,
      ...deps.flowControl,
      validForSeconds: deps.flowControl.validForSeconds ?? 30,
      connections: consumerIds,
      share: () => takeover?.deviceTrafficShare ?? 1,
      logger: deps.logger,
      meter: deps.meter,
      publish: (topic, payload, { expirySeconds }) =>
        new Promise<void>((resolve, reject) =>
          publisher.publish(
            topic,
            payload,
            {
              qos: 1,
              properties: expirySeconds > 0 ? { messageExpiryInterval: expirySeconds } : {},
            },
            (error) => (error ? reject(error) : resolve()),
          ),
        ),
    });
  // A dead instance's sessions keep their share of device traffic: another instance drains them.
  const takeover =
    deps.db &&
    new SessionTakeover({
      db: deps.db,
      url: deps.url,
      clientId: deps.clientId,
      consumers: deps.consumers,
      filters: [
        sharedSubscription(DEVICE_UPSTREAM_FILTER, deps.shareGroup),
        sharedSubscription(deviceUp.onboardingStatus('+', '+'), deps.shareGroup),
        `${LIVE_ROOT}/#`,
      ],
      handle: takeDeviceMessage,
      logger: deps.logger,
    });

  const publish = (topic: string, payload: unknown, qos: 0 | 1 | 2 = 1) =>
    new Promise<void>((resolve, reject) =>
      publisher.publish(topic, JSON.stringify(payload), { qos }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );

  return {
    mode: 'external',
    live: { publish: (topic, payload) => void publish(topic, payload, 1).catch(() => {}) },
    publishToDevices: publish,
    disconnectDevice(mac, reason = 'moved') {
      // The external broker holds the connection and MQTT gives a client no way to drop another one: the
      // gateway keeps its connection (and the broker's ACL) until it reconnects. Its traffic is attributed
      // to the new customer here once the cached identity is dropped (docs/operations.md). The broker also
      // authenticates gateways in this mode, so a rotated credential is the operator's to change there.
      identities.delete(mac);
      deps.logger.warn(
        { mac },
        reason === 'moved'
          ? 'gateway moved: the external broker cannot be told to disconnect it'
          : 'gateway credential rotated: the external broker cannot be told to disconnect it',
      );
    },
    handleUpgrade: browsers.handleUpgrade,
    async start() {
      await Promise.all(connections.map((client) => connectWithin(client, deps.url)));
      await takeover?.start();
      flow?.start();
      deps.logger.info(
        { url: redact(deps.url), clientId: deps.clientId, consumers: clients.length },
        'connected to external MQTT broker',
      );
    },
    healthy: () => connections.every((client) => client.connected),
    tcpPort: () => null,
    liveStats: browsers.liveStats,
    deviceTrafficShare: () => takeover?.deviceTrafficShare ?? 1,
    async close() {
      await flow?.stop();
      await takeover?.stop();
      // Stop receiving first; a message taken but not yet acknowledged comes again (and is a no-op).
      await Promise.all(connections.map((client) => client.endAsync(false)));
      await deps.inbox.drain();
      await browsers.close();
    },
  };
}

/**
 * One connection with a persistent session. A message's PUBACK is sent only when `handle` resolves; if it
 * rejects, no PUBACK is sent and the broker delivers the message again after a reconnect. Up to
 * `inFlightPerConsumer` messages are handled at once (pipelined-acks.ts).
 */
function connectConsumer(
  deps: ExternalOptions,
  clientId: string,
  subscriptions: Record<string, { qos: 0 | 1 }>,
  handle: (packet: IPublishPacket) => Promise<void>,
  /** false: a clean session that ends with the connection (the live channels: nothing to keep). */
  persistent = true,
): MqttClient {
  const client = mqtt.connect(deps.url, {
    clientId,
    protocolVersion: 5,
    clean: !persistent,
    properties: {
      sessionExpiryInterval: persistent ? 3600 : 0,
      maximumPacketSize: deps.maxPacketBytes + DELIVERY_FRAMING_BYTES,
      // The broker sends at most this many unacknowledged messages (pipelined-acks.ts holds the same bound).
      receiveMaximum: deps.inFlightPerConsumer,
    },
    reconnectPeriod: FIRST_RECONNECT_MS,
    resubscribe: false,
    connectTimeout: 10_000,
    manualConnect: true,
  });

  // A message not stored (the database away) stays unacknowledged in the broker's in-flight window, and the
  // broker sends it again only on a new connection: the connection is started again after a pause (and again
  // while storing fails), so nothing waits there for ever once the database is back.
  let redeliver: NodeJS.Timeout | null = null;
  let restarting = false;
  pipelineAcks(client, deps.inFlightPerConsumer, handle, (error, packet) => {
    deps.logger.error({ err: error, topic: packet.topic }, 'device message not stored; not acknowledged');
    redeliver ??= setTimeout(() => {
      redeliver = null;
      if (!client.connected || client.disconnecting) return;
      deps.logger.warn({ clientId }, 'reconnecting so that the broker delivers unstored messages again');
      restarting = true;
      client.stream.destroy();
    }, REDELIVER_AFTER_MS);
  });

  let lost = false;
  client.on('connect', () => {
    restarting = false;
    if (lost) deps.logger.info({ url: redact(deps.url), clientId }, 'MQTT broker is back');
    lost = false;
    client.options.reconnectPeriod = FIRST_RECONNECT_MS;
    // Subscribe on every connect, even when the broker says it kept the session: some brokers
    // (Mosquitto 2.0) do not restore shared subscriptions from persistence after a restart.
    client.subscribe(
      { ...subscriptions, resubscribe: true } as Parameters<typeof client.subscribe>[0],
      (error) => {
        if (error) deps.logger.error({ err: error }, 'MQTT subscribe failed');
      },
    );
  });
  client.on('close', () => {
    if (redeliver && client.disconnecting) clearTimeout(redeliver);
    if (!lost && !client.disconnecting && !restarting) {
      deps.logger.warn({ url: redact(deps.url), clientId }, 'MQTT broker lost; reconnecting');
    }
    if (!restarting) lost = true;
  });
  client.on('reconnect', () => {
    client.options.reconnectPeriod = RECONNECT_MS;
  });
  client.on('error', (error) => deps.logger.warn({ err: error, clientId }, 'MQTT client error'));
  return client;
}

function connectWithin(client: MqttClient, url: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.removeListener('connect', onConnect);
      client.end(true);
      reject(new Error(`Cannot reach the MQTT broker at MQTT_URL (${redact(url)})`));
    }, CONNECT_TIMEOUT_MS);
    const onConnect = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('connect', onConnect);
    client.connect();
  });
}

function asBuffer(payload: Buffer | string | Uint8Array): Buffer {
  return Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
}

/** The gateway of a topic in an upstream tree, `gateways/{mac}/send/...`, documented or not. */
function upstreamTreeMac(topic: string): string | null {
  const [root, mac, send] = topic.split('/');
  return root === 'gateways' && send === 'send' && mac ? mac : null;
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
