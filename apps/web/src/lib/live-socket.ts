import type { MqttToken } from '@portal/contract';
import type { MqttClient } from 'mqtt';

/** Spec 000 section 7: the message connection's keepalive is 5 s. */
export const KEEPALIVE_SECONDS = 5;
/** Spec 000 section 7: live messages are published with quality 2. */
const LIVE_QOS = 2;

export interface LiveSocketHandlers {
  onConnect(): void;
  onMessage(topic: string, payload: Uint8Array): void;
  /** Called once, when the connection ends or could not be opened. */
  onClose(): void;
}

/** One MQTT connection as the live client sees it; it never reconnects by itself. */
export interface LiveSocket {
  subscribe(filter: string): void;
  unsubscribe(filter: string): void;
  close(): void;
}

export type OpenLiveSocket = (
  url: string,
  credentials: MqttToken,
  handlers: LiveSocketHandlers,
) => Promise<LiveSocket>;

/**
 * Opens an mqtt.js connection; the LiveClient reconnects itself, with a fresh one-use token each time.
 * mqtt.js is loaded on first use, so the login page does not download it.
 */
export const openMqttSocket: OpenLiveSocket = async (url, credentials, handlers) => {
  const { default: mqtt } = await import('mqtt');
  const client: MqttClient = mqtt.connect(url, {
    username: credentials.username,
    password: credentials.token,
    clientId: credentials.clientId,
    keepalive: KEEPALIVE_SECONDS,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    clean: true,
  });
  let closed = false;
  client.on('connect', () => handlers.onConnect());
  client.on('message', (topic, payload) => handlers.onMessage(topic, payload));
  client.on('close', () => {
    if (closed) return;
    closed = true;
    handlers.onClose();
  });
  // A failed connect or a dropped socket also emits 'close', which is what the live client acts on.
  client.on('error', () => undefined);

  return {
    subscribe: (filter) =>
      client.subscribe(filter, { qos: LIVE_QOS }, (error, granted) => {
        if (error || granted?.some((grant) => grant.qos === 128))
          console.warn(`Live topic refused: ${filter}`);
      }),
    unsubscribe: (filter) => client.unsubscribe(filter),
    close: () => {
      closed = true;
      client.end(true);
    },
  };
};
